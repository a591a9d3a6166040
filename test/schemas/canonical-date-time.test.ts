import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DateTimeSchema, validateInvoiceUpdate } from '../../src/schemas/index.js';
import { LEAP_SECOND_PAST_9999_MESSAGE, canonicalDateTime } from '../../src/shared/canonical-date-time.js';
import { parseDateTime } from '../../src/shared/rfc3339.js';

const two = (min: number, max: number) => fc.integer({ min, max }).map((n) => String(n).padStart(2, '0'));
const dateTimeArb = fc
  .record({
    year: fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
    month: two(1, 12),
    day: two(1, 28),
    hour: two(0, 23),
    minute: two(0, 59),
    second: two(0, 59),
    fraction: fc.option(fc.stringMatching(/^\.\d{1,9}$/), { nil: '' }),
    t: fc.constantFrom('T', 't'),
    zone: fc.oneof(fc.constantFrom('Z', 'z'), fc.tuple(fc.constantFrom('+', '-'), two(0, 23), two(0, 59)).map(([s, h, m]) => `${s}${h}:${m}`)),
  })
  .map((p) => `${p.year}-${p.month}-${p.day}${p.t}${p.hour}:${p.minute}:${p.second}${p.fraction}${p.zone}`);

describe('canonical date-times (issue 12)', () => {
  it('uppercases T and Z, keeps every other character, the same instant, and is idempotent', () => {
    fc.assert(
      fc.property(dateTimeArb, (text) => {
        const canonical = canonicalDateTime(text);
        expect(canonical).toEqual({ ok: true, value: text.replace('t', 'T').replace(/z$/, 'Z') });
        if (!canonical.ok) return;
        expect(canonicalDateTime(canonical.value)).toEqual(canonical);
        expect(parseDateTime(canonical.value)).toEqual(parseDateTime(text));
      }),
      { numRuns: 300 },
    );
  });

  it('writes a leap second as the next second in the sender\'s offset, never as :60', () => {
    expect(canonicalDateTime('2016-12-31T23:59:60Z')).toEqual({ ok: true, value: '2017-01-01T00:00:00Z' });
    expect(canonicalDateTime('2016-12-31t23:59:60.999999999z')).toEqual({ ok: true, value: '2017-01-01T00:00:00.999999999Z' });
    expect(canonicalDateTime('2017-01-01T08:59:60+09:00')).toEqual({ ok: true, value: '2017-01-01T09:00:00+09:00' });
    expect(canonicalDateTime('2016-12-31T18:59:60-05:00')).toEqual({ ok: true, value: '2016-12-31T19:00:00-05:00' });
    expect(canonicalDateTime('9999-12-31T23:59:60Z')).toEqual({ ok: false, error: LEAP_SECOND_PAST_9999_MESSAGE });
    expect(canonicalDateTime('2026-01-01T10:00:60Z').ok).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9998 }), fc.integer({ min: -23 * 60, max: 23 * 60 }), (year, offset) => {
        const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');
        const zone = offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
        const utc = new Date(Date.UTC(2000, 0, 1));
        utc.setUTCFullYear(year, 11, 31);
        utc.setUTCHours(23, 59, 59);
        const local = new Date(utc.getTime() + offset * 60_000);
        const text = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:60${zone}`;
        const canonical = canonicalDateTime(text);
        expect(canonical.ok).toBe(true);
        if (!canonical.ok) return;
        expect(canonical.value.slice(17, 19)).toBe('00');
        expect(canonical.value.endsWith(zone)).toBe(true);
        const parsed = parseDateTime(canonical.value);
        expect(parsed.ok && parsed.value.getTime()).toBe(utc.getTime() + 1000);
      }),
      { numRuns: 100 },
    );
  });

  it('accepts a :60 exactly where parseDateTime does, and names the same instant', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
        fc.constantFrom('', '.5', '.000000001'),
        fc.boolean(),
        (year, anyHour, anyMinute, offset, fraction, atUtcEnd) => {
          // Half the cases put the wall minute at 23:59 UTC, where a leap second is accepted.
          const wallMinute = atUtcEnd ? (((23 * 60 + 59 + offset) % 1440) + 1440) % 1440 : anyHour * 60 + anyMinute;
          const [hour, minute] = [Math.floor(wallMinute / 60), wallMinute % 60];
          const zone = offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
          const text = `${String(year).padStart(4, '0')}-12-31T${two(hour)}:${two(minute)}:60${fraction}${zone}`;
          const canonical = canonicalDateTime(text);
          const parsed = parseDateTime(text);
          if (!parsed.ok) {
            expect(canonical).toEqual(parsed);
            return;
          }
          if (!canonical.ok) {
            expect(canonical.error).toBe(LEAP_SECOND_PAST_9999_MESSAGE);
            return;
          }
          const again = parseDateTime(canonical.value);
          expect(again.ok && again.value.getTime()).toBe(parsed.value.getTime());
          expect(canonical.value.endsWith(`:00${fraction}${zone}`)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is what DateTimeSchema and the update validator return, for dueDate and invoiceDate', () => {
    expect(v.parse(DateTimeSchema, '2026-01-01t00:00:00z')).toBe('2026-01-01T00:00:00Z');
    expect(validateInvoiceUpdate({ dueDate: '2026-01-01t00:00:00z', invoiceDate: '2016-12-31T23:59:60Z' })).toEqual({
      ok: true,
      value: { dueDate: '2026-01-01T00:00:00Z', invoiceDate: '2017-01-01T00:00:00Z' },
    });
  });
});
