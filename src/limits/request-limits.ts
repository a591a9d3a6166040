/**
 * Count limits the spec leaves open (spec 2.3, 2.4 and 4.2 set no maximum), as data next to
 * {@link FIELD_LIMITS}: every request path (the valibot schemas, the fast validators, the
 * currency check of `applyInvoiceUpdate`) takes them from here or from a host's override,
 * so one change changes every path. Each default is listed in docs/limits.md ("Rules the spec leaves open").
 */
export type RequestLimits = {
  /** Most `lineItems.items` of an invoice update. */
  readonly lineItems: number;
  /** Most `options` of one line item. */
  readonly optionsPerItem: number;
  /** Most `images` of one line item. */
  readonly imagesPerItem: number;
  /** Most `images` of one line-item option. */
  readonly imagesPerOption: number;
  /** Most field errors one error body reports; the rest are summed up in one truncation note. */
  readonly fieldErrors: number;
};

/**
 * The default {@link RequestLimits}.
 *
 * @example
 * REQUEST_LIMITS.lineItems    // 250
 * REQUEST_LIMITS.fieldErrors  // 20
 */
export const REQUEST_LIMITS: RequestLimits = Object.freeze({
  lineItems: 250,
  optionsPerItem: 25,
  imagesPerItem: 10,
  imagesPerOption: 5,
  fieldErrors: 20,
});

/** The name of one entry of {@link REQUEST_LIMITS}. */
export type RequestLimitName = keyof RequestLimits;

/**
 * Fills a partial override with the defaults and checks it: every limit must be a positive
 * safe integer (a host's typo must not turn a limit off). Throws a `RangeError` otherwise.
 *
 * @example
 * resolveRequestLimits({ lineItems: 1000 }).lineItems // 1000
 * resolveRequestLimits({}) === REQUEST_LIMITS         // true
 */
export function resolveRequestLimits(override: Partial<RequestLimits> = {}): RequestLimits {
  const names = Object.keys(override) as RequestLimitName[];
  if (names.length === 0) return REQUEST_LIMITS;
  const resolved: Record<RequestLimitName, number> = { ...REQUEST_LIMITS };
  for (const name of names) {
    if (!Object.hasOwn(REQUEST_LIMITS, name)) throw new RangeError(`unknown request limit "${String(name)}"`);
    const value = override[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`request limit ${name} must be a positive safe integer, got ${String(value)}`);
    }
    resolved[name] = value;
  }
  return Object.freeze(resolved);
}

/**
 * Message for an array longer than its count limit.
 *
 * @example
 * tooManyMessage(250, 'items') // 'must have at most 250 items'
 */
export function tooManyMessage(max: number, noun: string): string {
  return `must have at most ${max} ${noun}`;
}
