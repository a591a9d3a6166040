import { dayNumber, civilDate } from './calendar.js';
import { type Plan, SECONDS_PER_DAY, monthIndex, monthIndexStart, planOf, weekStartOf } from './plan.js';
import { idleCapIsProof, neverMatches } from './reachability.js';
import { type Exists, candidateAt, existsOf, pickBySetPos } from './set-pos.js';
import { type SparseSearch, sparseSearch } from './sparse.js';
import type { RecurrenceRule } from './types.js';

/**
 * Units of scanning work (a day examined, a candidate examined, a period skipped) allowed
 * in a row without finding an instance before the engine concludes the rule has no more.
 * For DAILY and coarser this exceeds a full 400-year Gregorian cycle (146,097 days), after
 * which the day pattern repeats, so reaching it is a proof. For SECONDLY/MINUTELY/HOURLY it is
 * a proof when {@link idleCapIsProof} says so; otherwise the engine jumps to the next matching
 * period by arithmetic ({@link sparseSearch}), and stops with `'too-sparse'` (the list may be
 * incomplete) only when that search exceeds its bounds.
 */
export const MAX_IDLE_WORK = 150_000;

/** The last instant the engine generates: the end of year 9999 (RFC 3339's range). */
export const LAST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

/** How to turn floating seconds (local wall time read as UTC) into an instant. */
export type ToInstant = (floatingSeconds: number) => number | undefined;

/** Bounds of one expansion; instants in ms since the epoch. */
export type EngineBounds = {
  /** Instants before this are not returned (but still counted for COUNT). */
  readonly fromMs?: number;
  /** Instants at or after this are not returned, and expansion stops. */
  readonly toMs?: number;
  /** Floating-seconds lower bound below which no candidate can reach `fromMs`. */
  readonly fromFloating?: number;
  /** Floating-seconds upper bound above which no candidate can be before `toMs` / UNTIL. */
  readonly toFloating?: number;
  readonly limit: number;
  /** Called when the result list would exceed its cap. */
  readonly maxResults: number;
  /**
   * When given, a candidate whose local time does not exist is not ignored but placed at the
   * instant this returns (RFC 5545 3.3.5's reading); when absent it is ignored and not counted
   * (3.3.10's). A shifted instance that lands on the instant of another instance is one
   * instance (RFC 5545 3.8.5.3: duplicates count once).
   */
  readonly shiftGap?: ToInstant;
};

/** What the engine produced, and why it stopped. */
export type EngineOutput = {
  readonly instants: number[];
  /**
   * `'idle'`: the scan cap was reached and that proves no further instance; `'too-sparse'`:
   * a sparse sub-daily rule outran the bounded arithmetic search, so more may exist.
   */
  readonly stop: 'done' | 'limit' | 'idle' | 'too-sparse' | 'year-9999' | 'too-many' | 'never';
};

type Visit = (floating: number) => boolean; // true = stop

/**
 * Expands `rule` from DTSTART (`start`, floating seconds; `startMs`, its instant) into
 * instants in ms, ascending. DTSTART always counts as the first instance (RFC 5545
 * 3.3.10); instances whose local time does not exist are ignored and not counted; COUNT
 * and UNTIL are honoured; a window far from DTSTART is reached arithmetically when there
 * is no COUNT. Every loop is bounded by the limit, the window, UNTIL, COUNT, year 9999 and
 * {@link MAX_IDLE_WORK}.
 *
 * @example
 * runEngine(daily, start, start * 1000, (f) => f * 1000, { limit: 3, maxResults: 100 })
 * // { instants: [start, start + 1 day, start + 2 days] (ms), stop: 'limit' }
 */
