import { SECONDS_PER_DAY } from './plan.js';

/** How the engine turns floating seconds into an instant (ms), undefined in a DST gap. */
type ToInstant = (floatingSeconds: number) => number | undefined;

/**
 * The `index`-th candidate (floating seconds) of a period's days x times of day.
 *
 * @example
 * candidateAt([20454], [32400, 50400], 1) // 20454 * 86400 + 50400
 */
export function candidateAt(days: readonly number[], times: readonly number[], index: number): number {
  const perDay = times.length;
  return (days[Math.floor(index / perDay)] ?? 0) * SECONDS_PER_DAY + (times[index % perDay] ?? 0);
}

/** True when a floating time exists as a local time (false in a DST gap). */
export type Exists = (floating: number) => boolean;

/**
 * Indices (into days x times) picked by BYSETPOS from the candidates that exist: a
 * nonexistent local time is not part of the recurrence set (RFC 5545 3.3.10), so it is
 * dropped before counting positions. Walks from each end only as far as the largest
 * position asked for.
 *
 * @example
 * pickBySetPos([2], [day], [5400, 9000, 12600], (f) => f % 86400 !== 9000) // [2]: 02:30 is missing
 */
export function pickBySetPos(positions: readonly number[], days: readonly number[], times: readonly number[], exists: Exists): number[] {
  const total = days.length * times.length;
  // Existing candidates are at most `total`: a position beyond it selects nothing, unwalked.
  const inRange = positions.filter((p) => Math.abs(p) <= total);
  const maxFromStart = Math.max(0, ...inRange);
  const maxFromEnd = Math.max(0, ...inRange.map((p) => -p));
  const fromStart: number[] = [];
  for (let i = 0; i < total && fromStart.length < maxFromStart; i += 1) {
    if (exists(candidateAt(days, times, i))) fromStart.push(i);
  }
  const fromEnd: number[] = [];
  for (let i = total - 1; i >= 0 && fromEnd.length < maxFromEnd; i -= 1) {
    if (exists(candidateAt(days, times, i))) fromEnd.push(i);
  }
  const picked = new Set<number>();
  for (const pos of inRange) {
    const index = pos > 0 ? fromStart[pos - 1] : fromEnd[-pos - 1];
    if (index !== undefined) picked.add(index); // out of range: selects nothing
  }
  return [...picked].sort((a, b) => a - b);
}

/**
 * An {@link Exists} for a wall clock: a local day exactly 24 hours long has no gap, so its
 * times exist without asking one by one (two look-ups per day, cached); other days ask for
 * each time.
 *
 * @example
 * existsOf((f) => f * 1000)(1_700_000_000) // true: UTC has no gaps
 */
export function existsOf(toInstant: ToInstant): Exists {
  let wholeDays: Map<number, boolean> | undefined; // made on first use: most rules never ask
  const isWholeDay = (day: number): boolean => {
    wholeDays ??= new Map();
    let whole = wholeDays.get(day);
    if (whole === undefined) {
      const dayStart = toInstant(day * SECONDS_PER_DAY);
      const dayEnd = toInstant((day + 1) * SECONDS_PER_DAY);
      whole = dayStart !== undefined && dayEnd !== undefined && dayEnd - dayStart === SECONDS_PER_DAY * 1000;
      if (wholeDays.size >= 1024) wholeDays.clear();
      wholeDays.set(day, whole);
    }
    return whole;
  };
  return (floating) => isWholeDay(Math.floor(floating / SECONDS_PER_DAY)) || toInstant(floating) !== undefined;
}
