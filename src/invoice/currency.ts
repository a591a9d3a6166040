import { isCurrencyCode } from '../amount/index.js';
import { REQUEST_LIMITS, type RequestLimits } from '../limits/index.js';
import { isJsonObject } from '../schemas/index.js';
import type { InvoiceUpdate } from './types.js';

/** Where an amount of an update disagrees with the invoice's currency, and what it holds. */
export type CurrencyIssue =
  | { readonly at: 'taxAmount'; readonly currency: string }
  | { readonly at: 'basePrice'; readonly item: number; readonly currency: string }
  | { readonly at: 'priceModifier'; readonly item: number; readonly option: number; readonly currency: string };

/**
 * Every amount in `update` whose currency is not `currency` (the invoice's): the tax
 * currency, each item's base price and each option's price modifier. Empty when all agree.
 * `update` is a validated update, so its arrays already passed the count limits the host
 * validated it with: every element is looked at, whatever those limits were (a
 * default limit here would hide the mismatches of a valid 260-item update under a host's 300).
 *
 * @example
 * currencyIssues({ taxAmount: { currency: 'EUR' } }, 'USD') // [{ at: 'taxAmount', currency: 'EUR' }]
 */
export function currencyIssues(update: InvoiceUpdate, currency: string): CurrencyIssue[] {
  return collectCurrencyIssues(update, currency, VALIDATED_COUNTS);
}

/** The most elements of each array the currency walk looks at; longer arrays are skipped whole. */
type CountLimits = Pick<RequestLimits, 'lineItems' | 'optionsPerItem'>;

/** No count limit: the arrays of a validated update are within the limits it was validated with. */
const VALIDATED_COUNTS: CountLimits = Object.freeze({ lineItems: Number.POSITIVE_INFINITY, optionsPerItem: Number.POSITIVE_INFINITY });

/** `value[key]` when it is an own property, so `__proto__` and inherited names are never read. */
function own(value: unknown, key: string): unknown {
  return isJsonObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/**
 * The elements of `value[key]` when that is an array of at most `max` elements, else none
 * (a longer array already failed validation as a whole, so nothing inside it is reported).
 */
function ownArray(value: unknown, key: string, max: number): readonly unknown[] {
  const found = own(value, key);
  return Array.isArray(found) && found.length <= max ? found : [];
}

/** The currency of an AmountDecimal-shaped value when it is a code of our table and not `expected`. */
function mismatch(amount: unknown, expected: string): string | undefined {
  const code = own(amount, 'currency');
  return typeof code === 'string' && isCurrencyCode(code) && code !== expected ? code : undefined;
}

/**
 * The currency mismatches of a raw, not yet validated update body: every `currency` that is
 * a valid ISO 4217 code of our table but not `currency`, found on the parts that have the
 * expected shape (objects, arrays within `limits`); malformed parts are skipped, never thrown on. Used to
 * report currency errors next to the validator's field errors in one 422 body.
 *
 * @example
 * bodyCurrencyIssues({ description: 5, taxAmount: { currency: 'EUR' } }, 'USD') // [{ at: 'taxAmount', currency: 'EUR' }]
 * bodyCurrencyIssues({ taxAmount: { currency: 'eur' } }, 'USD')                 // [] (not a code: the validator reports it)
 */
export function bodyCurrencyIssues(body: unknown, currency: string, limits: RequestLimits = REQUEST_LIMITS): CurrencyIssue[] {
  return collectCurrencyIssues(body, currency, limits);
}

/**
 * The one walk of both functions above. `counts` has no default, so no caller can fall back
 * to `REQUEST_LIMITS` by forgetting to pass the host's limits.
 */
function collectCurrencyIssues(body: unknown, currency: string, counts: CountLimits): CurrencyIssue[] {
  const issues: CurrencyIssue[] = [];
  const taxCurrency = mismatch(own(body, 'taxAmount'), currency);
  if (taxCurrency !== undefined) issues.push({ at: 'taxAmount', currency: taxCurrency });
  const items = ownArray(own(body, 'lineItems'), 'items', counts.lineItems);
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i];
    const baseCurrency = mismatch(own(item, 'basePrice'), currency);
    if (baseCurrency !== undefined) issues.push({ at: 'basePrice', item: i, currency: baseCurrency });
    const options = ownArray(item, 'options', counts.optionsPerItem);
    for (let j = 0; j < options.length; j += 1) {
      const modifierCurrency = mismatch(own(options[j], 'priceModifier'), currency);
      if (modifierCurrency !== undefined) {
        issues.push({ at: 'priceModifier', item: i, option: j, currency: modifierCurrency });
      }
    }
  }
  return issues;
}
