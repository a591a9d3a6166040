/** The options the NATS relay passes to `JetStreamClient.publish` (a subset of nats' `JetStreamPublishOptions`). */
export type NatsPublishOptions = {
  readonly msgID: string;
  readonly timeout?: number;
  readonly expect?: { readonly streamName: string };
};

/** The PubAck as far as the relay reads it. */
export type NatsPubAck = { readonly stream: string; readonly seq: number; readonly duplicate: boolean };

/**
 * What the NATS relay needs of a nats `JetStreamClient` (`connection.jetstream()`): publish,
 * resolving with the stream's PubAck. The package does not import nats; any object of this shape works.
 */
export type JetStreamPublisherLike = {
  publish(subject: string, payload: Uint8Array, options: NatsPublishOptions): Promise<NatsPubAck>;
};
