import { scheduleOccurrences } from '../../schedule/index.js';
import type { Occurrence, Schedule } from '../../schemas/index.js';
import { parseDateTime } from '../../shared/rfc3339.js';

/** How far ahead get-schedule expands a recurrence (see `HandlerOptions.scheduleHorizon`). */
export type ScheduleHorizon = { readonly days: number; readonly limit: number };

const DAY_MS = 86_400_000;

/** How long one expansion is reused: requests within this time of it filter it instead of expanding again. */
export const SCHEDULE_CACHE_SLACK_MS = 5 * 60_000;

const instantOf = (runOn: string | undefined): number => {
  const parsed = runOn === undefined ? undefined : parseDateTime(runOn);
  return parsed?.ok === true ? parsed.value.getTime() : Number.NaN;
};

function disabledAt(schedule: Schedule): number {
  if (schedule.disabledOn === undefined) return Number.POSITIVE_INFINITY;
  const parsed = parseDateTime(schedule.disabledOn);
  return parsed.ok ? parsed.value.getTime() : Number.POSITIVE_INFINITY;
}

/**
 * The occurrences get-schedule answers with: every stored occurrence before `now` (the
 * schedule's history, as stored), then `scheduleOccurrences` over `[now, now + days)`,
 * capped at `limit` (explicit and generated merged, explicit wins on the same instant), the
 * recurrence following the wall clock of `timeZone` (default `'UTC'`). A schedule with
 * `disabledOn` shows nothing upcoming at or after that instant.
 * This is the definition; {@link ScheduleView} answers the same, faster.
 *
 * @example
 * occurrencesToShow(schedule, new Date('2026-04-01T00:00:00Z'), { days: 366, limit: 100 })
 */
export function occurrencesToShow(schedule: Schedule, now: Date, horizon: ScheduleHorizon, timeZone = 'UTC'): Occurrence[] {
  const end = Math.min(now.getTime() + horizon.days * DAY_MS, disabledAt(schedule));
  const stored = schedule.occurrences ?? [];
  const history = stored.length === 0 ? [] : scheduleOccurrences({ occurrences: stored }, { to: now });
  if (end <= now.getTime()) return history;
  const upcoming = scheduleOccurrences(schedule, { from: now, to: new Date(end), limit: horizon.limit, timeZone });
  return [...history, ...upcoming];
}

type Expansion = {
  /** The instant the expansion starts at. */
  readonly from: number;
  /** The wall clock it was expanded on. */
  readonly timeZone: string;
  /** Merged occurrences over `[from, from + horizon + slack)`, with their instants. */
  readonly list: readonly Occurrence[];
  readonly times: readonly number[];
  /** True when the expansion stopped at its count cap, so it is complete only up to its last item. */
  readonly truncated: boolean;
  /** Stored occurrences (all of them) in history order, with their instants. */
  readonly history: readonly Occurrence[];
  readonly historyTimes: readonly number[];
  readonly disabledAt: number;
  /** The last answer: which slice it showed (history count, start, count), and its body. */
  lastHistoryCount: number;
  lastStart: number;
  lastCount: number;
  /**
   * The request times the last slice holds for, `lastFrom <= t <= lastThrough`: such a request
   * is answered the last body without walking the lists.
   */
  lastFrom: number;
  lastThrough: number;
  lastBody: string | undefined;
  /** The last answer of the expansion this one replaced, until this one's first answer. */
  previousBody: string | undefined;
};

/**
 * Answers get-schedule bodies, reusing one expansion per schedule object for
 * {@link SCHEDULE_CACHE_SLACK_MS} and one encoded body while the shown slice is unchanged.
 * Results are those of {@link occurrencesToShow} exactly: the expansion covers
 * `[t0, t0 + horizon + slack)` and is filtered to `[now, now + horizon)`; when it was cut
 * at its count cap before the window could be filled, the view expands afresh.
 */
export class ScheduleView {
  readonly #horizon: ScheduleHorizon;
  readonly #cache = new WeakMap<Schedule, Expansion>();
  /** The last schedule answered and its expansion (also in `#cache`): a repeated read skips the map. */
  #lastSchedule: Schedule | undefined;
  #lastExpansion: Expansion | undefined;

  constructor(horizon: ScheduleHorizon) {
    this.#horizon = horizon;
  }

