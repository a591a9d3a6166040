/**
 * `payments-kit/relay/webhook`: effects posted as Standard Webhooks messages
 * (`createWebhookRelay`, a `deliver` function for `createEffectDispatcher`) and their
 * verification on the receiving side (`verifyWebhook`). Runtime-neutral: `fetch` and
 * `crypto.subtle` only, no dependency. See docs/storage.md.
 *
 * @packageDocumentation
 */
export { createWebhookRelay, DEFAULT_WEBHOOK_TIMEOUT_MS, type WebhookRelayOptions } from './relay.js';
export { verifyWebhook, DEFAULT_TOLERANCE_SECONDS, DEFAULT_MAX_WEBHOOK_BODY_BYTES, type VerifyWebhookOptions } from './verify.js';
export { WebhookDeliveryError, isWebhookDeliveryError } from './delivery-error.js';
export { WebhookVerificationError, isWebhookVerificationError, type WebhookRefusal } from './verification-error.js';
export { WEBHOOK_HEADERS, WEBHOOK_MESSAGES } from './messages.js';
export type { WebhookHeaders } from './headers.js';
export type { Relay, RelayContext, RelayEnvelope } from '../envelope.js';
