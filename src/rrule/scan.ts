import type { PeriodCandidates } from './period-candidates.js';
import type { Exists } from './set-pos.js';

/** The last floating time a scan reaches: two days past the end of year 9999 (an offset's margin). */
export const LAST_FLOATING = Date.UTC(10000, 0, 2) / 1000;

/** What a candidate scan reads: the lowest candidate wanted, gap checks, the work meter and the stop flag. */
export type Scan = {
  readonly lowBound: number;
  readonly exists: Exists;
  /** Adds scanning work; true = stop (the idle cap or a stop already set). */
  readonly charge: (work: number) => boolean;
  readonly stopped: () => boolean;
};

/** Called at the idle cap with the current period start: the next period start to scan, or undefined to stop. */
export type Resume = (position: number) => number | undefined;

/**
 * A pull-based scan: each call gives the next candidate (floating seconds, ascending), or
 * `undefined` once the scan has ended (and on every call after).
 */
export type NextCandidate = () => number | undefined;

/**
 * A {@link NextCandidate} that hands out `period`'s candidates and, when they run out, calls
 * `enterPeriod` to fill in the next period (false: the scan has ended); a stop set while a
 * period was handed out ends the scan before the next one.
 *
 * @example
 * const next = periodByPeriod(period, enterPeriod, stopped)
 * next() // the first candidate of the first period that has one
 */
export function periodByPeriod(period: PeriodCandidates, enterPeriod: () => boolean, stopped: () => boolean): NextCandidate {
  let started = false;
  let ended = false;
  return () => {
    for (;;) {
      if (ended) return undefined;
      const floating = period.take();
      if (floating !== undefined) return floating;
      if ((started && stopped()) || !enterPeriod()) {
        ended = true;
        return undefined;
      }
      started = true;
    }
  };
}
