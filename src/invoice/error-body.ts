import {
  type AmountDecimalErrors,
  type InvoiceUpdateErrorBody,
  type LineItemErrors,
  type LineItemOptionErrors,
  type LineItemsErrors,
  elementKeys,
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

/** An own enumerable property, so that a key such as `__proto__` stays a plain key. */
function child(node: Node, key: string): Node {
  if (Object.hasOwn(node, key)) return node[key] as Node;
  const value: Node = {};
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
  return value;
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
  const body: Node = {};
  const items = update.lineItems?.items ?? [];
  const itemKeys = elementKeys(items);
  for (const issue of issues) {
    const amountErrors: AmountDecimalErrors = { currency: currencyMismatchMessage(currency, issue.currency) };
    if (issue.at === 'taxAmount') {
      body['taxAmount'] = amountErrors;
      continue;
    }
    const itemNode = child(child(child(body, 'lineItems'), 'items'), itemKeys[issue.item] ?? `[${issue.item}]`) as LineItemErrors & Node;
    if (issue.at === 'basePrice') {
      itemNode.basePrice = amountErrors;
      continue;
    }
    const optionKeys = elementKeys(items[issue.item]?.options ?? []);
    const optionNode = child(child(itemNode, 'options'), optionKeys[issue.option] ?? `[${issue.option}]`) as LineItemOptionErrors & Node;
    optionNode.priceModifier = amountErrors;
  }
  return body as InvoiceUpdateErrorBody;
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
    Object.defineProperty(items, key, { value: LINE_TOTAL_RANGE_MESSAGE, enumerable: true, writable: true, configurable: true });
    return { lineItems: { items } as LineItemsErrors };
  }
  if (overflow.at === 'subtotal') return { lineItems: SUBTOTAL_RANGE_MESSAGE };
  return update.lineItems === undefined ? { taxAmount: { valueDecimal: TOTAL_RANGE_MESSAGE } } : { lineItems: TOTAL_RANGE_MESSAGE };
}
