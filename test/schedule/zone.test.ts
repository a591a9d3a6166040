import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type WallTime, epochMsToWall, instantOf, instantOfLocalMs, isTimeZone, wallTimeOf, wallToEpochMs } from '../../src/rrule/zone.js';
import { runUnderTimeZone } from './process-tz.js';

const wall = (year: number, month: number, day: number, hour: number, minute = 0, second = 0): WallTime => ({
  year,
  month,
  day,
  hour,
  minute,
  second,
});
const at = (iso: string): Date => new Date(iso);

// Hand-derived facts from the published zone rules:
// US 2026: clocks go 02:00 EST -> 03:00 EDT on Mar 8, and 02:00 EDT -> 01:00 EST on Nov 1.
// EU 2026: changes at 01:00 UTC on Mar 29 and Oct 25 (Berlin: 02:00 -> 03:00, 03:00 -> 02:00).
// Lord Howe 2026: 02:00 LHDT (+11) -> 01:30 LHST (+10:30) on Apr 5; 02:00 -> 02:30 on Oct 4.
// Asia/Kolkata: +05:30 all year, no DST.
describe('wallTimeOf', () => {
  it.each([
    ['2026-07-01T13:00:00Z', 'America/New_York', wall(2026, 7, 1, 9)],
    ['2026-01-15T14:00:00Z', 'America/New_York', wall(2026, 1, 15, 9)],
    ['2026-03-08T06:59:59Z', 'America/New_York', wall(2026, 3, 8, 1, 59, 59)],
    ['2026-03-08T07:00:00Z', 'America/New_York', wall(2026, 3, 8, 3)],
    ['2026-11-01T05:30:00Z', 'America/New_York', wall(2026, 11, 1, 1, 30)],
    ['2026-11-01T06:30:00Z', 'America/New_York', wall(2026, 11, 1, 1, 30)],
    ['2026-03-29T00:59:59Z', 'Europe/Berlin', wall(2026, 3, 29, 1, 59, 59)],
    ['2026-03-29T01:00:00Z', 'Europe/Berlin', wall(2026, 3, 29, 3)],
    ['2026-10-25T00:30:00Z', 'Europe/Berlin', wall(2026, 10, 25, 2, 30)],
    ['2026-10-25T01:30:00Z', 'Europe/Berlin', wall(2026, 10, 25, 2, 30)],
    ['2026-04-04T14:45:00Z', 'Australia/Lord_Howe', wall(2026, 4, 5, 1, 45)],
    ['2026-04-04T15:15:00Z', 'Australia/Lord_Howe', wall(2026, 4, 5, 1, 45)],
    ['2026-10-03T15:30:00Z', 'Australia/Lord_Howe', wall(2026, 10, 4, 2, 30)],
    ['2025-12-31T18:30:00Z', 'Asia/Kolkata', wall(2026, 1, 1, 0)],
    ['2026-06-30T18:29:59Z', 'Asia/Kolkata', wall(2026, 6, 30, 23, 59, 59)],
    ['2024-02-29T23:59:59Z', 'UTC', wall(2024, 2, 29, 23, 59, 59)],
    ['2026-01-01T00:00:00.999Z', 'UTC', wall(2026, 1, 1, 0)],
  ])('%s in %s', (iso, zone, expected) => {
    expect(wallTimeOf(at(iso), zone)).toEqual(expected);
  });

  it('reads midnight as hour 0, never 24 (hourCycle h23)', () => {
    expect(wallTimeOf(at('2026-05-01T04:00:00Z'), 'America/New_York').hour).toBe(0);
    expect(wallTimeOf(at('2026-05-01T00:00:00Z'), 'Europe/London').hour).toBe(1);
  });

  it('refuses an unknown zone and an invalid Date with RangeError', () => {
    expect(() => wallTimeOf(at('2026-01-01T00:00:00Z'), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => wallTimeOf(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });
});

describe('instantOf', () => {
  it.each([
    [wall(2026, 7, 1, 9), 'America/New_York', '2026-07-01T13:00:00.000Z'],
    [wall(2026, 3, 8, 1, 59, 59), 'America/New_York', '2026-03-08T06:59:59.000Z'],
    [wall(2026, 3, 8, 3), 'America/New_York', '2026-03-08T07:00:00.000Z'],
    // Ambiguous: the first (EDT) instance, RFC 5545 3.3.5.
    [wall(2026, 11, 1, 1), 'America/New_York', '2026-11-01T05:00:00.000Z'],
    [wall(2026, 11, 1, 1, 59, 59), 'America/New_York', '2026-11-01T05:59:59.000Z'],
    [wall(2026, 11, 1, 2), 'America/New_York', '2026-11-01T07:00:00.000Z'],
    [wall(2026, 3, 8, 9), 'America/Chicago', '2026-03-08T14:00:00.000Z'],
    [wall(2026, 10, 25, 2, 30), 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
    [wall(2026, 10, 25, 3), 'Europe/Berlin', '2026-10-25T02:00:00.000Z'],
    [wall(2026, 3, 29, 3), 'Europe/Berlin', '2026-03-29T01:00:00.000Z'],
    [wall(2026, 4, 5, 1, 45), 'Australia/Lord_Howe', '2026-04-04T14:45:00.000Z'],
    [wall(2026, 4, 5, 1, 29, 59), 'Australia/Lord_Howe', '2026-04-04T14:29:59.000Z'],
    [wall(2026, 4, 5, 2), 'Australia/Lord_Howe', '2026-04-04T15:30:00.000Z'],
    [wall(2026, 10, 4, 2, 30), 'Australia/Lord_Howe', '2026-10-03T15:30:00.000Z'],
    [wall(2026, 1, 1, 0), 'Asia/Kolkata', '2025-12-31T18:30:00.000Z'],
    [wall(2024, 2, 29, 12), 'UTC', '2024-02-29T12:00:00.000Z'],
    [wall(50, 1, 1, 0), 'UTC', '0050-01-01T00:00:00.000Z'],
  ])('%o in %s', (w, zone, expected) => {
    expect(instantOf(w, zone)?.toISOString()).toBe(expected);
  });

  it.each([
    [wall(2026, 3, 8, 2), 'America/New_York'],
    [wall(2026, 3, 8, 2, 59, 59), 'America/New_York'],
    [wall(2026, 3, 29, 2, 30), 'Europe/Berlin'],
    [wall(2026, 10, 4, 2), 'Australia/Lord_Howe'],
    [wall(2026, 10, 4, 2, 29, 59), 'Australia/Lord_Howe'],
  ])('a local time in a DST gap does not exist: %o in %s', (w, zone) => {
    expect(instantOf(w, zone)).toBeUndefined();
  });

  it.each([wall(2026, 2, 30, 0), wall(2026, 13, 1, 0), wall(2026, 1, 1, 24), wall(2026, 1, 1, 0, 60), wall(2026, 1, 1, 0, 0, 60)])(
    'an impossible wall time %o names no instant',
    (w) => {
      expect(instantOf(w, 'UTC')).toBeUndefined();
      expect(instantOf(w, 'America/New_York')).toBeUndefined();
    },
  );

  const zones = ['UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Sao_Paulo', 'Pacific/Chatham'];
  const instant = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }).map((s) => new Date(Math.floor(s / 1000) * 1000));

  it('round trip: instantOf(wallTimeOf(t)) is t, or the earlier instance of an ambiguous time', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), (t, zone) => {
        const w = wallTimeOf(t, zone);
        const back = instantOf(w, zone);
        expect(back).toBeDefined();
        expect(wallTimeOf(back as Date, zone)).toEqual(w);
        expect((back as Date).getTime()).toBeLessThanOrEqual(t.getTime());
        // Earlier than t only when the wall time repeats: at most 1 h before (30 min at Lord Howe).
        expect(t.getTime() - (back as Date).getTime()).toBeLessThanOrEqual(3_600_000);
      }),
    );
  });

  it('a wall time near the DST change either maps onto itself or lies in a gap one second wide at least', () => {
    const aroundChange = fc.record({
      zone: fc.constantFrom('America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe'),
      minute: fc.integer({ min: 0, max: 4 * 60 }),
    });
    fc.assert(
      fc.property(aroundChange, ({ zone, minute }) => {
        const days: Record<string, WallTime> = {
          'America/New_York': wall(2026, 3, 8, 0),
          'Europe/Berlin': wall(2026, 3, 29, 0),
          'Australia/Lord_Howe': wall(2026, 10, 4, 0),
        };
        const base = days[zone] as WallTime;
        const w = { ...base, hour: Math.floor(minute / 60), minute: minute % 60 };
        const got = instantOf(w, zone);
        if (got === undefined) {
          // Independent check: no instant within the day shows this wall time.
          const start = Date.UTC(w.year, w.month - 1, w.day) - 86_400_000;
          for (let t = start; t < start + 3 * 86_400_000; t += 60_000) {
            expect(wallTimeOf(new Date(t), zone)).not.toEqual(w);
          }
        } else {
          expect(wallTimeOf(got, zone)).toEqual(w);
        }
      }),
      { numRuns: 30 },
    );
  });
});

