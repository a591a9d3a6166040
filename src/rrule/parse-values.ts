import { type Result, err, ok } from '../shared/result.js';
import { RRULE_MESSAGES as M } from './messages.js';
import { WEEKDAYS, type Weekday, type WeekdayNum } from './types.js';

const INTEGER = /^[+-]?\d{1,9}$/;
const UNSIGNED = /^\d{1,10}$/;

/** A signed or unsigned integer list item in `[min, max]`, zero excluded when `nonZero`. */
export type IntegerRange = { min: number; max: number; nonZero: boolean; label: string };

/** Integer ranges of the BYxxx parts, per RFC 5545 3.3.10. */
export const BY_RANGES = {
  BYSECOND: { min: 0, max: 60, nonZero: false, label: 'from 0 to 60' },
  BYMINUTE: { min: 0, max: 59, nonZero: false, label: 'from 0 to 59' },
  BYHOUR: { min: 0, max: 23, nonZero: false, label: 'from 0 to 23' },
  BYMONTHDAY: { min: -31, max: 31, nonZero: true, label: 'from 1 to 31 or -31 to -1' },
  BYYEARDAY: { min: -366, max: 366, nonZero: true, label: 'from 1 to 366 or -366 to -1' },
  BYWEEKNO: { min: -53, max: 53, nonZero: true, label: 'from 1 to 53 or -53 to -1' },
  BYMONTH: { min: 1, max: 12, nonZero: false, label: 'from 1 to 12' },
  BYSETPOS: { min: -366, max: 366, nonZero: true, label: 'from 1 to 366 or -366 to -1' },
} as const satisfies Record<string, IntegerRange>;

/**
 * Parses a comma list of integers of one BYxxx part.
 *
 * @example
 * parseIntegerList('BYHOUR', '9,17') // { ok: true, value: [9, 17] }
 */
export function parseIntegerList(name: keyof typeof BY_RANGES, value: string): Result<number[], string> {
  const range: IntegerRange = BY_RANGES[name];
  const items = value.split(',');
  const out: number[] = [];
  for (const item of items) {
    if (item === '') return err(value === '' ? M.emptyList(name) : M.listItem(name, item, range.label));
    // Unsigned parts (BYSECOND, BYMINUTE, BYHOUR, BYMONTH) take no sign in RFC 5545's grammar.
    const signed = range.min < 0;
    if (!(signed ? INTEGER : UNSIGNED).test(item)) return err(M.listItem(name, item, range.label));
    const n = Number(item);
    if (n < range.min || n > range.max || (range.nonZero && n === 0)) return err(M.listItem(name, item, range.label));
    out.push(n);
  }
  return ok(out);
}

/**
 * Parses a positive integer (COUNT, INTERVAL) no larger than `max`; `undefined` when invalid.
 *
 * @example
 * parsePositive('12', 100) // 12
 */
export function parsePositive(value: string, max: number): number | undefined {
  if (!UNSIGNED.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
}

const BYDAY_ITEM = /^([+-]?)(\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;

/**
 * Parses a BYDAY list such as `MO,WE` or `1MO,-1FR` (ordinals -53..-1 and 1..53).
 *
 * @example
 * parseByDay('-1FR') // { ok: true, value: [{ weekday: 'FR', ordinal: -1 }] }
 */
export function parseByDay(value: string): Result<WeekdayNum[], string> {
  if (value === '') return err(M.emptyList('BYDAY'));
  const out: WeekdayNum[] = [];
  for (const item of value.split(',')) {
    const m = BYDAY_ITEM.exec(item);
    if (m === null) return err(M.byDayItem(item));
    const [, sign, digits, day] = m;
    const weekday = day as Weekday;
    if (digits === undefined) {
      if (sign !== '') return err(M.byDayItem(item));
      out.push({ weekday });
      continue;
    }
    const n = Number(digits);
    if (n < 1 || n > 53) return err(M.byDayItem(item));
    out.push({ weekday, ordinal: sign === '-' ? -n : n });
  }
  return ok(out);
}

/**
 * True when `value` is a weekday code.
 *
 * @example
 * isWeekday('SU') // true
 */
export function isWeekday(value: string): value is Weekday {
  return (WEEKDAYS as readonly string[]).includes(value);
}

const UNTIL_UTC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/**
 * Parses UNTIL as an RFC 5545 UTC date-time (`YYYYMMDDTHHMMSSZ`). A DATE or a floating
 * date-time is refused: DTSTART (recur.start) is always an instant. A leap second (:60)
 * is refused as well, since the engine has no leap seconds.
 *
 * @example
 * parseUntil('20261231T235959Z') // 2026-12-31T23:59:59.000Z
 */
export function parseUntil(value: string): Date | undefined {
  const m = UNTIL_UTC.exec(value);
  if (m === null) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59 || y < 1) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, 0);
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return date;
}
