/**
 * A seeded generator of valid RRULEs and DTSTARTs for the differential and property tests.
 * Rules are kept dense enough that an occurrence-by-occurrence oracle finishes quickly.
 */

/** mulberry32: a small deterministic PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Case = { id: string; rule: string; dtstart: string; n: number };

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const FREQS = ['YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY', 'MINUTELY', 'SECONDLY'] as const;

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** Generates `count` cases from `seed`. */
export function generateCases(seed: number, count: number, n = 20): Case[] {
  const rand = prng(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)] as T;
  const maybe = (p: number): boolean => rand() < p;
  const some = (lo: number, hi: number, k: number, nonZeroSigned = false): number[] => {
    const out = new Set<number>();
    const size = int(1, k);
    while (out.size < size) {
      const v = int(lo, hi);
      if (nonZeroSigned && v === 0) continue;
      out.add(v);
    }
    return [...out];
  };
  const cases: Case[] = [];
  for (let i = 0; i < count; i += 1) {
    const freq = pick(FREQS);
    const parts: string[] = [`FREQ=${freq}`];
    const subDaily = freq === 'HOURLY' || freq === 'MINUTELY' || freq === 'SECONDLY';
    if (maybe(0.5)) parts.push(`INTERVAL=${int(1, subDaily ? 7 : 4)}`);
    let byPart = false;
    // dateutil scans SECONDLY rules second by second: day-level parts would make it crawl.
    const dayParts = freq !== 'SECONDLY';
    if (dayParts && maybe(subDaily ? 0.2 : 0.35)) {
      parts.push(`BYMONTH=${some(1, 12, 4).join(',')}`);
      byPart = true;
    }
    const numbered = (freq === 'MONTHLY' || freq === 'YEARLY') && maybe(0.4);
    let weekNo = false;
    if (freq === 'YEARLY' && !numbered && maybe(0.25)) {
      parts.push(`BYWEEKNO=${some(-53, 53, 3, true).join(',')}`);
      weekNo = byPart = true;
    }
    if (freq === 'YEARLY' && !parts.some((p) => p.startsWith('BYMONTH=')) && maybe(0.2)) {
      parts.push(`BYYEARDAY=${some(-366, 366, 4, true).join(',')}`);
      byPart = true;
    }
    const sparse = numbered || parts.some((p) => p.startsWith('BYYEARDAY='));
    if (dayParts && freq !== 'WEEKLY' && !sparse && maybe(subDaily ? 0.15 : 0.35)) {
      parts.push(`BYMONTHDAY=${some(-31, 31, 4, true).join(',')}`);
      byPart = true;
    }
    let plainDays = false;
    if (maybe(0.5) || numbered) {
      // Numbered and plain weekdays are never mixed here: dateutil intersects them instead
      // of taking their union (see rrule-dateutil.test.ts), so the mix is tested by hand.
      const days = some(0, 6, 4).map((d) => {
        const code = WEEKDAYS[d] as string;
        if (!numbered) return code;
        const max = freq === 'MONTHLY' || parts.some((p) => p.startsWith('BYMONTH=')) ? 4 : 52;
        const ord = int(1, max) * (maybe(0.5) ? -1 : 1);
        return `${ord}${code}`;
      });
      parts.push(`BYDAY=${days.join(',')}`);
      plainDays = !numbered;
      byPart = true;
    }
    if (maybe(freq === 'SECONDLY' ? 0.6 : 0.3)) {
      parts.push(`BYHOUR=${some(0, 23, 3).join(',')}`);
      byPart = true;
    }
    if (maybe(freq === 'SECONDLY' ? 0.6 : 0.3)) {
      parts.push(`BYMINUTE=${some(0, 59, 3).join(',')}`);
      byPart = true;
    }
    if (maybe(0.2)) {
      parts.push(`BYSECOND=${some(0, 59, 3).join(',')}`);
      byPart = true;
    }
    // BYSETPOS only where every period holds several candidates, so that the oracle (which
    // scans period by period) never searches for a position that cannot exist.
    const setPosSafe =
      (freq === 'MONTHLY' || freq === 'YEARLY') &&
      !parts.some((p) => /^BY(MONTHDAY|YEARDAY|WEEKNO)=/.test(p)) &&
      (plainDays || !parts.some((p) => p.startsWith('BYDAY=')));
    if (byPart && setPosSafe && maybe(0.4)) parts.push(`BYSETPOS=${some(-3, 3, 2, true).join(',')}`);
    if (maybe(0.2)) parts.push(`WKST=${pick(WEEKDAYS)}`);
    const year = int(1990, 2030);
    const month = int(1, 12);
    const day = int(1, 28);
    const dtstart = `${year}-${pad(month)}-${pad(day)}T${pad(int(0, 23))}:${pad(int(0, 59))}:${pad(int(0, 59))}Z`;
    const end = rand();
    if (end < 0.25) parts.push(`COUNT=${int(1, 30)}`);
    else if (end < 0.45) {
      const uy = year + int(0, 3);
      parts.push(`UNTIL=${uy}${pad(int(1, 12))}${pad(int(1, 28))}T${pad(int(0, 23))}${pad(int(0, 59))}00Z`);
    }
    // Parts in a shuffled order: order must not matter.
    for (let j = parts.length - 1; j > 0; j -= 1) {
      const k = int(0, j);
      [parts[j], parts[k]] = [parts[k] as string, parts[j] as string];
    }
    cases.push({ id: String(i), rule: parts.join(';'), dtstart, n });
  }
  return cases;
}
