import * as v from 'valibot';
import {
  AmountError,
  type AmountDecimal,
  addDecimal,
  compareDecimal,
  sumDecimal,
  toAmountDecimal,
} from '../amount/index.js';
import { lineItemTotal } from '../invoice/index.js';
import type { LineItem } from '../schemas/index.js';
import { type RunTransfer, RunTransferSchema } from '../schemas/index.js';
import { summarizeIssues } from '../schemas/issue-summary.js';
import { type Result, err, ok } from '../shared/result.js';

/** Message for a line item that lacks the price or quantity its total needs. */
export const LINE_ITEM_TOTAL_FIELD_MESSAGE = 'is required when lineItems are given, to total them against amount';

/**
 * Message for an amount whose currency is not the run transfer's.
 *
 * @example
 * runTransferCurrencyMessage('salesTaxAmount', 'EUR', 'USD')
 * // 'salesTaxAmount.currency: EUR does not match amount.currency USD'
 */
export function runTransferCurrencyMessage(field: string, currency: string, expected: string): string {
  return `${field}.currency: ${currency} does not match amount.currency ${expected}`;
}

/**
 * Message for line items plus sales tax that do not add up to the amount.
 *
 * @example
 * runTransferTotalMessage({ currency: 'USD', valueDecimal: '10.005' }, { currency: 'USD', valueDecimal: '10.00' }, true)
 * // 'amount: lineItems total plus salesTaxAmount is 10.005 USD but amount is 10.00 USD; they must be equal'
 */
export function runTransferTotalMessage(expected: AmountDecimal, actual: AmountDecimal, withTax: boolean): string {
  const what = withTax ? 'lineItems total plus salesTaxAmount' : 'lineItems total';
  return `amount: ${what} is ${expected.valueDecimal} ${expected.currency} but amount is ${actual.valueDecimal} ${actual.currency}; they must be equal`;
}

const CONFIG = { abortPipeEarly: true } as const;

/**
 * Validates a RunTransfer (spec 2.5): every rule of `RunTransferSchema`, then
 * - currencies agree: `salesTaxAmount` and every line item's `basePrice` and option
 *   `priceModifier` are in `amount.currency`;
 * - when `lineItems` is given, each item has `basePrice` and `quantity` (and each option
 *   with a `priceModifier` a `quantity`), and the line totals (`lineItemTotal`) plus
 *   `salesTaxAmount` (zero when absent) equal `amount` exactly: `amount` is read in its
 *   currency's minor units (`toAmountDecimal`) and compared with no rounding, so a total
 *   with more decimals than the currency has never matches. An empty `items` list totals 0.
 * The error names the fields, and for a wrong total both amounts; several problems are
 * joined by `; `. Never throws.
 *
 * @example
 * validateRunTransfer({
 *   amount: { currency: 'USD', value: 1080 }, description: 'Rent', partnerAccountID: 'p1',
 *   source: { paymentMethodID: 'pm1' }, destination: { paymentMethodID: 'pm2' },
 *   lineItems: { items: [{ name: 'Rent', quantity: 1, basePrice: { currency: 'USD', valueDecimal: '10.00' } }] },
 *   salesTaxAmount: { currency: 'USD', value: 80 },
 * }) // { ok: true, value: { ... } }
 * // With amount.value 1081:
 * // { ok: false, error: 'amount: lineItems total plus salesTaxAmount is 10.80 USD but amount is 10.81 USD; they must be equal' }
 */
export function validateRunTransfer(rt: unknown): Result<RunTransfer, string> {
  const parsed = v.safeParse(RunTransferSchema, rt, CONFIG);
  if (!parsed.success) return err(summarizeIssues(parsed.issues));
  const transfer = parsed.output;
  const currencies = currencyProblems(transfer);
  if (currencies.length > 0) return err(currencies.join('; '));
  if (transfer.lineItems === undefined) return ok(transfer);
  const priced = pricedLineItems(transfer.lineItems.items);
  if (!priced.ok) return err(priced.error.join('; '));
  const totalProblem = totalMismatch(transfer, priced.value);
  return totalProblem === undefined ? ok(transfer) : err(totalProblem);
}

