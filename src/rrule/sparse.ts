import type { Plan } from './plan.js';

/** Days in a 400-year Gregorian cycle, after which every day pattern repeats. */
const CYCLE_DAYS = 146_097;
/** Seconds in that cycle. */
const CYCLE_SECONDS = CYCLE_DAYS * 86_400;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The inverse of `a` modulo `m` (a and m coprime), by the extended Euclidean algorithm. */
function inverseMod(a: bigint, m: bigint): bigint {
  let [r0, r1] = [((a % m) + m) % m, m];
  let [s0, s1] = [1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % m) + m) % m;
}

/**
 * Finds, by arithmetic, the next period start of a SECONDLY/MINUTELY/HOURLY rule that
 * matches the rule's day and time parts: `next(position)` gives the first matching period
 * start at or after `position` (floating seconds), or `undefined` when there is none ever.
 */
export type SparseSearch = { readonly next: (position: number) => number | undefined };

/**
 * Builds a {@link SparseSearch} for a sub-daily rule, or returns `undefined` when the rule
 * has more than `budget` (day of the 400-year cycle, time of day) pairs the step can reach.
 *
 * Why it is exact: a period start p matches when its day passes the day parts and its time
 * of day is allowed, and both depend only on p modulo the 400-year cycle C (146,097 days).
 * Period starts are DTSTART's period plus multiples of the step s, so p must satisfy
 * p = first (mod s) and p = d x 86400 + t (mod C) for a passing day d and an allowed t; by
 * the Chinese remainder theorem that pair is solvable iff d x 86400 + t = first
 * (mod gcd(s, C)), and then its solutions are one residue modulo lcm(s, C). One pass over
 * the cycle's days lists the solvable pairs; each search takes the least solution over them.
 *
 * @example
 * sparseSearch(planOf(parse('FREQ=HOURLY;INTERVAL=25;BYMONTH=2;BYMONTHDAY=29;BYHOUR=0;BYDAY=MO'), jan2026), 20_000)
 *   ?.next(jan2026) // floating seconds of 2196-02-29T00:00:00
 */
export function sparseSearch(plan: Plan, budget: number): SparseSearch | undefined {
  if (plan.unit === undefined) return undefined;
  const unit = plan.unit;
  const step = plan.interval * unit;
  const first = Math.floor(plan.start / unit) * unit;
  const g = gcd(step, CYCLE_SECONDS);
  const mod = (n: number, m: number): number => ((n % m) + m) % m;
  const timesByResidue = new Map<number, number[]>();
  const minutes = unit <= 60 ? plan.minutes : [0];
  const seconds = unit === 1 ? plan.seconds : [0];
  for (const h of plan.hours) {
    for (const m of minutes) {
      for (const s of seconds) {
        const t = h * 3600 + m * 60 + s;
        const list = timesByResidue.get(mod(t, g));
        if (list === undefined) timesByResidue.set(mod(t, g), [t]);
        else list.push(t);
      }
    }
  }
  // Solvable pairs as absolute seconds within one cycle starting at DTSTART's day.
  const base = plan.startDay;
  const pairs: number[] = [];
  for (let i = 0; i < CYCLE_DAYS; i += 1) {
    const day = base + i;
    if (!plan.dayFilter(day)) continue;
    const times = timesByResidue.get(mod(first - day * 86_400, g));
    if (times === undefined) continue;
    if (pairs.length + times.length > budget) return undefined;
    for (const t of times) pairs.push(day * 86_400 + t);
  }
  const stepPart = BigInt(step / g);
  const cycle = BigInt(CYCLE_SECONDS);
  const inverse = inverseMod(BigInt(CYCLE_SECONDS / g), stepPart);
  const lcm = cycle * stepPart;
  const bigFirst = BigInt(first);
  return {
    next(position) {
      let best: bigint | undefined;
      const pos = BigInt(position);
      for (const pair of pairs) {
        // The copy of the pair in the cycle that starts on or before the position's day.
        const shift = Math.floor((Math.floor(position / 86_400) - Math.floor(pair / 86_400)) / CYCLE_DAYS);
        const at = BigInt(pair) + BigInt(shift) * cycle;
        // at + j x C = first (mod step): j = ((first - at) / g) x (C / g)^-1 (mod step / g).
        const rhs = (((bigFirst - at) / BigInt(g)) % stepPart + stepPart) % stepPart;
        let p = at + ((rhs * inverse) % stepPart) * cycle;
        while (p < pos) p += lcm;
        if (best === undefined || p < best) best = p;
      }
      return best === undefined || best > BigInt(Number.MAX_SAFE_INTEGER) ? undefined : Number(best);
    },
  };
}
