import type { Plan } from './plan.js';
import { type Exists, candidateAt, pickBySetPos } from './set-pos.js';

/**
 * The candidates of one period, handed out one at a time in ascending order: the period's
 * sorted days x sorted times of day (plus `shift` seconds), or the ones BYSETPOS picks, at
 * or after the scan's lower bound. Refilled in place for each period, so a scan allocates
 * no list per candidate.
 *
 * @example
 * const period = new PeriodCandidates(plan, lowBound, exists)
 * period.fill([20454], [32400], 0)
 * period.take() // 20454 * 86400 + 32400, then undefined
 */
export class PeriodCandidates {
  private days: readonly number[] = [];
  private times: readonly number[] = [];
  private shift = 0;
  private picks: readonly number[] | undefined;
  private index = 0;
  private end = 0;
  private readonly oneDay: number[] = [0];

  constructor(
    private readonly plan: Plan,
    private readonly lowBound: number,
    private readonly exists: Exists,
  ) {}

  /**
   * Starts a period: `days` (day numbers) x `times` (seconds of the day, each plus `shift`).
   * With BYSETPOS the positions are picked now (`shift` must then be 0: the gap checks read
   * the candidates' own floating times).
   */
  fill(days: readonly number[], times: readonly number[], shift: number): void {
    this.days = days;
    this.times = times;
    this.shift = shift;
    this.index = 0;
    const total = days.length * times.length;
    if (total === 0) {
      this.picks = undefined;
      this.end = 0;
    } else if (this.plan.bySetPos !== undefined) {
      this.picks = pickBySetPos(this.plan.bySetPos, days, times, this.exists);
      this.end = this.picks.length;
    } else {
      this.picks = undefined;
      this.end = total;
      if (days.length > 1) this.index = this.firstAtOrAbove(total);
    }
  }

  /** {@link fill} with the single day `day` (no list allocated: DAILY and sub-daily periods have one day). */
  fillDay(day: number, times: readonly number[], shift: number): void {
    this.oneDay[0] = day;
    this.fill(this.oneDay, times, shift);
  }

  /** The next candidate (floating seconds) at or after the lower bound, or `undefined` when the period is done. */
  take(): number | undefined {
    while (this.index < this.end) {
      const i = this.index;
      this.index += 1;
      const position = this.picks === undefined ? i : (this.picks[i] ?? 0);
      const floating = candidateAt(this.days, this.times, position) + this.shift;
      if (floating >= this.lowBound) return floating;
    }
    return undefined;
  }

  /** The first index whose candidate is at or after the lower bound (binary search: candidates ascend). */
  private firstAtOrAbove(total: number): number {
    let lo = 0;
    let hi = total;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (candidateAt(this.days, this.times, mid) + this.shift < this.lowBound) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
