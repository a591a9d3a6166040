import { parseDateTime } from '../shared/rfc3339.js';
import { EngineRun, type EngineStop, LAST_INSTANT_MS, MAX_IDLE_WORK } from './engine.js';
import { RECURRENCE_MESSAGES as M, RecurrenceError } from './errors.js';
import type { RecurrenceRule } from './types.js';
import { instantOfLocalMs, instantOfLocalMsShifted, isTimeZone, localMsOf } from './zone.js';

/** The most occurrences one expansion returns, and the largest `limit` accepted. */
export const MAX_OCCURRENCES = 100_000;

const TWO_DAYS = 2 * 86_400;
/** 0001-01-01T00:00:00Z, the first instant RFC 3339 can write. */
const FIRST_INSTANT_MS = -62_135_596_800_000;

/** Options of {@link expandRecurrence}: `from` inclusive, `to` exclusive. */
export type ExpandOptions = {
  readonly from?: Date | string | undefined;
  readonly to?: Date | string | undefined;
  readonly limit?: number | undefined;
  /** IANA zone whose wall clock the rule follows; default `'UTC'`. */
  readonly timeZone?: string | undefined;
  /**
   * What an instance whose local time does not exist (a DST gap) becomes: `'shift'` (default)
   * reads it with the UTC offset before the gap, so 02:30 on the New York spring-forward day
   * runs at 03:30 EDT (RFC 5545 3.3.5); `'omit'` leaves it out and does not count it (RFC 5545
   * 3.3.10's "MUST be ignored").
   */
  readonly nonexistentLocalTime?: NonexistentLocalTime | undefined;
};

/** How an instance in a DST gap is treated: moved forward by the gap, or left out. */
export type NonexistentLocalTime = 'shift' | 'omit';

/** The values of {@link NonexistentLocalTime}, as data. */
export const NONEXISTENT_LOCAL_TIMES: readonly NonexistentLocalTime[] = Object.freeze(['shift', 'omit']);

/**
 * Checks `nonexistentLocalTime` (`undefined` means `'shift'`), throwing the `invalid-option`
 * {@link RecurrenceError} for anything else.
 *
 * @example
 * resolveNonexistentLocalTime(undefined) // 'shift'
 */
export function resolveNonexistentLocalTime(value: unknown): NonexistentLocalTime {
  if (value === undefined) return 'shift';
  if (!NONEXISTENT_LOCAL_TIMES.includes(value as NonexistentLocalTime)) {
    throw new RecurrenceError('invalid-option', M.invalidOption('nonexistentLocalTime', NONEXISTENT_LOCAL_TIMES, value));
  }
  return value as NonexistentLocalTime;
}

/**
 * A floating time below which no candidate can fall at or after the instant `ms`: `ms` plus
 * the smallest offset seen at `ms`, a day and two days later (exact when at most one offset
 * change falls in those two days; the candidate's instant is checked again anyway).
 */
function lowestFloating(ms: number, floatingOf: (ms: number) => number): number {
  const seconds = Math.floor(ms / 1000);
  const offsets = [0, 1, 2].map((d) => floatingOf(ms + d * 86_400_000) - (seconds + d * 86_400));
  return seconds + Math.min(...offsets);
}

export function toInstant(value: Date | string, name: 'from' | 'to' | 'start'): number {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isFinite(ms)) return ms;
    throw boundError(name, 'must be a valid Date');
  }
  if (typeof value !== 'string') throw boundError(name, 'must be a Date or an RFC 3339 date-time string');
  const parsed = parseDateTime(value);
  if (!parsed.ok) throw boundError(name, parsed.error);
  return parsed.value.getTime();
}

export function boundError(name: 'from' | 'to' | 'start', detail: string): RecurrenceError {
  return name === 'start'
    ? new RecurrenceError('invalid-start', M.invalidStart(detail))
    : new RecurrenceError('invalid-window', M.invalidBound(name, detail));
}

/** The bounds of {@link ExpandOptions}, checked: `from`/`to` as ms since the epoch. */
export type ResolvedWindow = {
  readonly fromMs: number | undefined;
  readonly toMs: number | undefined;
  readonly limit: number | undefined;
};

/**
 * Checks the `from`, `to` and `limit` of {@link ExpandOptions} (not the time zone: see
 * {@link resolveTimeZone}), throwing the {@link RecurrenceError} `expandRecurrence` throws:
 * `invalid-window` for a bound that is not a valid Date or RFC 3339 date-time or for `from`
 * after `to`, `invalid-limit` for a limit that is not an integer from 0 to
 * {@link MAX_OCCURRENCES}.
 *
 * @example
 * resolveWindow({ from: '2026-01-01T00:00:00Z', limit: 3 }) // { fromMs: 1767225600000, toMs: undefined, limit: 3 }
 */
export function resolveWindow(options: ExpandOptions): ResolvedWindow {
  const fromMs = options.from === undefined ? undefined : toInstant(options.from, 'from');
  const toMs = options.to === undefined ? undefined : toInstant(options.to, 'to');
  if (fromMs !== undefined && toMs !== undefined && fromMs > toMs) {
    throw new RecurrenceError('invalid-window', M.fromAfterTo);
  }
  const limit = options.limit;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0 || limit > MAX_OCCURRENCES)) {
    throw new RecurrenceError('invalid-limit', M.invalidLimit(MAX_OCCURRENCES));
  }
  return { fromMs, toMs, limit };
}

/**
 * Checks the `timeZone` of {@link ExpandOptions} (`undefined` means `'UTC'`), throwing the
 * `invalid-time-zone` {@link RecurrenceError} for anything but an IANA name known to Intl.
 *
 * @example
 * resolveTimeZone('Europe/Paris') // 'Europe/Paris'
 * resolveTimeZone('Mars/Olympus') // throws RecurrenceError('invalid-time-zone')
 */
