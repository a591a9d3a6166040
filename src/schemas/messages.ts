/** Message for a required field that is absent. */
export const REQUIRED_MESSAGE = 'is required';

/** Message for a value that must be a JSON object (not an array, not null). */
export const OBJECT_MESSAGE = 'must be a JSON object';

/** Message for a value that must be a JSON array. */
export const ARRAY_MESSAGE = 'must be an array';

/** Message for a value that must be a string. */
export const STRING_MESSAGE = 'must be a string';

/** Message for a value that must be a boolean. */
export const BOOLEAN_MESSAGE = 'must be a boolean';

/** Message for a value that must be an int32 JSON number. */
export const INT32_MESSAGE = 'must be an integer from -2147483648 to 2147483647';

/**
 * Message for an int64 amount that is not a safe integer: a JSON number beyond
 * 2^53 - 1 has already lost its precision when it was parsed, so it is refused.
 */
export const INT64_MESSAGE =
  'must be an integer from -9007199254740991 to 9007199254740991 (a larger JSON number has already lost precision)';

/** Message for a currency that is not a code of the ISO 4217 table. */
export const CURRENCY_MESSAGE = 'must be a 3-letter ISO 4217 currency code';

/** Message for a link that is not an absolute URL. */
export const URL_MESSAGE = 'must be an absolute URL';

/** Message for a schedule that has neither an occurrence nor a recur. */
export const SCHEDULE_PLAN_MESSAGE = 'a schedule needs at least one occurrence or a recur';

/** Message for an invoice whose `totalAmount` is not `subtotalAmount + taxAmount`. */
export const INVOICE_TOTAL_MESSAGE = 'must equal subtotalAmount + taxAmount, in the same currency';

/** The `error` of a 400 answer when the request body is not a JSON object. */
export const BODY_NOT_OBJECT_MESSAGE = 'request body must be a JSON object';

/**
 * Message for a value outside an enumeration.
 *
 * @example
 * oneOfMessage(['sandbox', 'production']) // 'must be one of: sandbox, production'
 */
export function oneOfMessage(options: readonly string[]): string {
  return `must be one of: ${options.join(', ')}`;
}

/** Every fixed message of this module, by name (enumeration and text-length messages are built). */
export const SCHEMA_MESSAGES = /* @__PURE__ */ Object.freeze({
  required: REQUIRED_MESSAGE,
  object: OBJECT_MESSAGE,
  array: ARRAY_MESSAGE,
  string: STRING_MESSAGE,
  boolean: BOOLEAN_MESSAGE,
  int32: INT32_MESSAGE,
  int64: INT64_MESSAGE,
  currency: CURRENCY_MESSAGE,
  url: URL_MESSAGE,
  schedulePlan: SCHEDULE_PLAN_MESSAGE,
  invoiceTotal: INVOICE_TOTAL_MESSAGE,
  bodyNotObject: BODY_NOT_OBJECT_MESSAGE,
} as const);
