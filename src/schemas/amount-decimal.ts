import * as v from 'valibot';
import { CurrencyCodeSchema } from './currency.js';
import { DecimalStringSchema } from './decimal-string.js';
import { jsonObject } from './json-object.js';

/** AmountDecimal (spec 2.2): `currency` and a decimal string of at most 9 places. */
export const AmountDecimalSchema = jsonObject({ currency: CurrencyCodeSchema, valueDecimal: DecimalStringSchema });

/** The `taxAmount` of an invoice update (spec 2.2, 4.2): an AmountDecimal with both fields optional. */
export const AmountDecimalUpdateSchema = jsonObject({
  currency: v.optional(CurrencyCodeSchema),
  valueDecimal: v.optional(DecimalStringSchema),
});

/** An AmountDecimal, as validated by {@link AmountDecimalSchema}. */
export type AmountDecimalBody = v.InferOutput<typeof AmountDecimalSchema>;