// The conversions compute with integers what Date's UTC setters and getters compute; these
// references are the Date versions they replaced.
const byDateSetters = (w: WallTime): number => {
  const date = new Date(0);
  date.setUTCFullYear(w.year, w.month - 1, w.day);
  date.setUTCHours(w.hour, w.minute, w.second, 0);
  return date.getTime();
};
const byDateGetters = (ms: number): WallTime => {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
};
const MAX_DATE_MS = 8.64e15;
// 0000-02-29T00:00:00Z: five 400-year cycles (146,097 days each) before 2000-02-29.
const YEAR_0_LEAP_DAY = Date.UTC(2000, 1, 29) - 5 * 146_097 * 86_400_000;

describe('wallToEpochMs and epochMsToWall (no Date)', () => {
  it('epochMsToWall reads what the UTC getters read, over the whole range of Date and beyond', () => {
    const ms = fc.oneof(
      fc.integer({ min: -MAX_DATE_MS, max: MAX_DATE_MS }),
      fc.integer({ min: Date.UTC(-1, 0, 1), max: Date.UTC(10_000, 0, 1) }),
      fc.constantFrom(0, -0, 1, -1, 999, -1000, -1001, MAX_DATE_MS, -MAX_DATE_MS, MAX_DATE_MS + 1, -MAX_DATE_MS - 1, Date.UTC(2024, 1, 29, 23, 59, 59), YEAR_0_LEAP_DAY),
      fc.double({ noNaN: false }),
    );
    fc.assert(
      fc.property(ms, (t) => {
        expect(epochMsToWall(t)).toEqual(byDateGetters(t));
      }),
      { numRuns: 1000 },
    );
  });

  it('wallToEpochMs equals the UTC setters, rolling over out-of-range fields, years 0-99 and BCE included', () => {
    const field = (min: number, max: number) => fc.oneof(fc.integer({ min, max }), fc.integer({ min: -1000, max: 1000 }));
    // Near the ends of Date's range the setters give NaN after the date step alone: years at
    // the ends, and months large enough to roll a year 0 past them, reach that edge.
    const edgeYear = fc.constantFrom(275_760, 275_759, -271_821, -271_820, 200_000, 300_000, -300_000);
    const anyWall = fc.record({
      year: fc.oneof(fc.integer({ min: -300, max: 300 }), fc.integer({ min: -271_000, max: 275_000 }), fc.constantFrom(0, -0, 99, 100, -1, 1, 1900, 1970, 9999), edgeYear, fc.double({ min: -400, max: 400 })),
      month: fc.oneof(field(1, 12), fc.integer({ min: -3_300_000, max: 3_310_000 }), fc.constantFrom(0.5, 12.5, -0)),
      day: fc.oneof(field(1, 31), fc.constantFrom(0, 32, 1.5, -0)),
      hour: fc.oneof(field(0, 23), fc.constantFrom(-24, 24, 48, 23.9)),
      minute: field(0, 59),
      second: field(0, 59),
    });
    fc.assert(
      fc.property(anyWall, (w) => {
        expect(wallToEpochMs(w)).toBe(byDateSetters(w));
      }),
      { numRuns: 1000 },
    );
    expect(wallToEpochMs(wall(0, 2, 29, 12))).toBe(YEAR_0_LEAP_DAY + 12 * 3_600_000); // year 0 is a leap year
    expect(wallToEpochMs({ ...wall(2026, 1, 1, 0), year: Number.NaN })).toBeNaN();
    // The edges: NaN exactly where the setters give NaN (the date step, then the time).
    for (const w of [wall(275_760, 9, 14, -24), wall(-271_821, 4, 19, 24), wall(0, 3_304_801, 1, 0), wall(0, -3_262_199, 1, 0), wall(275_760, 9, 13, 0), wall(275_760, 9, 13, 1)]) {
      expect(wallToEpochMs(w)).toBe(byDateSetters(w));
    }
  });

  it('instantOfLocalMs gives the earliest instant whose wall time it is, by an independent search', () => {
    // The oracle: every offset the zone shows at some hour within two days of the wall time
    // (read from Intl directly) proposes one instant; keep those Intl shows as this wall time.
    const showsAs = (t: number, zone: string): string =>
      new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).format(t);
    const asUtc = (ms: number): string => showsAs(ms, 'UTC');
    const oracle = (local: number, zone: string): number | undefined => {
      const offsets = new Set<number>();
      for (let t = local - 2 * 86_400_000; t <= local + 2 * 86_400_000; t += 1_800_000) {
        const w = wallTimeOf(new Date(t), zone);
        offsets.add(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(t / 1000) * 1000);
      }
      const found = [...offsets].map((offset) => local - offset).filter((t) => showsAs(t, zone) === asUtc(local));
      return found.length === 0 ? undefined : Math.min(...found);
    };
    const zones = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/Chicago', 'Asia/Kolkata'];
    // Wall times within a few hours of 2026's changes in each zone, and anywhere 1900-2100.
    const nearChange = fc
      .tuple(fc.constantFrom(Date.UTC(2026, 2, 8), Date.UTC(2026, 10, 1), Date.UTC(2026, 2, 29), Date.UTC(2026, 9, 25), Date.UTC(2026, 3, 5), Date.UTC(2026, 9, 4), Date.UTC(2026, 3, 5), Date.UTC(2026, 8, 27)), fc.integer({ min: 0, max: 4 * 3600 }))
      .map(([day, s]) => day + s * 1000);
    const anywhere = fc.integer({ min: Date.UTC(1900, 0, 1) / 1000, max: Date.UTC(2100, 0, 1) / 1000 }).map((s) => s * 1000);
    fc.assert(
      fc.property(fc.oneof(nearChange, anywhere), fc.constantFrom(...zones), (ms, zone) => {
        expect(instantOfLocalMs(ms, zone)).toBe(oracle(ms, zone));
      }),
      { numRuns: 150 },
    );
    // the spring gap and the autumn repeat in New York
    expect(instantOfLocalMs(Date.UTC(2026, 2, 8, 2, 30), 'America/New_York')).toBeUndefined();
    expect(instantOfLocalMs(Date.UTC(2026, 10, 1, 1, 30), 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 5, 30));
    expect(instantOfLocalMs(MAX_DATE_MS + 1000, 'UTC')).toBeUndefined();
  });

  it('answers (never throws) at the ends of the Date range, undefined where no Date holds the instant', () => {
    for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Etc/GMT+12']) {
      for (const w of [wall(275_760, 9, 13, 0), wall(275_760, 9, 12, 23), wall(-271_821, 4, 20, 0), wall(-271_821, 4, 21, 3)]) {
        const got = instantOf(w, zone);
        if (got !== undefined) expect(wallTimeOf(got, zone)).toEqual(w);
      }
    }
    expect(instantOf(wall(275_760, 9, 12, 23), 'Pacific/Kiritimati')?.toISOString()).toBe('+275760-09-12T09:00:00.000Z');
    expect(instantOf(wall(275_760, 9, 13, 0), 'America/New_York')).toBeUndefined(); // 05:00Z, past the end
  });
});

