import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandRule } from '../../src/rrule/expand.js';
import { parseRecurrenceRule } from '../../src/rrule/parse.js';
import type { RecurrenceRule } from '../../src/rrule/types.js';
import { generateCases } from './dateutil/generate.js';
import { runUnderTimeZone } from './process-tz.js';

const ZONES = ['UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata'] as const;

// Seeded valid rules (the differential test's generator) as fast-check inputs.
const parsedCases = generateCases(7, 300, 30)
  .map((c) => ({ ...c, parsed: parseRecurrenceRule(c.rule) }))
  .filter((c): c is typeof c & { parsed: { ok: true; value: RecurrenceRule } } => c.parsed.ok);

const ruleCase = fc.constantFrom(...parsedCases);
const zone = fc.constantFrom(...ZONES);
const offsetMs = fc.integer({ min: -400 * 86_400_000, max: 400 * 86_400_000 });

describe('expansion properties', () => {
  it('every occurrence lies inside [from, to), strictly increasing, limit honoured', () => {
    fc.assert(
      fc.property(ruleCase, zone, offsetMs, fc.integer({ min: 1, max: 30 * 86_400_000 }), fc.integer({ min: 0, max: 25 }), (c, tz, fromOffset, span, limit) => {
        const start = new Date(c.dtstart);
        const from = new Date(start.getTime() + fromOffset);
        const to = new Date(from.getTime() + span);
        const got = expandRule(c.parsed.value, start, { from, to, limit, timeZone: tz }).map((d) => d.getTime());
        expect(got.length).toBeLessThanOrEqual(limit);
        for (const t of got) {
          expect(t).toBeGreaterThanOrEqual(from.getTime());
          expect(t).toBeLessThan(to.getTime());
        }
        for (let i = 1; i < got.length; i += 1) expect(got[i] as number).toBeGreaterThan(got[i - 1] as number);
      }),
      { numRuns: 60 },
    );
  });

  it('a window is a slice of the whole: expanding [from, to) equals filtering the full list', () => {
    fc.assert(
      fc.property(ruleCase, zone, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 40 }), (c, tz, a, len) => {
        const start = new Date(c.dtstart);
        const all = expandRule(c.parsed.value, start, { limit: 80, timeZone: tz }).map((d) => d.getTime());
        if (all.length < 2) return;
        const from = all[Math.min(a, all.length - 1)] as number;
        const toIndex = Math.min(a + len, all.length - 1);
        const to = all[toIndex] as number;
        if (to <= from) return;
        const windowed = expandRule(c.parsed.value, start, { from: new Date(from), to: new Date(to), timeZone: tz }).map((d) => d.getTime());
        expect(windowed).toEqual(all.filter((t) => t >= from && t < to));
      }),
      { numRuns: 60 },
    );
  });

  it('COUNT=n gives n occurrences when reachable, and UNTIL is never passed', () => {
    fc.assert(
      fc.property(ruleCase, zone, fc.integer({ min: 1, max: 40 }), (c, tz, n) => {
        const start = new Date(c.dtstart);
        const { count: _count, until: _until, ...open } = c.parsed.value;
        const unbounded = expandRule(open, start, { limit: n, timeZone: tz });
        const counted = expandRule({ ...open, count: n }, start, { timeZone: tz });
        // Reachable = the open rule has at least n instances; then COUNT gives exactly them.
        if (unbounded.length === n) expect(counted).toEqual(unbounded);
        else expect(counted.length).toBeLessThan(n);
        const until = unbounded.at(-1) ?? start;
        const untilRule = expandRule({ ...open, until: new Date(until.getTime() - 1000) }, start, { limit: 100, timeZone: tz });
        for (const d of untilRule) expect(d.getTime()).toBeLessThanOrEqual(until.getTime() - 1000);
        expect(untilRule).toEqual(unbounded.filter((d) => d.getTime() <= until.getTime() - 1000));
      }),
      { numRuns: 60 },
    );
  });

  it('in a DST zone, each occurrence shows a wall time the rule allows (BYHOUR respected locally)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), zone, (h, m, tz) => {
        const rule = parseRecurrenceRule(`FREQ=DAILY;BYHOUR=${h};BYMINUTE=${m};BYSECOND=0`);
        if (!rule.ok) throw new Error(rule.error);
        const got = expandRule(rule.value, new Date('2026-01-01T00:00:00Z'), { limit: 400, timeZone: tz });
        const fmt = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
        for (const d of got.slice(1)) expect(fmt.format(d)).toBe(`${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
        // One a day, except a day whose wall time falls in a gap: 365 days in 2026 + DTSTART.
        expect(got.length).toBeGreaterThanOrEqual(398);
      }),
      { numRuns: 20 },
    );
  });
});

describe('no rule hangs', () => {
  const list = (lo: number, hi: number, nonZero = false) =>
    fc.uniqueArray(fc.integer({ min: lo, max: hi }).filter((n) => !nonZero || n !== 0), { minLength: 1, maxLength: 3 });
  const anyRule = fc
    .record(
      {
        freq: fc.constantFrom('SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
        interval: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 1_000_000_000 })),
        byMonth: list(1, 12),
        byMonthDay: list(-31, 31, true),
        byYearDay: list(-366, 366, true),
        byWeekNo: list(-53, 53, true),
        byHour: list(0, 23),
        byMinute: list(0, 59),
        bySecond: list(0, 60),
        bySetPos: list(-366, 366, true),
        byDay: fc.uniqueArray(fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU', '1MO', '-1FR', '5SU', '-53TH'), { minLength: 1, maxLength: 3 }),
      },
      { requiredKeys: ['freq', 'interval'] },
    )
    .map((r) =>
      Object.entries(r)
        .map(([k, v]) => `${k === 'freq' ? 'FREQ' : k === 'interval' ? 'INTERVAL' : k.toUpperCase()}=${Array.isArray(v) ? v.join(',') : v}`)
        .join(';'),
    );

  it('any valid rule (including never-matching ones) returns promptly, sorted, within the limit', () => {
    let valid = 0;
    fc.assert(
      fc.property(anyRule, fc.constantFrom('UTC', 'America/New_York'), fc.integer({ min: 0, max: 4000 * 86_400 }), (text, tz, offset) => {
        const rule = parseRecurrenceRule(text);
        if (!rule.ok) return;
        valid += 1;
        const t = performance.now();
        const got = expandRule(rule.value, new Date(Date.UTC(2020, 0, 1) + offset * 1000), { limit: 20, timeZone: tz });
        expect(performance.now() - t).toBeLessThan(3000);
        expect(got.length).toBeGreaterThanOrEqual(1);
        expect(got.length).toBeLessThanOrEqual(20);
        for (let i = 1; i < got.length; i += 1) expect((got[i] as Date).getTime()).toBeGreaterThan((got[i - 1] as Date).getTime());
      }),
      { numRuns: 150 },
    );
    expect(valid).toBeGreaterThan(20);
  });
});

describe('independence from the process TZ', () => {
  it('gives identical JSON under TZ=UTC, America/Los_Angeles and Asia/Kolkata', () => {
    const script = `
      import { expandRule } from './src/rrule/expand.ts';
      import { parseRecurrenceRule } from './src/rrule/parse.ts';
      import { generateCases } from './test/schedule/dateutil/generate.ts';
      const zones = ['UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata'];
      const out = generateCases(11, 120, 15).map((c, i) => {
        const r = parseRecurrenceRule(c.rule);
        if (!r.ok) return null;
        return expandRule(r.value, new Date(c.dtstart), { limit: 15, timeZone: zones[i % zones.length] }).map((d) => d.toISOString());
      });
      process.stdout.write(JSON.stringify(out));
    `;
    const run = (tz: string): string => runUnderTimeZone(script, tz);
    const utc = run('UTC');
    expect(utc.length).toBeGreaterThan(5000);
    expect(run('America/Los_Angeles')).toBe(utc);
    expect(run('Asia/Kolkata')).toBe(utc);
  });
});
