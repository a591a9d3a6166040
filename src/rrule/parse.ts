import { type Result, err, ok } from '../shared/result.js';
import { RRULE_MESSAGES as M } from './messages.js';
import { BY_RANGES, isWeekday, parseByDay, parseIntegerList, parsePositive, parseUntil } from './parse-values.js';
import { FREQUENCIES, type Frequency, MAX_COUNT, MAX_INTERVAL, MAX_RULE_LENGTH, type RecurrenceRule, SKIP_MODES, type SkipMode } from './types.js';
import { checkRuleCombinations } from './validate.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The rule part names the parser accepts (RFC 5545 3.3.10 and RFC 7529), as data. */
export const PART_NAMES = [
  'FREQ',
  'UNTIL',
  'COUNT',
  'INTERVAL',
  'BYSECOND',
  'BYMINUTE',
  'BYHOUR',
  'BYDAY',
  'BYMONTHDAY',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
  'RSCALE',
  'SKIP',
] as const;
type PartName = (typeof PART_NAMES)[number];

const LIST_FIELDS = {
  BYSECOND: 'bySecond',
  BYMINUTE: 'byMinute',
  BYHOUR: 'byHour',
  BYMONTHDAY: 'byMonthDay',
  BYYEARDAY: 'byYearDay',
  BYWEEKNO: 'byWeekNo',
  BYMONTH: 'byMonth',
  BYSETPOS: 'bySetPos',
} as const satisfies Record<keyof typeof BY_RANGES, keyof RecurrenceRule>;

/** Printable ASCII only (U+0020 to U+007E); RRULE names and values are all ASCII. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function isPartName(name: string): name is PartName {
  return (PART_NAMES as readonly string[]).includes(name);
}

/**
 * Parses an RRULE value (RFC 5545 section 3.3.10), with or without the `RRULE:` prefix,
 * and enforces every validity rule of the RFC: FREQ required; each part at most once;
 * COUNT and UNTIL not both; ranges of every BYxxx part; numbered BYDAY only with MONTHLY
 * or YEARLY (and not YEARLY with BYWEEKNO); BYMONTHDAY not with WEEKLY; BYYEARDAY not with
 * DAILY, WEEKLY or MONTHLY; BYWEEKNO only with YEARLY; BYSETPOS only with another BYxxx.
 * Names and values are case-insensitive (RFC 5545 section 3.1); parts may come in any
 * order; unknown parts are refused. RFC 7529's `RSCALE=GREGORIAN` and `SKIP=OMIT|BACKWARD|FORWARD`
 * are accepted (other RSCALE values are refused; SKIP without RSCALE is refused, as RFC 7529
 * 4.1 requires; BACKWARD/FORWARD only with MONTHLY or YEARLY). Only printable ASCII is accepted, checked before case
 * folding (so `DAıLY` with a dotless i is not read as `DAILY`). UNTIL must be UTC (`...Z`), COUNT at most 100,000.
 * The error names the part and the rule it breaks.
 *
 * @example
 * parseRecurrenceRule('RRULE:FREQ=MONTHLY;BYMONTHDAY=-1')
 * // { ok: true, value: { freq: 'MONTHLY', interval: 1, byMonthDay: [-1], wkst: 'MO' } }
 * parseRecurrenceRule('FREQ=MONTHLY;BYWEEKNO=1')
 * // { ok: false, error: 'BYWEEKNO is only allowed with FREQ=YEARLY' }
 */
export function parseRecurrenceRule(text: string): Result<RecurrenceRule, string> {
  if (typeof text !== 'string') return err(M.notString);
  if (text.length > MAX_RULE_LENGTH) return err(M.tooLong(MAX_RULE_LENGTH));
  // Before any case folding: toUpperCase maps 'ı' to 'I' and 'ſ' to 'S'.
  if (!PRINTABLE_ASCII.test(text)) return err(M.notAscii);
  const body = text.toUpperCase().startsWith('RRULE:') ? text.slice(6) : text;
  if (body === '') return err(M.empty);
  const seen = new Set<PartName>();
  const rule: Partial<Mutable<RecurrenceRule>> = {};
  for (const part of body.split(';')) {
    if (part === '') return err(M.emptyPart);
    const eq = part.indexOf('=');
    if (eq <= 0) return err(M.malformedPart(part));
    const name = part.slice(0, eq).toUpperCase();
    const value = part.slice(eq + 1).toUpperCase();
    if (!isPartName(name)) return err(M.unknownPart(part.slice(0, eq)));
    if (seen.has(name)) return err(M.duplicatePart(name));
    seen.add(name);
    const problem = readPart(rule, name, value);
    if (problem !== undefined) return err(problem);
  }
  if (rule.freq === undefined) return err(M.freqRequired);
  const complete: RecurrenceRule = { ...rule, freq: rule.freq, interval: rule.interval ?? 1, wkst: rule.wkst ?? 'MO' };
  const problem = checkRuleCombinations(complete);
  return problem === undefined ? ok(complete) : err(problem);
}

function readPart(rule: Partial<Mutable<RecurrenceRule>>, name: PartName, value: string): string | undefined {
  switch (name) {
    case 'FREQ':
      if (!(FREQUENCIES as readonly string[]).includes(value)) return M.freqValue(value);
      rule.freq = value as Frequency;
      return undefined;
    case 'COUNT': {
      const n = parsePositive(value, MAX_COUNT);
      if (n === undefined) return M.count(value, MAX_COUNT);
      rule.count = n;
      return undefined;
    }
    case 'INTERVAL': {
      const n = parsePositive(value, MAX_INTERVAL);
      if (n === undefined) return M.interval(value, MAX_INTERVAL);
      rule.interval = n;
      return undefined;
    }
    case 'UNTIL': {
      const until = parseUntil(value);
      if (until === undefined) return M.until(value);
      rule.until = until;
      return undefined;
    }
    case 'WKST':
      if (!isWeekday(value)) return M.wkst(value);
      rule.wkst = value;
      return undefined;
    case 'RSCALE':
      if (value !== 'GREGORIAN') return M.rscale(value);
      rule.rscale = value;
      return undefined;
    case 'SKIP':
      if (!(SKIP_MODES as readonly string[]).includes(value)) return M.skip(value);
      rule.skip = value as SkipMode;
      return undefined;
    case 'BYDAY': {
      const days = parseByDay(value);
      if (!days.ok) return days.error;
      rule.byDay = days.value;
      return undefined;
    }
    default: {
      const list = parseIntegerList(name, value);
      if (!list.ok) return list.error;
      rule[LIST_FIELDS[name]] = list.value;
      return undefined;
    }
  }
}
