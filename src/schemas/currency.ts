import * as v from 'valibot';
import { isCurrencyCode } from '../amount/index.js';
import { CURRENCY_MESSAGE, STRING_MESSAGE } from './messages.js';

/**
 * A currency code of our ISO 4217 table (spec 2.1, 2.2), checked by `isCurrencyCode` of
 * payments-kit/amount; in JSON Schema, the table's codes as an `enum` (`leafKeywords` in
 * `json-schema.ts`).
 */
export const CurrencyCodeSchema = v.pipe(
  v.string(STRING_MESSAGE),
  v.check(isCurrencyCode, CURRENCY_MESSAGE),
);
