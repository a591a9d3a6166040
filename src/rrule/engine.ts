import { SECONDS_PER_DAY, planOf } from './plan.js';
import { idleCapIsProof, neverMatches } from './reachability.js';
import type { NextCandidate, Resume, Scan } from './scan.js';
import { dayLevelScan } from './scan-day-level.js';
import { subDailyScan } from './scan-sub-daily.js';
import { existsOf } from './set-pos.js';
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

/** Why the engine stopped. */
export type EngineStop = EngineOutput['stop'];

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
  const run = new EngineRun(rule, start, startMs, toInstant, bounds);
  const instants = Array.from(run);
  return { instants, stop: run.stop ?? 'done' };
}

/**
 * {@link runEngine} as a lazy iterator: each `next()` scans only as far as the next instant
 * (ms), so taking the first of an endless rule costs one step. `stop` tells why it ended once
 * it has (`undefined` before).
 *
 * @example
 * const run = new EngineRun(daily, start, start * 1000, (f) => f * 1000, { limit: 3, maxResults: 100 })
 * run.next() // { value: start * 1000, done: false }
 */
export class EngineRun implements IterableIterator<number> {
  /** Why the run ended; `undefined` while instants may still come. */
  stop: EngineStop | undefined;
  /**
   * Kept instants not yet handed out, `ready[head]` to `ready[tail - 1]` (a visit can keep
   * several: shifted ones waiting, then its own); the slots are reused, never shrunk.
   */
  private readonly ready: number[] = [];
  private head = 0;
  private tail = 0;
  private readonly nextCandidate: NextCandidate | undefined;
  private readonly visit: (floating: number) => boolean;
  private readonly finish: () => void;

  constructor(rule: RecurrenceRule, start: number, startMs: number, toInstant: ToInstant, bounds: EngineBounds) {
    const untilMs = rule.until?.getTime();
    let counted = 1;
    /** Instances kept so far (handed out or waiting in `ready`). */
    let kept = 0;
    const ready = this.ready;
    let stop: EngineStop | undefined;
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
      if (kept >= bounds.maxResults) return (stop = 'too-many'), true;
      kept += 1;
      ready[this.tail] = ms;
      this.tail += 1;
      if (kept >= bounds.limit) return (stop = 'limit'), true;
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
    this.visit = (floating) => {
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
    this.finish = () => {
      if (pending.length > 0 && (stop === undefined || stop === 'done' || stop === 'idle' || stop === 'year-9999')) {
        // The scan ended: the shifted instances still waiting are instances too (accept re-checks UNTIL, COUNT and `to`).
        const ended = stop;
        stop = undefined;
        flushWhile(() => true);
        stop ??= ended;
      }
      this.stop = stop ?? 'done';
    };

    // DTSTART always counts as the first instance.
    const inWindow = (bounds.fromMs === undefined || startMs >= bounds.fromMs) && (bounds.toMs === undefined || startMs < bounds.toMs);
    const early = ((): EngineStop | undefined => {
      if (bounds.limit <= 0 || (untilMs !== undefined && startMs > untilMs)) return 'done';
      if (inWindow) {
        kept += 1;
        ready[0] = startMs;
        this.tail = 1;
      }
      if (kept >= bounds.limit) return 'limit';
      if (rule.count !== undefined && counted >= rule.count) return 'done';
      if (bounds.toMs !== undefined && startMs >= bounds.toMs) return 'done';
      return undefined;
    })();
    if (early !== undefined) {
      this.stop = early;
      this.nextCandidate = undefined;
      return;
    }
    const plan = planOf(rule, start);
    if (neverMatches(plan) !== undefined) {
      this.stop = 'never';
      this.nextCandidate = undefined;
      return;
    }
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
    const scan: Scan = { lowBound, exists, charge, stopped };
    this.nextCandidate = plan.unit === undefined ? dayLevelScan(plan, scan) : subDailyScan(plan, scan, resume);
  }

  next(): IteratorResult<number, undefined> {
    if (this.head >= this.tail) {
      this.head = 0;
      this.tail = 0;
      this.fill();
      if (this.tail === 0) return { value: undefined, done: true };
    }
    const value = this.ready[this.head] ?? 0;
    this.head += 1;
    return { value, done: false };
  }

  [Symbol.iterator](): this {
    return this;
  }

  /**
   * Pushes every instant still to come onto `out` and returns it: the whole run without an
   * iterator result per instant (what a list of all of them needs).
   */
  drain(out: number[]): number[] {
    const ready = this.ready;
    for (;;) {
      for (let i = this.head; i < this.tail; i += 1) out.push(ready[i] ?? 0);
      this.head = 0;
      this.tail = 0;
      this.fill();
      if (this.tail === 0) return out;
    }
  }

  /** Scans candidates until one or more instants are ready or the run ends. */
  private fill(): void {
    const nextCandidate = this.nextCandidate;
    if (this.stop !== undefined || nextCandidate === undefined) return;
    for (;;) {
      const floating = nextCandidate();
      if (floating === undefined || this.visit(floating)) {
        this.finish();
        return;
      }
      if (this.tail > 0) return;
    }
  }
}

/**
 * Most (day of the 400-year cycle, time of day) pairs a sparse sub-daily rule may have for
 * the arithmetic search ({@link sparseSearch}); more gives `'too-sparse'`.
 */
export const MAX_SPARSE_PAIRS = 20_000;

/** Most arithmetic jumps in one expansion; more gives `'too-sparse'` (each jump costs ~ms). */
export const MAX_SPARSE_JUMPS = 64;