export function resolveTimeZone(timeZone: unknown = 'UTC'): string {
  if (typeof timeZone !== 'string' || !isTimeZone(timeZone)) {
    throw new RecurrenceError('invalid-time-zone', M.invalidTimeZone(String(timeZone)));
  }
  return timeZone;
}

/**
 * Expands a recurrence into instants (ms since the epoch), ascending. Same contract as
 * {@link expandRecurrence}, for callers that want a parsed rule and plain instants.
 *
 * @example
 * expandRule(rule, new Date('2026-01-05T09:00:00Z'), { limit: 3 }) // [Date, Date, Date]
 */
export function expandRule(rule: RecurrenceRule, start: Date, options: ExpandOptions = {}): Date[] {
  return ruleInstantList(rule, start, options).map((ms) => new Date(ms));
}

/**
 * {@link expandRule}'s instants as ms since the epoch, ascending, in one array: the same
 * checks, bounds and errors, without a Date or an iterator step per instant.
 *
 * @example
 * ruleInstantList(daily, new Date('2026-01-05T09:00:00Z'), { limit: 2 }) // [1767603600000, 1767690000000]
 */
export function ruleInstantList(rule: RecurrenceRule, start: Date, options: ExpandOptions = {}): number[] {
  const run = startExpansion(rule, start, options);
  const instants = run.drain([]);
  refuseIncomplete(run.stop);
  return instants;
}

/**
 * {@link expandRule} as a lazy iterator of instants (ms since the epoch), ascending: the
 * input is checked at once (the same errors, thrown by this call), and each instant is
 * computed when it is pulled, so taking the first few of an endless rule costs only those.
 * The bounds are `expandRule`'s: a rule with neither COUNT nor UNTIL needs a `to` or a
 * `limit`; pulling past {@link MAX_OCCURRENCES} instants throws `too-many`, and a sub-daily
 * rule too sparse to search throws `too-sparse` when the scan reaches that point.
 *
 * @example
 * ruleInstants(daily, new Date('2026-01-05T09:00:00Z'), { to: '9999-12-31T00:00:00Z' }).next().value
 * // 1767603600000
 */
export function ruleInstants(rule: RecurrenceRule, start: Date, options: ExpandOptions = {}): IterableIterator<number> {
  return new CheckedInstants(startExpansion(rule, start, options));
}

/** An engine run that throws, when it ends, the error of a stop that leaves the list incomplete. */
class CheckedInstants implements IterableIterator<number> {
  constructor(private readonly run: EngineRun) {}

  next(): IteratorResult<number, undefined> {
    const step = this.run.next();
    if (step.done === true) refuseIncomplete(this.run.stop);
    return step;
  }

  [Symbol.iterator](): this {
    return this;
  }
}

/** Throws the error of a stop that leaves the list incomplete (more than the cap, or a search that gave up). */
function refuseIncomplete(stop: EngineStop | undefined): void {
  if (stop === 'too-many') throw new RecurrenceError('too-many', M.tooMany(MAX_OCCURRENCES));
  if (stop === 'too-sparse') throw new RecurrenceError('too-sparse', M.tooSparse(MAX_IDLE_WORK));
}

/** Checks the input of {@link expandRule} (throwing its errors now) and returns the engine's lazy run. */
function startExpansion(rule: RecurrenceRule, start: Date, options: ExpandOptions): EngineRun {
  // `??`, not the parameter default: expansion has always read a null zone as UTC.
  const timeZone = resolveTimeZone(options.timeZone ?? 'UTC');
  const gaps = resolveNonexistentLocalTime(options.nonexistentLocalTime);
  const startMs = start.getTime();
  if (!Number.isFinite(startMs)) throw boundError('start', 'must be a valid Date');
  if (startMs % 1000 !== 0) throw new RecurrenceError('invalid-start', M.startMilliseconds);
  if (startMs > LAST_INSTANT_MS || startMs < FIRST_INSTANT_MS) {
    throw boundError('start', 'must lie between years 0001 and 9999');
  }
  const { fromMs, toMs, limit } = resolveWindow(options);
  if (rule.count === undefined && rule.until === undefined && toMs === undefined && limit === undefined) {
    throw new RecurrenceError('unbounded', M.unbounded);
  }
  const utc = timeZone === 'UTC' || timeZone === 'Etc/UTC';
  const floatingOf = (ms: number): number => (utc ? Math.floor(ms / 1000) : localMsOf(ms, timeZone) / 1000);
  const toInstantMs = utc
    ? (floating: number): number => floating * 1000
    : (floating: number): number | undefined => instantOfLocalMs(floating * 1000, timeZone);
  const upper = [toMs, rule.until?.getTime()].filter((v): v is number => v !== undefined && v <= LAST_INSTANT_MS);
  // One more than MAX_OCCURRENCES may be asked for: reaching it is the `too-many` stop.
  return new EngineRun(rule, floatingOf(startMs), startMs, toInstantMs, {
    ...(fromMs === undefined ? {} : { fromMs, fromFloating: lowestFloating(Math.max(fromMs, startMs), floatingOf) }),
    ...(toMs === undefined ? {} : { toMs }),
    ...(upper.length === 0 ? {} : { toFloating: floatingOf(Math.min(...upper)) + TWO_DAYS }),
    limit: limit ?? MAX_OCCURRENCES + 1,
    maxResults: MAX_OCCURRENCES,
    ...(utc || gaps === 'omit' ? {} : { shiftGap: (floating: number) => instantOfLocalMsShifted(floating * 1000, timeZone) }),
  });
}
