/**
 * `payments-kit/relay/amqp`: effects published to RabbitMQ through an amqplib confirm channel
 * (`createAmqpRelay`, a `deliver` function for `createEffectDispatcher`). amqplib is an
 * optional peer dependency: this subpath does not import it, you pass the channel.
 * See docs/storage.md.
 *
 * @packageDocumentation
 */
export { createAmqpRelay, type AmqpRelayOptions } from './relay.js';
export { AMQP_MESSAGES } from './messages.js';
export type { AmqpConfirmChannelLike, AmqpChannelOption, AmqpPublishOptions, AmqpReturnedMessage } from './channel-like.js';
export type { Relay, RelayContext, RelayEnvelope } from '../envelope.js';
export type { RouteOption } from '../route.js';