describe('isTimeZone', () => {
  it.each(['UTC', 'Etc/UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Chicago'])(
    'knows %s',
    (name) => expect(isTimeZone(name)).toBe(true),
  );
  it.each(['', 'Mars/Olympus', '+05:30', '-0800', '\u221205:00', '5', 'America/New York', 'x'.repeat(65), '__proto__', 'constructor'])(
    'refuses %j',
    (name) => expect(isTimeZone(name)).toBe(false),
  );
});

describe('independence from the process TZ', () => {
  it('gives the same conversions in child processes under TZ=Asia/Kolkata and TZ=America/Los_Angeles', () => {
    const script = `
      import { wallTimeOf, instantOf } from './src/rrule/zone.ts';
      const out = [];
      for (const zone of ['UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata']) {
        for (let t = Date.UTC(2026, 2, 1); t < Date.UTC(2026, 11, 1); t += 7 * 3_600_000 + 1_000) {
          const w = wallTimeOf(new Date(t), zone);
          out.push([zone, t, w, instantOf(w, zone)?.getTime() ?? null]);
        }
      }
      process.stdout.write(JSON.stringify(out));
    `;
    const run = (tz: string): string => runUnderTimeZone(script, tz);
    const kolkata = run('Asia/Kolkata');
    expect(kolkata.length).toBeGreaterThan(1000);
    expect(run('America/Los_Angeles')).toBe(kolkata);
    expect(run('UTC')).toBe(kolkata);
  });
});
