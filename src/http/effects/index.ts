/**
 * Effects: the transactional outbox's delivery side. `createEffectDispatcher` delivers what
 * the store's outbox holds, at least once, with retries and backoff.
 *
 * @packageDocumentation
 */
export {
  createEffectDispatcher,
  DEFAULT_MAX_ATTEMPTS,
  DISPATCHER_MESSAGES,
  type EffectDispatcher,
  type EffectDispatcherOptions,
  type DeliverableEffect,
  type DeliveryContext,
  type DispatchErrorContext,
} from './dispatcher.js';
export { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './backoff.js';
export { DUPLICATE_EFFECT_MESSAGE } from '../store/memory-outbox.js';
export { DEAD_LETTER_MESSAGES, MAX_DEAD_PAGE } from '../store/dead-letters.js';
