import { type InvoiceUpdateErrorBody, type LineItemsErrors, elementKeys, isJsonObject } from '../schemas/index.js';
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
 * The object under `key`, created when absent; undefined when `key` already holds a string
 * (that field failed as a whole, so nothing is added inside it).
 */
function child(node: Node, key: string): Node | undefined {
  if (!Object.hasOwn(node, key)) {
    const value: Node = {};
    defineOwn(node, key, value);
    return value;
  }
  const existing = node[key];
  return typeof existing === 'object' && existing !== null ? (existing as Node) : undefined;
}

/** Follows (and creates) `path` from `node`; undefined when a string is on the way. */
function descend(node: Node | undefined, path: readonly string[]): Node | undefined {
  let current = node;
  for (const key of path) {
    if (current === undefined) return undefined;
    current = child(current, key);
  }
  return current;
}

/**
 * Adds the currency errors of `issues` to `body`, a 422 body (possibly the validator's), in
 * its shape: `currency` of the failing AmountDecimal gets the message. `items` are the
 * update's (raw or validated) line items, keyed by `elementKeys` as the validator keys
 * them. A field that already has an error keeps it, and nothing is added under a field
 * that failed as a whole (a string). `body` is changed in place and returned.
 *
 * @example
 * addCurrencyErrors({ description: 'must be a string' }, [], [{ at: 'taxAmount', currency: 'EUR' }], 'USD')
 * // { description: 'must be a string', taxAmount: { currency: 'must be in USD, the currency of the invoice (got EUR)' } }
 */
export function addCurrencyErrors(
  body: InvoiceUpdateErrorBody,
  items: readonly unknown[],
  issues: readonly CurrencyIssue[],
  currency: string,
): InvoiceUpdateErrorBody {
  const root = body as Node;
  const itemKeys = elementKeys(items);
  const keyOf = (keys: readonly string[], index: number) => keys[index] ?? `[${index}]`;
  for (const issue of issues) {
    let amountPath: string[];
    if (issue.at === 'taxAmount') amountPath = ['taxAmount'];
    else {
      const itemPath = ['lineItems', 'items', keyOf(itemKeys, issue.item)];
      if (issue.at === 'basePrice') amountPath = [...itemPath, 'basePrice'];
      else {
        const item = items[issue.item];
        const options = isJsonObject(item) && Object.hasOwn(item, 'options') && Array.isArray(item['options']) ? (item['options'] as unknown[]) : [];
        amountPath = [...itemPath, 'options', keyOf(elementKeys(options), issue.option), 'priceModifier'];
      }
    }
    const amount = descend(root, amountPath);
    if (amount !== undefined && !Object.hasOwn(amount, 'currency')) {
      defineOwn(amount, 'currency', currencyMismatchMessage(currency, issue.currency));
    }
  }
  return body;
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
): InvoiceUpdateErrorBody {
  return addCurrencyErrors({}, update.lineItems?.items ?? [], issues, currency);
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
