// The library functions the playground shows, one line each, so that the page's script names
// every feature it takes from the library in one place: a line that reads
// `export const name: Type | undefined = undefined` leaves that feature out of the page (nothing
// else changes). The types say what the page calls them with.
import type { AmountDecimal } from '../../../amount/index.js';

/** `describeRecurrence` of payments-kit/schedule: the rule in words. */
export type DescribeRecurrence = (
  recur: { readonly recurrenceRule: string; readonly start?: string },
  options: { readonly locale?: string; readonly timeZone?: string },
) => string;

/** `allocateDecimal` of payments-kit/amount: an amount split by ratios (decimal strings), the parts summing exactly to it. */
export type AllocateDecimal = (amount: AmountDecimal, ratios: readonly string[]) => readonly AmountDecimal[];

/** The rule in words (`describeRecurrence` of payments-kit/schedule). */
export { describeRecurrence } from '../../../schedule/index.js';

/** The allocation (`allocateDecimal` of payments-kit/amount). */
export { allocateDecimal } from '../../../amount/index.js';
