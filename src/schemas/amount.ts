import { CurrencyCodeSchema } from './currency.js';
import { jsonObject } from './json-object.js';
import { Int64Schema } from './numbers.js';

/** Amount in integer minor units (spec 2.1): `currency` and a safe-integer `value`. */
export const AmountSchema = jsonObject({ currency: CurrencyCodeSchema, value: Int64Schema });

/** The explicit type of what {@link AmountSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { AmountBody } from './shapes/amount.js';
