/** The publish options the AMQP relay sets (a subset of amqplib's `Options.Publish`). */
export type AmqpPublishOptions = {
  readonly persistent: boolean;
  readonly mandatory: boolean;
  readonly messageId: string;
  readonly contentType: string;
  readonly type: string;
  readonly timestamp: number;
  readonly appId: string;
  readonly headers: Readonly<Record<string, string>>;
};

/** A message RabbitMQ returned as unroutable (amqplib's `return` event), as far as the relay reads it. */
export type AmqpReturnedMessage = { readonly properties: { readonly messageId?: string | undefined } };

/**
 * What the AMQP relay needs of an amqplib `ConfirmChannel` (`connection.createConfirmChannel()`):
 * publish with a confirm callback, and its events. The package does not import amqplib; any
 * object of this shape works.
 */
export type AmqpConfirmChannelLike = {
  publish(exchange: string, routingKey: string, content: Buffer, options: AmqpPublishOptions, callback: (error: unknown) => void): boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
};

/** A confirm channel, or a function giving the current one (called again after a channel closed). */
export type AmqpChannelOption = AmqpConfirmChannelLike | (() => AmqpConfirmChannelLike | Promise<AmqpConfirmChannelLike>);
