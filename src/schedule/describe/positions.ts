/**
 * Lists of numbers as a description shows them: sorted, without repeats, runs of three or
 * more consecutive values written as one range, and too long a list said as a count.
 */

/** One shown item: a single value (`from === to`) or a range of consecutive values. */
export type ShownRange = { readonly from: number; readonly to: number };

/**
 * A list as shown: its items, or (when it would be longer than {@link MAX_SHOWN_ITEMS}) only
 * how many distinct values it has; `upTo` says that count may be more than the values that
 * name something real (a day 31 in April, day 1 and day -31 of a 31-day month).
 */
export type ShownList =
  | { readonly kind: 'items'; readonly items: readonly ShownRange[] }
  | { readonly kind: 'count'; readonly count: number; readonly upTo: boolean };

/** The most items (single values or ranges) a description lists before it says a count. */
export const MAX_SHOWN_ITEMS = 6;

/** The shortest run of consecutive values written as a range. */
const MIN_RUN = 3;

/**
 * Sorts positions the way people read them: first, second, ... then ... second to last, last
 * (positives ascending, then negatives ascending), without repeats.
 *
 * @example
 * readingOrder([-1, 15, 1, 15]) // [1, 15, -1]
 */
export function readingOrder(values: readonly number[]): number[] {
  const unique = [...new Set(values)];
  const positives = unique.filter((v) => v >= 0).sort((a, b) => a - b);
  const negatives = unique.filter((v) => v < 0).sort((a, b) => a - b);
  return [...positives, ...negatives];
}

/**
 * Groups runs of at least three consecutive non-negative values into ranges.
 *
 * @example
 * rangesOf([1, 10, 11, 12, -1]) // [{ from: 1, to: 1 }, { from: 10, to: 12 }, { from: -1, to: -1 }]
 */
export function rangesOf(ordered: readonly number[]): ShownRange[] {
  const out: ShownRange[] = [];
  let i = 0;
  while (i < ordered.length) {
    const from = ordered[i] as number;
    let j = i;
    while (from >= 0 && j + 1 < ordered.length && ordered[j + 1] === (ordered[j] as number) + 1) j++;
    if (j - i + 1 >= MIN_RUN) {
      out.push({ from, to: ordered[j] as number });
      i = j + 1;
    } else {
      out.push({ from, to: from });
      i++;
    }
  }
  return out;
}

/**
 * The shown form of a list of values. `certainBelow` is the largest magnitude that always
 * names something real (28 for days of the month, 365 for days of the year, 52 for weeks):
 * a count of values above it, or of values of both signs, is said as "up to".
 *
 * @example
 * shownList([1, 15, -1], 28) // { kind: 'items', items: [{ from: 1, to: 1 }, { from: 15, to: 15 }, { from: -1, to: -1 }] }
 * shownList([1, 3, 5, 7, 9, 11, 13], 28) // { kind: 'count', count: 7, upTo: false }
 */
export function shownList(values: readonly number[], certainBelow = Number.POSITIVE_INFINITY): ShownList {
  const ordered = readingOrder(values);
  const items = rangesOf(ordered);
  if (items.length <= MAX_SHOWN_ITEMS) return { kind: 'items', items };
  const mixedSigns = ordered.some((v) => v < 0) && ordered.some((v) => v >= 0);
  const upTo = mixedSigns || ordered.some((v) => Math.abs(v) > certainBelow);
  return { kind: 'count', count: ordered.length, upTo };
}
