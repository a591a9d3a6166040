import * as v from 'valibot';
import { INT32_MAX, INT32_MIN } from './int32.js';
import { INT32_MESSAGE, INT64_MESSAGE } from './messages.js';

export { INT32_MAX, INT32_MIN };

/** An `integer int32` JSON number (spec 2.4 quantities). */
export const Int32Schema = v.pipe(
  v.number(INT32_MESSAGE),
  v.integer(INT32_MESSAGE),
  v.minValue(INT32_MIN, INT32_MESSAGE),
  v.maxValue(INT32_MAX, INT32_MESSAGE),
);

/**
 * An `integer int64` JSON number (spec 2.1 `value`), limited to the safe-integer range:
 * a JSON number outside it was already rounded by the parser, so it is refused.
 */
export const Int64Schema = v.pipe(v.number(INT64_MESSAGE), v.safeInteger(INT64_MESSAGE));
