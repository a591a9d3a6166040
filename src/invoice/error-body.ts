import { FIELD_LIMITS, REQUEST_LIMITS } from '../limits/index.js';
import {
  ErrorBodyBuilder,
  type ErrorNode,
  type InvoiceUpdateErrorBody,
  type LineItemsErrors,
  elementKeys,
  isJsonObject,
} from '../schemas/index.js';
import type { CurrencyIssue } from './currency.js';
import {
  LINE_TOTAL_RANGE_MESSAGE,
  SUBTOTAL_RANGE_MESSAGE,
  TOTAL_RANGE_MESSAGE,
  currencyMismatchMessage,
} from './messages.js';
import type { TotalsOverflow } from './overflow.js';
import type { InvoiceUpdate } from './types.js';

type Node = Record<string, unknown>;

/** Sets an own enumerable property, so that a key such as `__proto__` stays a plain key. */
function defineOwn(node: Node, key: string, value: unknown): void {
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Adds the currency errors of `issues` to `body`, a 422 body (possibly the validator's), in
 * its shape: `currency` of the failing AmountDecimal gets the message. `items` are the
 * update's (raw or validated) line items, keyed by `elementKeys` as the validator keys
 * them. A field that already has an error keeps it, nothing is added under a field that
 * failed as a whole (a string), and the body holds at most `maxErrors` errors, then the
 * validator's truncation note. `body` is changed in place and returned.
 *
 * @example
 * addCurrencyErrors({ description: 'must be a string' }, [], [{ at: 'taxAmount', currency: 'EUR' }], 'USD', 20)
 * // { description: 'must be a string', taxAmount: { currency: 'must be in USD, the currency of the invoice (got EUR)' } }
 */
export function addCurrencyErrors(
  body: InvoiceUpdateErrorBody,
  items: readonly unknown[],
  issues: readonly CurrencyIssue[],
  currency: string,
  maxErrors: number = REQUEST_LIMITS.fieldErrors,
): InvoiceUpdateErrorBody {
  if (issues.length === 0) return body;
  const builder = new ErrorBodyBuilder(maxErrors, body as ErrorNode);
  const itemKeys = elementKeys(items, FIELD_LIMITS.lineItemName);
  const optionKeysByItem = new Map<number, string[]>();
  const optionKeys = (item: number): string[] => {
    let keys = optionKeysByItem.get(item);
    if (keys === undefined) {
      const element = items[item];
      const options = isJsonObject(element) && Object.hasOwn(element, 'options') ? element['options'] : undefined;
      keys = Array.isArray(options) ? elementKeys(options, FIELD_LIMITS.optionName) : [];
      optionKeysByItem.set(item, keys);
    }
    return keys;
  };
  const keyOf = (keys: readonly string[], index: number) => keys[index] ?? `[${index}]`;
  for (const issue of issues) {
    let path: string[];
    if (issue.at === 'taxAmount') path = ['taxAmount'];
    else {
      const itemPath = ['lineItems', 'items', keyOf(itemKeys, issue.item)];
      if (issue.at === 'basePrice') path = [...itemPath, 'basePrice'];
      else path = [...itemPath, 'options', keyOf(optionKeys(issue.item), issue.option), 'priceModifier'];
    }
    builder.add([...path, 'currency'], currencyMismatchMessage(currency, issue.currency));
  }
  return builder.finish() as InvoiceUpdateErrorBody;
}

/**
 * The 422 body for amounts of `update` that are not in the invoice's `currency`, in the
 * shape of the validator's body (spec 4.2): `currency` of the failing AmountDecimal gets the
 * message; items and options are keyed by name as the schemas module keys them.
 *
 * @example
 * currencyErrorBody({ taxAmount: { currency: 'EUR' } }, [{ at: 'taxAmount', currency: 'EUR' }], 'USD')
 * // { taxAmount: { currency: 'must be in USD, the currency of the invoice (got EUR)' } }
 */
export function currencyErrorBody(
  update: InvoiceUpdate,
  issues: readonly CurrencyIssue[],
  currency: string,
  maxErrors: number = REQUEST_LIMITS.fieldErrors,
): InvoiceUpdateErrorBody {
  return addCurrencyErrors({}, update.lineItems?.items ?? [], issues, currency, maxErrors);
}

/**
 * The 422 body for totals that fall out of range (2^63 in absolute value): the message goes
 * on the item whose line total does not fit, on `lineItems` for the subtotal, and for the
 * total on `lineItems` when the update carries them, else on `taxAmount.valueDecimal`.
 *
 * @example
 * rangeErrorBody(update, { at: 'subtotal' }) // { lineItems: 'subtotal must be less than ...' }
 */
export function rangeErrorBody(update: InvoiceUpdate, overflow: TotalsOverflow): InvoiceUpdateErrorBody {
  if (overflow.at === 'item') {
    const items: Node = {};
    const key = elementKeys(update.lineItems?.items ?? [])[overflow.item] ?? `[${overflow.item}]`;
    defineOwn(items, key, LINE_TOTAL_RANGE_MESSAGE);
    return { lineItems: { items } as LineItemsErrors };
  }
  if (overflow.at === 'subtotal') return { lineItems: SUBTOTAL_RANGE_MESSAGE };
  return update.lineItems === undefined ? { taxAmount: { valueDecimal: TOTAL_RANGE_MESSAGE } } : { lineItems: TOTAL_RANGE_MESSAGE };
}
