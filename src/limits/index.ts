/**
 * `payments-kit/limits`: the field-limit table of spec section 8 as data, and a length
 * that counts Unicode code points.
 *
 * @packageDocumentation
 */
export { FIELD_LIMITS, type FieldLimit, type FieldLimitName } from './field-limits.js';
export { hasLoneSurrogate, textLength } from './text-length.js';
export {
  LONE_SURROGATE_MESSAGE,
  checkTextLength,
  tooLongMessage,
  tooShortMessage,
} from './check-text-length.js';
export {
  REQUEST_LIMITS,
  resolveRequestLimits,
  tooManyMessage,
  type RequestLimits,
  type RequestLimitName,
} from './request-limits.js';
