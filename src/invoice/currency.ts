import type { InvoiceUpdate } from './types.js';

/** Where an amount of an update disagrees with the invoice's currency, and what it holds. */
export type CurrencyIssue =
  | { readonly at: 'taxAmount'; readonly currency: string }
  | { readonly at: 'basePrice'; readonly item: number; readonly currency: string }
  | { readonly at: 'priceModifier'; readonly item: number; readonly option: number; readonly currency: string };

/**
 * Every amount in `update` whose currency is not `currency` (the invoice's): the tax
 * currency, each item's base price and each option's price modifier. Empty when all agree.
 *
 * @example
 * currencyIssues({ taxAmount: { currency: 'EUR' } }, 'USD') // [{ at: 'taxAmount', currency: 'EUR' }]
 */
export function currencyIssues(update: InvoiceUpdate, currency: string): CurrencyIssue[] {
  const issues: CurrencyIssue[] = [];
  const taxCurrency = update.taxAmount?.currency;
  if (taxCurrency !== undefined && taxCurrency !== currency) issues.push({ at: 'taxAmount', currency: taxCurrency });
  update.lineItems?.items.forEach((item, i) => {
    if (item.basePrice.currency !== currency) {
      issues.push({ at: 'basePrice', item: i, currency: item.basePrice.currency });
    }
    item.options?.forEach((option, j) => {
      const modifier = option.priceModifier;
      if (modifier !== undefined && modifier.currency !== currency) {
        issues.push({ at: 'priceModifier', item: i, option: j, currency: modifier.currency });
      }
    });
  });
  return issues;
}
