import type { DeliverableEffect } from '../../http/effects/index.js';
import { throwIfAborted, untilAborted } from '../abort.js';
import { type Relay, type RelayContext, encodeEnvelope } from '../envelope.js';
import { type RouteOption, checkRouteOption, routeOf } from '../route.js';
import type { AmqpChannelOption, AmqpConfirmChannelLike, AmqpPublishOptions } from './channel-like.js';
import { type ChannelSource, channelSource } from './channel-source.js';
import { AMQP_MESSAGES } from './messages.js';
import { type KnownOptions, checkOptionKeys } from '../../shared/known-options.js';

/** Options of {@link createAmqpRelay}. */
export type AmqpRelayOptions = {
  /** An amqplib confirm channel, or a function returning the current one (asked again after a channel closed). */
  readonly channel: AmqpChannelOption;
  /** The exchange to publish to; default `''` (the default exchange: the routing key names the queue). */
  readonly exchange?: string;
  /** The routing key, fixed or per effect; default the effect's `type` (`invoice.finalized`). */
  readonly routingKey?: RouteOption;
  /**
   * Publish as `mandatory` (default true): a message no queue is bound for comes back and the
   * delivery fails (retried), rather than being confirmed and dropped.
   */
  readonly mandatory?: boolean;
};

function isChannelOption(value: unknown): value is AmqpChannelOption {
  if (typeof value === 'function') return true;
  return typeof value === 'object' && value !== null && typeof (value as { publish?: unknown }).publish === 'function' && typeof (value as { on?: unknown }).on === 'function';
}

/** Publishes one message and resolves on the broker's confirm (ack), rejects on a nack, a return or a closed channel. */
function publishConfirmed(
  source: ChannelSource,
  channel: AmqpConfirmChannelLike,
  target: { exchange: string; routingKey: string },
  content: Buffer,
  options: AmqpPublishOptions,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    try {
      channel.publish(target.exchange, target.routingKey, content, options, (error) => {
        // A return comes before the ack of the same message (AMQP 0-9-1, publisher confirms).
        const returned = source.takeReturned(channel, options.messageId);
        if (error !== null && error !== undefined) reject(error instanceof Error ? error : new Error(AMQP_MESSAGES.nacked(options.messageId)));
        else if (returned) reject(new Error(AMQP_MESSAGES.unroutable(options.messageId, target.exchange, target.routingKey)));
        else resolve();
      });
    } catch (error) {
      // amqplib throws at once on a closed channel: forget it, the retry asks for a new one.
      source.drop(channel);
      reject(error);
    }
  });
}

/** Every key of {@link AmqpRelayOptions}: `createAmqpRelay` refuses any other. */
const AMQP_RELAY_OPTION_KEYS = { channel: true, exchange: true, routingKey: true, mandatory: true } as const satisfies KnownOptions<AmqpRelayOptions>;

/**
 * A `deliver` function that publishes each effect to RabbitMQ through an amqplib confirm
 * channel and resolves only once the broker confirmed it (so the outbox marks it delivered
 * only when RabbitMQ has taken responsibility for it): a persistent message (`deliveryMode`
 * 2) with `messageId` = the effect ID (consumers de-duplicate on it; a retry after a lost
 * confirm sends the same ID), `type` = the effect type, `contentType: application/json`, the
 * JSON envelope as body, and the routing key from the effect type unless `routingKey` says
 * otherwise. A nack, an unroutable return (with `mandatory`, the default), a closed channel
 * or a broker that is down make it throw, so the dispatcher keeps the effect and retries it.
 * The package does not import amqplib; you pass the channel.
 *
 * @example
 * import amqplib from 'amqplib';
 * const connection = await amqplib.connect('amqp://127.0.0.1', { recovery: true });
 * const deliver = createAmqpRelay({ channel: () => connection.createConfirmChannel(), exchange: 'billing' });
 * createEffectDispatcher({ store, deliver }).start();
 */
export function createAmqpRelay(options: AmqpRelayOptions): Relay {
  if (options === null || typeof options !== 'object' || !isChannelOption(options.channel)) throw new TypeError(AMQP_MESSAGES.channel);
  checkOptionKeys(options, AMQP_RELAY_OPTION_KEYS, 'createAmqpRelay');
  const exchange = options.exchange ?? '';
  if (typeof exchange !== 'string') throw new TypeError(AMQP_MESSAGES.exchange);
  checkRouteOption(options.routingKey, AMQP_MESSAGES.routingKey);
  const mandatory = options.mandatory ?? true;
  const source = channelSource(options.channel);

  return async (effect: DeliverableEffect, context: RelayContext): Promise<void> => {
    throwIfAborted(context.signal);
    const routingKey = routeOf(options.routingKey, effect, AMQP_MESSAGES.routingKey);
    const content = Buffer.from(encodeEnvelope(effect, context), 'utf8');
    const publishOptions: AmqpPublishOptions = {
      persistent: true,
      mandatory,
      messageId: effect.effectID,
      contentType: 'application/json',
      type: effect.type,
      timestamp: Math.floor(Date.now() / 1000),
      appId: 'payments-kit',
      headers: { 'x-account-id': context.accountID, 'x-request-id': context.requestId },
    };
    const channel = await untilAborted(source.get(), context.signal);
    await untilAborted(publishConfirmed(source, channel, { exchange, routingKey }, content, publishOptions), context.signal);
  };
}
