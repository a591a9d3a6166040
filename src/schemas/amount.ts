import type * as v from 'valibot';
import { CurrencyCodeSchema } from './currency.js';
import { jsonObject } from './json-object.js';
import { Int64Schema } from './numbers.js';

/** Amount in integer minor units (spec 2.1): `currency` and a safe-integer `value`. */
export const AmountSchema = jsonObject({ currency: CurrencyCodeSchema, value: Int64Schema });

/** An amount in integer minor units, as validated by {@link AmountSchema}. */
export type AmountBody = v.InferOutput<typeof AmountSchema>;