function currencyProblems(transfer: RunTransfer): string[] {
  const currency = transfer.amount.currency;
  const problems: string[] = [];
  const check = (field: string, amount: { readonly currency: string } | undefined): void => {
    if (amount !== undefined && amount.currency !== currency) {
      problems.push(runTransferCurrencyMessage(field, amount.currency, currency));
    }
  };
  check('salesTaxAmount', transfer.salesTaxAmount);
  transfer.lineItems?.items.forEach((item, i) => {
    check(`lineItems.items[${i}].basePrice`, item.basePrice);
    item.options?.forEach((option, j) => check(`lineItems.items[${i}].options[${j}].priceModifier`, option.priceModifier));
  });
  return problems;
}

type ScheduleLineItem = NonNullable<RunTransfer['lineItems']>['items'][number];

/**
 * The items in the invoice profile `lineItemTotal` takes, or the fields each lacks for its
 * total: `basePrice` and `quantity`, and `quantity` of an option with a `priceModifier`
 * (an option without a modifier adds nothing, so it is dropped).
 */
function pricedLineItems(items: readonly ScheduleLineItem[]): Result<LineItem[], string[]> {
  const problems: string[] = [];
  const priced: LineItem[] = [];
  items.forEach((item, i) => {
    const missing = (field: string): void => {
      problems.push(`lineItems.items[${i}].${field}: ${LINE_ITEM_TOTAL_FIELD_MESSAGE}`);
    };
    const options: LineItem['options'] = [];
    item.options?.forEach((option, j) => {
      if (option.priceModifier === undefined) return;
      if (option.quantity === undefined) missing(`options[${j}].quantity`);
      else options.push({ name: option.name ?? '', quantity: option.quantity, priceModifier: option.priceModifier });
    });
    if (item.basePrice === undefined) missing('basePrice');
    if (item.quantity === undefined) missing('quantity');
    if (item.basePrice !== undefined && item.quantity !== undefined) {
      priced.push({ name: item.name ?? '', basePrice: item.basePrice, quantity: item.quantity, options });
    }
  });
  return problems.length > 0 ? err(problems) : ok(priced);
}

/**
 * Message for line items given with an amount whose currency has no minor unit (XAU, XDR...):
 * minor units of such a currency are undefined, so no total can equal it.
 *
 * @example
 * noMinorUnitMessage('XAU') // 'amount.currency: XAU has no minor unit in ISO 4217, so lineItems cannot be totalled against amount'
 */
export function noMinorUnitMessage(currency: string): string {
  return `amount.currency: ${currency} has no minor unit in ISO 4217, so lineItems cannot be totalled against amount`;
}

/** Message prefix for a line total the exact arithmetic refuses (beyond the int64 range of 9-dp decimals). */
export const LINE_ITEMS_TOTAL_FAILED_MESSAGE = 'lineItems: the total cannot be computed exactly';

function totalMismatch(transfer: RunTransfer, items: readonly LineItem[]): string | undefined {
  try {
    return compareTotal(transfer, items);
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    if (error.code === 'unknown-currency') return noMinorUnitMessage(transfer.amount.currency);
    return `${LINE_ITEMS_TOTAL_FAILED_MESSAGE}: ${error.message}`;
  }
}

function compareTotal(transfer: RunTransfer, items: readonly LineItem[]): string | undefined {
  const lines = sumDecimal(items.map(lineItemTotal), transfer.amount.currency);
  const tax = transfer.salesTaxAmount;
  const expected = tax === undefined ? lines : addDecimal(lines, toAmountDecimal(tax));
  const actual = toAmountDecimal(transfer.amount);
  return compareDecimal(expected, actual) === 0 ? undefined : runTransferTotalMessage(expected, actual, tax !== undefined);
}
