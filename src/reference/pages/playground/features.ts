// The library functions that land during this round. Each is one line: while a function is not on
// main it is `undefined` and the page leaves its feature out; once it is, replace that line by the
// re-export in the comment above it (nothing else changes).
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

// export { allocateDecimal } from '../../../amount/index.js';
/** The allocation, when payments-kit/amount has `allocateDecimal`. */
export const allocateDecimal: AllocateDecimal | undefined = undefined;
