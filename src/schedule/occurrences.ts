import type { Occurrence, Recur } from '../schemas/index.js';
import { SCHEDULE_PLAN_MESSAGE } from '../schemas/messages.js';
import { type Result, err, ok } from '../shared/result.js';
import { brandError, hasErrorBrand } from '../shared/error-brand.js';
import { parseDateTime } from '../shared/rfc3339.js';
import { RecurrenceError } from '../rrule/errors.js';
import { resolveNonexistentLocalTime, resolveTimeZone, resolveWindow } from '../rrule/expand.js';
import { resolveBusinessDayAdjustment } from './business-day-runs.js';
import { type ExpandOptions, expandRecurrence } from './expand.js';

/** The window of {@link scheduleOccurrences}: the options of `expandRecurrence`. */
export type OccurrenceWindow = ExpandOptions;

/** The parts of a schedule (spec 2.5) that make its occurrences; a `Schedule` fits. */
export type SchedulePlan = {
  readonly occurrences?: readonly Occurrence[] | undefined;
  readonly recur?: Recur | undefined;
};

/** Why {@link scheduleOccurrences} refused a schedule (window and rule errors are `RecurrenceError`s). */
export type ScheduleErrorCode = 'missing-plan' | 'missing-run-on';

/** The messages of {@link ScheduleError}, as data. */
export const SCHEDULE_MESSAGES = {
  /** Spec 2.5: "A schedule requires at least one occurrence or a recurring transfer". */
  missingPlan: SCHEDULE_PLAN_MESSAGE,
  missingRunOn: (index: number) => `occurrences[${index}].runOn is required to place the occurrence in time`,
  invalidRunOn: (index: number, detail: string) => `occurrences[${index}].runOn ${detail}`,
} as const;

/** The brand of every ScheduleError, shared by the ESM and CJS builds (see `isScheduleError`). */
const SCHEDULE_ERROR_BRAND = Symbol.for('payments-kit.ScheduleError');

/**
 * Thrown by {@link scheduleOccurrences} for a schedule that cannot be laid out: neither
 * occurrences nor recur (`missing-plan`), or an explicit occurrence without a valid
 * `runOn` (`missing-run-on`).
 */
export class ScheduleError extends Error {
  /** A stable code for programs; the message is for people. */
  readonly code: ScheduleErrorCode;

  constructor(code: ScheduleErrorCode, message: string) {
    super(message);
    this.name = 'ScheduleError';
    this.code = code;
    brandError(this, SCHEDULE_ERROR_BRAND);
  }
}

/**
 * Whether `value` is a {@link ScheduleError} made by any copy of payments-kit (ESM or CJS
 * build), by its `Symbol.for('payments-kit.ScheduleError')` brand.
 *
 * @example
 * try { scheduleOccurrences({}) } catch (e) { if (isScheduleError(e)) console.log(e.code) } // 'missing-plan'
 */
export function isScheduleError(value: unknown): value is ScheduleError {
  return hasErrorBrand(value, SCHEDULE_ERROR_BRAND);
}

type Timed = { readonly occurrence: Occurrence; readonly at: number };

/**
 * A schedule's occurrences as one timeline: its explicit `occurrences` and those its `recur`
 * generates (`expandRecurrence(recur, window)`), merged and ordered by `runOn`.
 * - The window applies to the merged list: explicit occurrences outside `[from, to)` are
 *   left out too, and `limit` caps the merged count.
 * - An explicit and a generated occurrence at the same instant (`runOn` compared as instants,
 *   whatever offset is written) are one occurrence: the explicit one is kept, as it carries
 *   `ranOn`, `status`, `canceledOn`, `error` and its IDs.
 * - Equal instants keep the order of `schedule.occurrences`; explicit occurrences are returned
 *   as given (same objects, `runOn` not rewritten).
 * Throws {@link ScheduleError} for a schedule with neither occurrences nor recur (spec 2.5) or
 * an explicit occurrence without `runOn`, and `RecurrenceError` (as `expandRecurrence` does)
 * for a bad window, limit, time zone, rule or start, also when there is no recur. Use
 * {@link tryScheduleOccurrences} for a Result instead.
 *
 * @example
 * scheduleOccurrences(
 *   {
 *     occurrences: [{ runOn: '2026-01-02T09:00:00Z', status: 'completed', ranOn: '2026-01-02T09:00:04Z' }],
 *     recur: { recurrenceRule: 'FREQ=DAILY;COUNT=3', start: '2026-01-01T09:00:00Z', runTransfer },
 *   },
 * ).map((o) => `${o.runOn} ${o.status}`)
 * // ['2026-01-01T09:00:00Z pending', '2026-01-02T09:00:00Z completed', '2026-01-03T09:00:00Z pending']
 */
export function scheduleOccurrences(schedule: SchedulePlan, window: OccurrenceWindow = {}): Occurrence[] {
  const explicit = schedule.occurrences ?? [];
  if (explicit.length === 0 && schedule.recur === undefined) {
    throw new ScheduleError('missing-plan', SCHEDULE_MESSAGES.missingPlan);
  }
  // The window checks `expandRecurrence` makes, with its errors, so that a schedule with
  // only explicit occurrences refuses the same windows as one with a recur.
  const { fromMs, toMs } = resolveWindow(window);
  resolveTimeZone(window.timeZone);
  resolveNonexistentLocalTime(window.nonexistentLocalTime);
  resolveBusinessDayAdjustment(window.businessDayAdjustment);
  const inWindow = explicit
    .map((occurrence, index): Timed => ({ occurrence, at: explicitRunOn(occurrence, index) }))
    .filter(({ at }) => (fromMs === undefined || at >= fromMs) && (toMs === undefined || at < toMs));
  const taken = new Set(inWindow.map(({ at }) => at));
  const generated =
    schedule.recur === undefined
      ? []
      : expandRecurrence(schedule.recur, window)
          .map((occurrence): Timed => ({ occurrence, at: Date.parse(occurrence.runOn) }))
          .filter(({ at }) => !taken.has(at));
  // `limit` generated ones suffice: each generated one the window's explicit ones hide is
  // replaced by its explicit twin at the same instant, so none beyond the first `limit`
  // can reach the merged first `limit`.
  // Array.prototype.sort is stable: at equal instants explicit ones stay first, in input order.
  const merged = [...inWindow, ...generated].sort((a, b) => a.at - b.at).map(({ occurrence }) => occurrence);
  return window.limit === undefined ? merged : merged.slice(0, window.limit);
}

/**
 * {@link scheduleOccurrences} returning a Result: the occurrences, or the `ScheduleError` /
 * `RecurrenceError` as data instead of a throw.
 *
 * @example
 * tryScheduleOccurrences({}, { limit: 5 })
 * // { ok: false, error: ScheduleError('a schedule needs at least one occurrence or a recur') }
 */
export function tryScheduleOccurrences(
  schedule: SchedulePlan,
  window: OccurrenceWindow = {},
): Result<Occurrence[], ScheduleError | RecurrenceError> {
  try {
    return ok(scheduleOccurrences(schedule, window));
  } catch (e) {
    if (e instanceof ScheduleError || e instanceof RecurrenceError) return err(e);
    throw e;
  }
}

function explicitRunOn(occurrence: Occurrence, index: number): number {
  if (occurrence.runOn === undefined) throw new ScheduleError('missing-run-on', SCHEDULE_MESSAGES.missingRunOn(index));
  const parsed = parseDateTime(occurrence.runOn);
  if (!parsed.ok) throw new ScheduleError('missing-run-on', SCHEDULE_MESSAGES.invalidRunOn(index, parsed.error));
  return parsed.value.getTime();
}
