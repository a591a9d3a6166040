import * as v from 'valibot';
import { checkDecimalString } from '../amount/index.js';
import { FIELD_LIMITS } from '../limits/index.js';
import { STRING_MESSAGE } from './messages.js';

/**
 * JSON Schema pattern for the shape of a decimal string: optional minus, digits, and at
 * most 9 decimals. The magnitude bound of `checkDecimalString` is not in the pattern. Made by
 * a pure call, so that a bundle that never reads it leaves the limit's property read out.
 */
export const DECIMAL_STRING_PATTERN = /* @__PURE__ */ (() => `^-?[0-9]+(?:\\.[0-9]{1,${FIELD_LIMITS.decimalPlaces.max}})?$`)();

/**
 * A decimal-formatted numeric string of at most 9 decimal places (spec 2.2), checked by
 * `checkDecimalString` of payments-kit/amount; its message is reported unchanged. Its JSON
 * Schema keywords are in `json-schema.ts` (`leafKeywords`), not carried as metadata.
 */
export const DecimalStringSchema = v.pipe(
  v.string(STRING_MESSAGE),
  v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const message = checkDecimalString(dataset.value);
    if (message !== undefined) addIssue({ message });
  }),
);
