// The library functions that landed during round 3, one line each: while a function was not on main
// its line read `export const name: Type | undefined = undefined` and the page left its feature out;
// once it landed, the line became the re-export below (nothing else changes). The types say what
// the page calls them with.
import type { AmountDecimal } from '../../../amount/index.js';

/** `describeRecurrence` of payments-kit/schedule: the rule in words. */
export type DescribeRecurrence = (
  recur: { readonly recurrenceRule: string; readonly start?: string },
  options: { readonly locale?: string; readonly timeZone?: string },
) => string;

/** `allocateDecimal` of payments-kit/amount: an amount split by ratios (decimal strings), the parts summing exactly to it. */
export type AllocateDecimal = (amount: AmountDecimal, ratios: readonly string[]) => readonly AmountDecimal[];

/** The rule in words (`describeRecurrence` of payments-kit/schedule, on main since issue 24). */
export { describeRecurrence } from '../../../schedule/index.js';

/** The allocation (`allocateDecimal` of payments-kit/amount, on main since issue 24). */
export { allocateDecimal } from '../../../amount/index.js';