  /**
   * The get-schedule body at `t` (epoch milliseconds), serialized once per shown slice, so a
   * repeated answer costs no `JSON.stringify`. `timeZone` (default `'UTC'`) is the wall clock the
   * recurrence follows. Kept as text, not bytes: Node writes the status line, headers and text in
   * one `write`, where bytes take a `writev` of two buffers (13% fewer requests per second for
   * this 5 KB answer on Node 26, docs/performance.md).
   *
   * @example
   * new ScheduleView({ days: 366, limit: 100 }).body(schedule, Date.now(), 'America/New_York')
   * // '{"scheduleID":...,"occurrences":[...]}'
   */
  body(schedule: Schedule, t: number, timeZone = 'UTC'): string {
    let expansion = schedule === this.#lastSchedule ? this.#lastExpansion : this.#cache.get(schedule);
    if (expansion === undefined || expansion.timeZone !== timeZone || t < expansion.from || t > expansion.from + SCHEDULE_CACHE_SLACK_MS) {
      const previous = expansion?.lastBody;
      expansion = this.#expand(schedule, t, timeZone, previous);
      this.#cache.set(schedule, expansion);
    }
    if (schedule !== this.#lastSchedule || expansion !== this.#lastExpansion) {
      this.#lastSchedule = schedule;
      this.#lastExpansion = expansion;
    }
    if (
      expansion.lastBody !== undefined &&
      t >= expansion.lastFrom &&
      t <= expansion.lastThrough
    ) {
      return expansion.lastBody;
    }
    const slice = this.#slice(expansion, t);
    if (slice === undefined) return serialize(schedule, occurrencesToShow(schedule, new Date(t), this.#horizon, timeZone));
    expansion.lastFrom = t;
    expansion.lastThrough = slice.through;
    if (
      expansion.lastBody !== undefined &&
      expansion.lastHistoryCount === slice.historyCount &&
      expansion.lastStart === slice.start &&
      expansion.lastCount === slice.count
    ) {
      return expansion.lastBody;
    }
    const occurrences = [...expansion.history.slice(0, slice.historyCount), ...expansion.list.slice(slice.start, slice.start + slice.count)];
    const serialized = serialize(schedule, occurrences);
    // The same text as the answer before a new expansion is that very string: the Node adapter
    // knows a body it wrote last by identity (its `content-length` counted once), where an equal
    // copy is compared character by character on every request (about 3,300 instructions for 5 kB).
    const body = serialized === expansion.previousBody ? expansion.previousBody : serialized;
    expansion.previousBody = undefined;
    expansion.lastHistoryCount = slice.historyCount;
    expansion.lastStart = slice.start;
    expansion.lastCount = slice.count;
    expansion.lastBody = body;
    return body;
  }

  #expand(schedule: Schedule, from: number, timeZone: string, previousBody: string | undefined): Expansion {
    const { days, limit } = this.#horizon;
    const disabled = disabledAt(schedule);
    const to = Math.min(from + days * DAY_MS + SCHEDULE_CACHE_SLACK_MS, disabled);
    const cap = limit * 2;
    const list = to <= from ? [] : scheduleOccurrences(schedule, { from: new Date(from), to: new Date(to), limit: cap, timeZone });
    const stored = schedule.occurrences ?? [];
    const history = stored.length === 0 ? [] : scheduleOccurrences({ occurrences: stored }, {});
    return {
      from,
      timeZone,
      list,
      times: list.map((o) => instantOf(o.runOn)),
      truncated: list.length >= cap,
      history,
      historyTimes: history.map((o) => instantOf(o.runOn)),
      disabledAt: disabled,
      lastHistoryCount: -1,
      lastStart: -1,
      lastCount: -1,
      lastFrom: Number.NaN,
      lastThrough: Number.NaN,
      lastBody: undefined,
      previousBody,
    };
  }

  /**
   * Which part of the expansion answers at `now`: the stored occurrences before it, and the
   * upcoming ones from `start` (`count` of them); `undefined` when the expansion may miss some.
   * `through` is the last request time (from `now` on) with the same answer. Request times are
   * whole milliseconds (`Date.now()` or the clock's `getTime()`), so the bounds are exact. The
   * disabling instant needs no bound of its own: while upcoming occurrences are shown, the first
   * of them (before `disabledAt`) bounds `through`, and with none shown, the window closing
   * changes nothing in the answer.
   */
  #slice(e: Expansion, now: number): { historyCount: number; start: number; count: number; through: number } | undefined {
    let historyCount = 0;
    while (historyCount < e.historyTimes.length && (e.historyTimes[historyCount] ?? 0) < now) historyCount++;
    // The count holds while the first stored occurrence not counted is not before the request.
    let through = historyCount < e.historyTimes.length ? (e.historyTimes[historyCount] ?? 0) : Number.POSITIVE_INFINITY;
    const span = this.#horizon.days * DAY_MS;
    const end = Math.min(now + span, e.disabledAt);
    // Closed (disabled by now): it stays closed for every later request.
    if (end <= now) return { historyCount, start: 0, count: 0, through };
    let start = 0;
    while (start < e.times.length && (e.times[start] ?? 0) < now) start++;
    if (start < e.times.length) through = Math.min(through, e.times[start] ?? 0);
    let stop = start;
    while (stop < e.times.length && (e.times[stop] ?? 0) < end && stop - start < this.#horizon.limit) stop++;
    const count = stop - start;
    // Cut at the cap before the window or the limit was reached: the cached list may miss items.
    if (e.truncated && stop === e.times.length && count < this.#horizon.limit) return undefined;
    // Stopped by the window's end: the next occurrence joins once the window reaches past it.
    const next = e.times[stop] ?? 0;
    if (count < this.#horizon.limit && stop < e.times.length && next < e.disabledAt) through = Math.min(through, next - span);
    return { historyCount, start, count, through };
  }
}

function serialize(schedule: Schedule, occurrences: readonly Occurrence[]): string {
  return JSON.stringify({ ...schedule, occurrences });
}
