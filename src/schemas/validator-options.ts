import { REQUEST_LIMITS, type RequestLimits } from '../limits/index.js';

/** Options of the per-operation validators. */
export type ValidatorOptions = {
  /** The count limits to apply (build them with `resolveRequestLimits`); default {@link REQUEST_LIMITS}. */
  readonly limits?: RequestLimits;
};

/**
 * A lookup of the schema built for a limits object: the default schema for
 * {@link REQUEST_LIMITS}, others built once per limits object and kept while it lives.
 *
 * @example
 * const schemaFor = schemaPerLimits(invoiceUpdateSchema, InvoiceUpdateSchema);
 * schemaFor(REQUEST_LIMITS) === InvoiceUpdateSchema // true
 */
/* @__NO_SIDE_EFFECTS__ */
export function schemaPerLimits<TSchema>(build: (limits: RequestLimits) => TSchema, defaultSchema: TSchema) {
  const built = new WeakMap<RequestLimits, TSchema>();
  return (limits: RequestLimits = REQUEST_LIMITS): TSchema => {
    if (limits === REQUEST_LIMITS) return defaultSchema;
    let schema = built.get(limits);
    if (schema === undefined) {
      schema = build(limits);
      built.set(limits, schema);
    }
    return schema;
  };
}
