import type { DeliverableEffect } from '../../http/effects/index.js';
import { throwIfAborted, untilAborted } from '../abort.js';
import { type Relay, type RelayContext, encodeEnvelope } from '../envelope.js';
import { type RouteOption, checkRouteOption, routeOf } from '../route.js';
import type { JetStreamPublisherLike, NatsPublishOptions } from './jetstream-like.js';
import { NATS_MESSAGES } from './messages.js';
import { type KnownOptions, checkOptionKeys } from '../../shared/known-options.js';

/** Options of {@link createNatsRelay}. */
export type NatsRelayOptions = {
  /** A nats JetStream client (`connection.jetstream()`). */
  readonly jetstream: JetStreamPublisherLike;
  /** The subject, fixed or per effect; default the effect's `type` (`invoice.finalized`). A stream must capture it. */
  readonly subject?: RouteOption;
  /** How long to wait for the PubAck; default nats' own (5 000 ms). */
  readonly timeoutMs?: number;
  /** When set, the server refuses the message unless this stream captures it (nats' `expect.streamName`). */
  readonly stream?: string;
};

const encoder = new TextEncoder();
const MAX_TIMEOUT_MS = 2_147_483_647;

/** Every key of {@link NatsRelayOptions}: `createNatsRelay` refuses any other. */
const NATS_RELAY_OPTION_KEYS = { jetstream: true, subject: true, timeoutMs: true, stream: true } as const satisfies KnownOptions<NatsRelayOptions>;

/**
 * A `deliver` function that publishes each effect to NATS JetStream and resolves on the
 * stream's PubAck (the message is stored), with `msgID` = the effect ID: a retry after a lost
 * PubAck is dropped by the stream as a duplicate inside its duplicate window (default 2
 * minutes) and acknowledged, so the stream holds each effect once. The subject is the effect
 * type unless `subject` says otherwise; the body is the JSON envelope. No stream for the
 * subject, a timeout or a server that is down make it throw, so the dispatcher keeps the
 * effect and retries it. The package does not import nats; you pass the JetStream client.
 *
 * @example
 * import { connect } from 'nats';
 * const nc = await connect({ servers: '127.0.0.1:4222', maxReconnectAttempts: -1 });
 * createEffectDispatcher({ store, deliver: createNatsRelay({ jetstream: nc.jetstream(), subject: (e) => `billing.${e.type}` }) }).start();
 */
export function createNatsRelay(options: NatsRelayOptions): Relay {
  if (options === null || typeof options !== 'object' || typeof options.jetstream?.publish !== 'function') throw new TypeError(NATS_MESSAGES.jetstream);
  checkOptionKeys(options, NATS_RELAY_OPTION_KEYS, 'createNatsRelay');
  checkRouteOption(options.subject, NATS_MESSAGES.subject);
  const { timeoutMs, stream, jetstream } = options;
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS)) throw new TypeError(NATS_MESSAGES.timeout);
  if (stream !== undefined && (typeof stream !== 'string' || stream === '')) throw new TypeError(NATS_MESSAGES.stream);

  return async (effect: DeliverableEffect, context: RelayContext): Promise<void> => {
    throwIfAborted(context.signal);
    const subject = routeOf(options.subject, effect, NATS_MESSAGES.subject);
    const publishOptions: NatsPublishOptions = {
      msgID: effect.effectID,
      ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }),
      ...(stream === undefined ? {} : { expect: { streamName: stream } }),
    };
    await untilAborted(jetstream.publish(subject, encoder.encode(encodeEnvelope(effect, context)), publishOptions), context.signal);
  };
}
