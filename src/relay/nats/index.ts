/**
 * `payments-kit/relay/nats`: effects published to NATS JetStream with the effect ID as
 * `msgID` (`createNatsRelay`, a `deliver` function for `createEffectDispatcher`). nats is an
 * optional peer dependency: this subpath does not import it, you pass the JetStream client.
 * See docs/storage.md.
 *
 * @packageDocumentation
 */
export { createNatsRelay, type NatsRelayOptions } from './relay.js';
export { NATS_MESSAGES } from './messages.js';
export type { JetStreamPublisherLike, NatsPublishOptions, NatsPubAck } from './jetstream-like.js';
export type { Relay, RelayContext, RelayEnvelope } from '../envelope.js';
export type { RouteOption } from '../route.js';