export function runEngine(
  rule: RecurrenceRule,
  start: number,
  startMs: number,
  toInstant: ToInstant,
  bounds: EngineBounds,
): EngineOutput {
  const instants: number[] = [];
  const untilMs = rule.until?.getTime();
  if (bounds.limit <= 0 || (untilMs !== undefined && startMs > untilMs)) return { instants, stop: 'done' };
  let counted = 1;
  const inWindow = (ms: number): boolean =>
    (bounds.fromMs === undefined || ms >= bounds.fromMs) && (bounds.toMs === undefined || ms < bounds.toMs);
  if (inWindow(startMs)) instants.push(startMs);
  if (instants.length >= bounds.limit) return { instants, stop: 'limit' };
  if (rule.count !== undefined && counted >= rule.count) return { instants, stop: 'done' };
  if (bounds.toMs !== undefined && startMs >= bounds.toMs) return { instants, stop: 'done' };

  const plan = planOf(rule, start);
  if (neverMatches(plan) !== undefined) return { instants, stop: 'never' };

  let stop: EngineOutput['stop'] | undefined;
  let idle = 0;
  /** Counts and keeps one instance at `ms` (after DTSTART); true = stop. */
  const accept = (ms: number): boolean => {
    if (ms > LAST_INSTANT_MS) return (stop = 'year-9999'), true;
    idle = 0;
    if (untilMs !== undefined && ms > untilMs) return (stop = 'done'), true;
    counted += 1;
    if (rule.count !== undefined && counted > rule.count) return (stop = 'done'), true;
    if (bounds.toMs !== undefined && ms >= bounds.toMs) return (stop = 'done'), true;
    if (bounds.fromMs !== undefined && ms < bounds.fromMs) return false;
    if (instants.length >= bounds.maxResults) return (stop = 'too-many'), true;
    instants.push(ms);
    if (instants.length >= bounds.limit) return (stop = 'limit'), true;
    return false;
  };
  // Shifted instances (ascending, distinct) wait until the scan passes their instant: a
  // shifted 02:45 (03:45 after the gap) comes after an instance at 03:10 that the scan meets
  // later. Two days of local time past one, no later candidate can come before it.
  const pending: { readonly ms: number; readonly floating: number }[] = [];
  const flushWhile = (due: (entry: { readonly ms: number; readonly floating: number }) => boolean, natural?: number): boolean => {
    while (pending.length > 0 && due(pending[0] ?? { ms: 0, floating: 0 })) {
      const next = pending.shift()?.ms ?? 0;
      if (next !== natural && accept(next)) return true; // equal: the instance at `natural` stands for both
    }
    return false;
  };
  // Candidates come in ascending order; an RFC 7529 FORWARD day can repeat the next period's
  // first day: the same instance, visited once.
  let lastVisited = Number.NEGATIVE_INFINITY;
  const visit: Visit = (floating) => {
    if (floating <= lastVisited) return false;
    lastVisited = floating;
    if (bounds.toFloating !== undefined && floating > bounds.toFloating) return (stop = 'done'), true;
    if (pending.length > 0 && flushWhile((entry) => entry.floating + 2 * SECONDS_PER_DAY < floating)) return true;
    const ms = toInstant(floating);
    idle += 1;
    if (ms === undefined) {
      const shifted = bounds.shiftGap?.(floating);
      if (shifted !== undefined && shifted > startMs && !pending.some((entry) => entry.ms === shifted)) {
        pending.push({ ms: shifted, floating });
        pending.sort((a, b) => a.ms - b.ms);
        idle = 0;
      }
      return false;
    }
    if (ms <= startMs) return false;
    return flushWhile((entry) => entry.ms <= ms, ms) || accept(ms);
  };
  const skipTo = rule.count === undefined ? bounds.fromFloating : undefined;
  const lowBound = Math.max(start + 1, skipTo ?? -Infinity);
  const charge = (work: number): boolean => {
    idle += work;
    if (idle > MAX_IDLE_WORK) stop = 'idle';
    return stop !== undefined;
  };
  const shiftGap = bounds.shiftGap;
  const exists = existsOf(shiftGap === undefined ? toInstant : (f) => toInstant(f) ?? shiftGap(f));
  const stopped = (): boolean => stop !== undefined;
  let search: SparseSearch | undefined;
  let jumps = 0;
  // A sub-daily rule at the cap with no proof: jump to the next matching period by arithmetic.
  const resume: Resume = (position) => {
    if (stop !== 'idle' || idleCapIsProof(plan, MAX_IDLE_WORK)) return undefined;
    jumps += 1;
    if (jumps > MAX_SPARSE_JUMPS) return (stop = 'too-sparse'), undefined;
    search ??= sparseSearch(plan, MAX_SPARSE_PAIRS);
    if (search === undefined) return (stop = 'too-sparse'), undefined;
    const next = search.next(position);
    if (next === undefined) return undefined; // proven: no period ever matches again
    idle = 0;
    stop = undefined;
    return next;
  };
  if (plan.unit === undefined) dayLevel(plan, lowBound, visit, exists, charge, stopped);
  else subDaily(plan, lowBound, visit, exists, charge, stopped, resume);
  if (pending.length > 0 && (stop === undefined || stop === 'done' || stop === 'idle' || stop === 'year-9999')) {
    // The scan ended: the shifted instances still waiting are instances too (accept re-checks UNTIL, COUNT and `to`).
    const ended = stop;
    stop = undefined;
    flushWhile(() => true);
    stop ??= ended;
  }
  return { instants, stop: stop ?? 'done' };
}

