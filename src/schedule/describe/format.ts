import type { TimeOfDay } from './model.js';
import type { ShownRange } from './positions.js';

/**
 * Joins words as a list: `a`, `a and b`, `a, b and c` (with the language's `and`/`or` and
 * separator).
 *
 * @example
 * joinWords(['Monday', 'Wednesday', 'Friday'], ' and ') // 'Monday, Wednesday and Friday'
 */
export function joinWords(items: readonly string[], last: string, separator = ', '): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(separator)}${last}${items.at(-1) ?? ''}`;
}

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * A 24-hour clock time, `HH:MM`, or `HH:MM:SS` when `withSeconds`.
 *
 * @example
 * clockOf({ hour: 9, minute: 0, second: 30 }, true) // '09:00:30'
 */
export function clockOf(time: TimeOfDay, withSeconds: boolean): string {
  const hm = `${two(time.hour)}:${two(time.minute)}`;
  return withSeconds ? `${hm}:${two(time.second)}` : hm;
}

/**
 * A clock time with seconds only when they are not zero.
 *
 * @example
 * shortClockOf({ hour: 19, minute: 0, second: 0 }) // '19:00'
 */
export function shortClockOf(time: TimeOfDay): string {
  return clockOf(time, time.second !== 0);
}

/**
 * Renders shown items: a single value with `single`, a range with `range` of the two ends.
 *
 * @example
 * shownItems([{ from: 1, to: 1 }, { from: 9, to: 16 }], String, (a, b) => `${a} to ${b}`) // ['1', '9 to 16']
 */
export function shownItems(
  items: readonly ShownRange[],
  single: (value: number) => string,
  range: (from: string, to: string) => string,
): string[] {
  return items.map((r) => (r.from === r.to ? single(r.from) : range(single(r.from), single(r.to))));
}

/**
 * Whether shown items stand for more than one value (for singular or plural nouns).
 *
 * @example
 * isPlural([{ from: 9, to: 16 }]) // true
 */
export function isPlural(items: readonly ShownRange[]): boolean {
  return items.length > 1 || items.some((r) => r.from !== r.to);
}

/** Monday to Friday, exactly: said as "weekdays" where a language has the word. */
export function isMondayToFriday(days: readonly string[]): boolean {
  return days.length === 5 && ['MO', 'TU', 'WE', 'TH', 'FR'].every((d, i) => days[i] === d);
}
