import type { REQUEST_LIMITS, RequestLimits } from '../limits/index.js';

/** Options of the per-operation validators. */
export type ValidatorOptions = {
  /** The count limits to apply (build them with `resolveRequestLimits`); default {@link REQUEST_LIMITS}. */
  readonly limits?: RequestLimits;
};
