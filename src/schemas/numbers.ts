import * as v from 'valibot';
import { INT32_MAX, INT32_MIN, isInt32 } from './int32.js';
import { INT32_MESSAGE, INT64_MESSAGE } from './messages.js';

export { INT32_MAX, INT32_MIN };

/**
 * An `integer int32` JSON number (spec 2.4 quantities). One `custom` schema with the JSON
 * Schema keywords as metadata, rather than valibot's number, integer, minValue and maxValue:
 * the same rule, message and JSON Schema in a smaller bundle (170 B min+gzip of the invoice
 * schema).
 */
export const Int32Schema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.custom<number>(isInt32, INT32_MESSAGE),
  /* @__PURE__ */ v.metadata({ type: 'integer', minimum: INT32_MIN, maximum: INT32_MAX }),
);

/**
 * An `integer int64` JSON number (spec 2.1 `value`), limited to the safe-integer range:
 * a JSON number outside it was already rounded by the parser, so it is refused.
 */
export const Int64Schema = /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.number(INT64_MESSAGE), /* @__PURE__ */ v.safeInteger(INT64_MESSAGE));
