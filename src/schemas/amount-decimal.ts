import * as v from 'valibot';
import { CurrencyCodeSchema } from './currency.js';
import { DecimalStringSchema } from './decimal-string.js';
import { OPEN_KIND, type ObjectKind } from './object-kind.js';

/**
 * AmountDecimal (spec 2.2) built with the objects of `kind`: `currency` and a decimal
 * string of at most 9 places.
 *
 * @example
 * amountDecimalSchema(OPEN_KIND) // the response form, same as AmountDecimalSchema
 */
/* @__NO_SIDE_EFFECTS__ */
export function amountDecimalSchema(kind: ObjectKind) {
  return kind.object({ currency: CurrencyCodeSchema, valueDecimal: DecimalStringSchema });
}

/**
 * The `taxAmount` of an invoice update (spec 2.2, 4.2) built with the objects of `kind`: an
 * AmountDecimal with both fields optional.
 *
 * @example
 * amountDecimalUpdateSchema(closedKind(REQUEST_LIMITS))
 */
/* @__NO_SIDE_EFFECTS__ */
export function amountDecimalUpdateSchema(kind: ObjectKind) {
  return kind.object({ currency: v.optional(CurrencyCodeSchema), valueDecimal: v.optional(DecimalStringSchema) });
}

/** AmountDecimal (spec 2.2): `currency` and a decimal string of at most 9 places. */
export const AmountDecimalSchema = amountDecimalSchema(OPEN_KIND);

/** The `taxAmount` of an invoice update, with unknown fields ignored (see `InvoiceUpdateSchema` for the request form). */
export const AmountDecimalUpdateSchema = amountDecimalUpdateSchema(OPEN_KIND);

/** The explicit type of what {@link AmountDecimalSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { AmountDecimalBody } from './shapes/amount.js';
