import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_TIME_MESSAGE, daysInMonth, parseDateTime, readDateTime } from '../../src/shared/rfc3339.js';

// The reader of version 0.1, kept as the oracle: one capturing pattern, fields cut from its
// groups. `readDateTime` reads the digits at their fixed places instead (issue 15: a request
// body's two date-times cost 1.2 µs this way, 0.17 µs the new way), and must agree with it.
const CAPTURING =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

function referenceRead(text: string) {
  const m = CAPTURING.exec(text);
  if (m === null) return DATE_TIME_MESSAGE;
  const [, ys, mos, ds, hs, mis, ss, frac, z, sign, ohs, oms] = m as unknown as string[];
  const [year, month, day, hour, minute, second] = [ys, mos, ds, hs, mis, ss].map(Number) as number[] as [number, number, number, number, number, number];
  if (month < 1 || month > 12) return `month ${mos} does not exist`;
  if (day < 1 || day > daysInMonth(year, month)) return `day ${ds} does not exist in ${ys}-${mos}`;
  if (hour > 23) return `hour ${hs} does not exist`;
  if (minute > 59) return `minute ${mis} does not exist`;
  if (second > 60) return `second ${ss} does not exist`;
  let offsetMinutes = 0;
  if (z === undefined) {
    if (Number(ohs) > 23 || Number(oms) > 59) return `time offset ${sign}${ohs}:${oms} does not exist`;
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(ohs) * 60 + Number(oms));
  }
  return { year, month, day, hour, minute, second, fraction: frac ?? '', offsetMinutes };
}

const digits = (width: number) => fc.stringMatching(new RegExp(`^\\d{${width}}$`));
/** Date-time shapes with any digits (so every range rule is hit), and near-misses of the shape. */
const candidate = fc.oneof(
  fc
    .tuple(digits(4), digits(2), digits(2), fc.constantFrom('T', 't', ' ', 'x'), digits(2), digits(2), digits(2),
      fc.constantFrom('', '.5', '.123456789', '.1234567890', '.'),
      fc.oneof(fc.constantFrom('Z', 'z', '', 'UTC', '+24:00', '-00:60'), fc.tuple(fc.constantFrom('+', '-'), digits(2), digits(2)).map(([s, h, m]) => `${s}${h}:${m}`)))
    .map(([y, mo, d, t, h, mi, s, f, z]) => `${y}-${mo}-${d}${t}${h}:${mi}:${s}${f}${z}`),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('2024-02-29T00:00:00Z', '2023-02-29T00:00:00Z', '2016-12-31T23:59:60Z', '0000-01-01T00:00:00+23:59', '٢٠٢٦-01-01T00:00:00Z'),
);

describe('readDateTime (issue 15: the date-time rule without a capturing pattern or a Date)', () => {
  it('gives the fields or the message of the former capturing reader, for any string', () => {
    fc.assert(
      fc.property(candidate, (text) => {
        expect(readDateTime(text)).toEqual(referenceRead(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts exactly what parseDateTime accepts, but for a :60 away from 23:59 UTC', () => {
    fc.assert(
      fc.property(candidate, (text) => {
        const fields = readDateTime(text);
        const parsed = parseDateTime(text);
        if (typeof fields === 'string') expect(parsed).toEqual({ ok: false, error: fields });
        else if (fields.second !== 60) expect(parsed.ok).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads the leap days and the offsets at their bounds', () => {
    expect(readDateTime('2024-02-29T00:00:00Z')).toMatchObject({ year: 2024, month: 2, day: 29 });
    expect(readDateTime('2100-02-29T00:00:00Z')).toBe('day 29 does not exist in 2100-02');
    expect(readDateTime('2026-04-01T09:00:00.250-23:59')).toMatchObject({ fraction: '.250', offsetMinutes: -(23 * 60 + 59) });
    expect(readDateTime('2026-04-01T09:00:00+24:00')).toBe('time offset +24:00 does not exist');
  });
});