const LAST_FLOATING = Date.UTC(10000, 0, 2) / 1000;
const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/**
 * Most (day of the 400-year cycle, time of day) pairs a sparse sub-daily rule may have for
 * the arithmetic search ({@link sparseSearch}); more gives `'too-sparse'`.
 */
export const MAX_SPARSE_PAIRS = 20_000;

/** Most arithmetic jumps in one expansion; more gives `'too-sparse'` (each jump costs ~ms). */
export const MAX_SPARSE_JUMPS = 64;

/** Called at the idle cap with the current period start: the next period start to scan, or undefined to stop. */
type Resume = (position: number) => number | undefined;

/** Candidates of one period: sorted days x sorted times of day, optionally picked by BYSETPOS. */
function visitPeriod(plan: Plan, days: number[], times: readonly number[], lowBound: number, visit: Visit, exists: Exists): boolean {
  const perDay = times.length;
  const total = days.length * perDay;
  if (total === 0) return false;
  if (plan.bySetPos !== undefined) {
    for (const index of pickBySetPos(plan.bySetPos, days, times, exists)) {
      const floating = candidateAt(days, times, index);
      if (floating >= lowBound && visit(floating)) return true;
    }
    return false;
  }
  if (days.length === 1) {
    const base = (days[0] ?? 0) * SECONDS_PER_DAY;
    for (let i = 0; i < perDay; i += 1) {
      const floating = base + (times[i] ?? 0);
      if (floating >= lowBound && visit(floating)) return true;
    }
    return false;
  }
  let lo = 0;
  let hi = total;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (candidateAt(days, times, mid) < lowBound) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < total; i += 1) if (visit(candidateAt(days, times, i))) return true;
  return false;
}

function dayLevel(plan: Plan, lowBound: number, visit: Visit, exists: Exists, charge: (n: number) => boolean, stopped: () => boolean): void {
  const { interval, startDay, startDate, dayFilter, timesOfDay } = plan;
  const lowDay = Math.floor(lowBound / SECONDS_PER_DAY);
  const firstWeek = weekStartOf(startDay, plan.wkst);
  const firstMonth = monthIndex(startDate);
  const lowDate = civilDate(Math.max(lowDay, startDay));
  const periods = {
    DAILY: Math.floor((lowDay - startDay) / interval),
    WEEKLY: Math.floor((lowDay - firstWeek) / (7 * interval)),
    MONTHLY: Math.floor((monthIndex(lowDate) - firstMonth) / interval),
    YEARLY: Math.floor((lowDate.year - startDate.year) / interval),
  } as const;
  const freq = plan.freq as keyof typeof periods;
  const months = plan.rule.byMonth === undefined ? undefined : [...new Set(plan.rule.byMonth)].sort((a, b) => a - b);
  for (let k = Math.max(0, periods[freq]); ; k += 1) {
    const days: number[] = [];
    let first: number;
    let end: number;
    if (freq === 'DAILY') {
      first = startDay + k * interval;
      end = first + 1;
    } else if (freq === 'WEEKLY') {
      first = firstWeek + k * 7 * interval;
      end = first + 7;
    } else if (freq === 'MONTHLY') {
      first = monthIndexStart(firstMonth + k * interval);
      end = monthIndexStart(firstMonth + k * interval + 1);
    } else {
      const year = startDate.year + k * interval;
      first = dayNumber(year, 1, 1);
      end = dayNumber(year + 1, 1, 1);
    }
    if (first * SECONDS_PER_DAY > LAST_FLOATING) return;
    if (freq === 'YEARLY' && months !== undefined) {
      const year = civilDate(first).year;
      for (const m of months) {
        const monthEnd = m === 12 ? end : dayNumber(year, m + 1, 1);
        for (let d = dayNumber(year, m, 1); d < monthEnd; d += 1) if (dayFilter(d)) days.push(d);
      }
    } else {
      for (let d = first; d < end; d += 1) if (dayFilter(d)) days.push(d);
    }
    if (plan.skipTargets !== undefined && (freq === 'MONTHLY' || freq === 'YEARLY')) {
      const { year, month } = civilDate(first);
      const moved = plan.skipTargets(year, freq === 'MONTHLY' ? [month] : (months ?? ALL_MONTHS));
      if (moved.length > 0) {
        const all = [...new Set([...days, ...moved])].sort((a, b) => a - b);
        days.length = 0;
        days.push(...all);
      }
    }
    if (charge(end - first)) return;
    if (visitPeriod(plan, days, timesOfDay, lowBound, visit, exists) || stopped()) return;
  }
}

