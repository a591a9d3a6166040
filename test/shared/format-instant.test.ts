import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInstant } from '../../src/shared/format-instant.js';
import { formatDateTime, formatEpochMs } from '../../src/shared/rfc3339.js';

// Issue 34: the RFC 3339 formatter of occurrences (integer arithmetic, cached date and clock
// parts) against the platform's own: Date.prototype.toISOString less its ".000", over every
// year of four digits, with random offsets.

/** 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z. */
const first = new Date(0);
first.setUTCFullYear(1, 0, 1);
const FIRST = first.getTime();
const LAST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** What the formatter must write: toISOString of the wall time at the offset, `.000` dropped, the offset's text. */
function expected(ms: number, offsetMinutes: number): string {
  const iso = new Date(ms + offsetMinutes * 60_000).toISOString().replace('.000Z', 'Z');
  if (offsetMinutes === 0) return iso;
  const size = Math.abs(offsetMinutes);
  const offset = `${offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
  return `${iso.slice(0, -1)}${offset}`;
}

const instant = fc.oneof(
  fc.integer({ min: FIRST, max: LAST }),
  // Whole seconds and whole days, as occurrences are.
  fc.integer({ min: Math.ceil(FIRST / 1000), max: Math.floor(LAST / 1000) }).map((s) => s * 1000),
  fc.integer({ min: Math.ceil(FIRST / 86_400_000), max: Math.floor(LAST / 86_400_000) }).map((d) => d * 86_400_000),
  fc.constantFrom(FIRST, LAST, 0, -1, 951_782_400_000, 951_868_799_999, 4_107_542_400_000),
);
const offset = fc.oneof(fc.constant(0), fc.integer({ min: -1439, max: 1439 }), fc.constantFrom(-1439, 1439, -240, 330, 345, 60, -60));

describe('formatInstant', () => {
  it('is toISOString less ".000" in UTC, from 0001 to 9999', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        expect(formatInstant(ms)).toBe(expected(ms, 0));
        expect(formatDateTime(new Date(ms))).toBe(expected(ms, 0));
        expect(formatEpochMs(ms)).toBe(expected(ms, 0));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes the wall time at a random offset with its +hh:mm / -hh:mm, naming the same instant', () => {
    fc.assert(
      fc.property(instant, offset, (ms, minutes) => {
        const local = ms + minutes * 60_000;
        fc.pre(local >= FIRST && local <= LAST);
        const text = formatInstant(ms, minutes);
        expect(text).toBe(expected(ms, minutes));
        expect(Date.parse(text ?? '')).toBe(ms);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same text whatever was formatted before it (the cached date and clock parts)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(instant, offset), { minLength: 2, maxLength: 30 }), (pairs) => {
        const inRange = pairs.filter(([ms, minutes]) => ms + minutes * 60_000 >= FIRST && ms + minutes * 60_000 <= LAST);
        for (const [ms, minutes] of inRange) expect(formatInstant(ms, minutes)).toBe(expected(ms, minutes));
      }),
    );
  });

  it('has no text for a wall time outside years 0000-9999, a fraction of a millisecond or an offset it cannot write', () => {
    const year10000 = Date.UTC(9999, 11, 31, 23, 59, 59, 999) + 1;
    expect(formatInstant(year10000)).toBeUndefined();
    expect(formatInstant(LAST, 1)).toBeUndefined();
    expect(formatInstant(Date.UTC(2026, 0, 1), 1440)).toBeUndefined();
    expect(formatInstant(Date.UTC(2026, 0, 1), 0.5)).toBeUndefined();
    expect(formatInstant(0.5)).toBeUndefined();
    expect(formatInstant(Number.NaN)).toBeUndefined();
    // Year 0000 has four digits; formatDateTime keeps what Date gives beyond them.
    const year0 = new Date(0);
    year0.setUTCFullYear(0, 0, 1);
    expect(formatInstant(year0.getTime())).toBe('0000-01-01T00:00:00Z');
    expect(formatDateTime(new Date(year10000))).toBe('10000-01-01T00:00:00Z');
    expect(formatEpochMs(year10000)).toBe('10000-01-01T00:00:00Z');
  });
});