function subDaily(
  plan: Plan,
  lowBound: number,
  visit: Visit,
  exists: Exists,
  charge: (n: number) => boolean,
  stopped: () => boolean,
  resume: Resume,
): void {
  const unit = plan.unit ?? 1;
  const step = plan.interval * unit;
  const first = Math.floor(plan.start / unit) * unit;
  const periodAtOrAfter = (t: number): number => Math.max(0, Math.ceil((t - first) / step));
  let k = Math.max(0, Math.floor((lowBound - first) / step));
  let cachedDay = Number.NaN;
  let cachedPass = false;
  for (;;) {
    const periodStart = first + k * step;
    if (periodStart > LAST_FLOATING) return;
    if (charge(1)) {
      const next = resume(periodStart);
      if (next === undefined) return;
      k = Math.round((next - first) / step); // next >= periodStart: never backwards
      continue;
    }
    const dayNo = Math.floor(periodStart / SECONDS_PER_DAY);
    if (dayNo !== cachedDay) {
      cachedDay = dayNo;
      cachedPass = plan.dayFilter(dayNo);
    }
    if (!cachedPass) {
      k = Math.max(k + 1, periodAtOrAfter((dayNo + 1) * SECONDS_PER_DAY));
      continue;
    }
    const tod = periodStart - dayNo * SECONDS_PER_DAY;
    const hour = Math.floor(tod / 3600);
    const minute = Math.floor((tod % 3600) / 60);
    const second = tod % 60;
    if (!plan.hourSet.has(hour)) {
      k = Math.max(k + 1, periodAtOrAfter(dayNo * SECONDS_PER_DAY + (hour + 1) * 3600));
      continue;
    }
    if (unit <= 60 && !plan.minuteSet.has(minute)) {
      k = Math.max(k + 1, periodAtOrAfter(periodStart - second + 60));
      continue;
    }
    if (unit === 1 && !plan.secondSet.has(second)) {
      k += 1;
      continue;
    }
    const dayBase = dayNo * SECONDS_PER_DAY;
    if (plan.bySetPos === undefined) {
      // Straight to the candidates: no per-period list to build.
      if (unit === 3600) {
        for (const m of plan.minutes) {
          for (const s of plan.seconds) {
            const floating = dayBase + hour * 3600 + m * 60 + s;
            if (floating >= lowBound && visit(floating)) return;
          }
        }
      } else if (unit === 60) {
        for (const s of plan.seconds) {
          const floating = periodStart + s;
          if (floating >= lowBound && visit(floating)) return;
        }
      } else if (periodStart >= lowBound && visit(periodStart)) {
        return;
      }
      if (stopped()) return;
    } else {
      const times: number[] = [];
      if (unit === 3600) {
        for (const m of plan.minutes) for (const s of plan.seconds) times.push(hour * 3600 + m * 60 + s);
      } else if (unit === 60) {
        for (const s of plan.seconds) times.push(tod + s);
      } else {
        times.push(tod);
      }
      if (visitPeriod(plan, [dayNo], times, lowBound, visit, exists) || stopped()) return;
    }
    k += 1;
  }
}
