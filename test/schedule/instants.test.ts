import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineRun } from '../../src/rrule/engine.js';
import { ruleObjectProblem } from '../../src/rrule/check-rule.js';
import {
  MAX_OCCURRENCES,
  RECURRENCE_MESSAGES as M,
  RRULE_MESSAGES,
  type RecurrenceRule,
  expandRecurrence,
  isRecurrenceError,
  parseRecurrenceRule,
  recurrenceInstants,
} from '../../src/schedule/index.js';
import { generateCases } from './dateutil/generate.js';

// UTC, a DST zone, a half-hour zone, and a half-hour zone with a half-hour DST change.
const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'] as const;
const DAY = 86_400_000;
const runTransfer = { amount: { currency: 'USD', value: '10.00' } };

/** What a call gives: the instants, or the error code (thrown by the call or while iterating). */
type Outcome = { readonly instants: readonly number[] } | { readonly error: string };

const outcome = (f: () => readonly number[]): Outcome => {
  try {
    return { instants: f() };
  } catch (e) {
    if (isRecurrenceError(e)) return { error: e.code };
    throw e;
  }
};

const parsedOf = (text: string): RecurrenceRule => {
  const parsed = parseRecurrenceRule(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

// The acceptance-style seeded generator (valid rules of every FREQ and part, DTSTARTs 1990-2030).
const cases = generateCases(24, 400, 30);

describe('recurrenceInstants equals expandRecurrence', () => {
  const windowArb = fc.record(
    {
      fromOffset: fc.integer({ min: -400 * DAY, max: 800 * DAY }),
      span: fc.integer({ min: 0, max: 900 * DAY }),
      limit: fc.integer({ min: 0, max: 60 }),
      nonexistentLocalTime: fc.constantFrom('shift' as const, 'omit' as const),
    },
    { requiredKeys: ['nonexistentLocalTime'] },
  );

  it('over random rules, zones and windows: same instants, or the same error', () => {
    let compared = 0;
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.constantFrom(...ZONES), windowArb, (c, timeZone, w) => {
        const startMs = Date.parse(c.dtstart);
        const from = w.fromOffset === undefined ? undefined : new Date(startMs + w.fromOffset);
        const to = w.span === undefined ? undefined : new Date((from?.getTime() ?? startMs) + w.span);
        const window = { from, to, limit: w.limit, timeZone, nonexistentLocalTime: w.nonexistentLocalTime };
        const recur = { recurrenceRule: c.rule, start: c.dtstart, runTransfer };
        const expected = outcome(() => expandRecurrence(recur, window).map((o) => Date.parse(o.runOn)));
        expect(outcome(() => [...recurrenceInstants(recur, window)])).toEqual(expected);
        // A parsed rule (parse once, expand many times) gives the same.
        expect(outcome(() => [...recurrenceInstants({ recurrenceRule: parsedOf(c.rule), start: new Date(startMs) }, window)])).toEqual(expected);
        if ('instants' in expected && expected.instants.length > 0) compared += 1;
      }),
      { seed: 2424, numRuns: 250 },
    );
    // Most draws compare a non-empty list (not only errors and empty windows).
    expect(compared).toBeGreaterThan(100);
  }, 60_000);

  it('equal on the whole of every seeded case, taken one at a time', () => {
    for (const c of cases.slice(0, 120)) {
      for (const timeZone of ZONES) {
        const recur = { recurrenceRule: c.rule, start: c.dtstart, runTransfer };
        const expected = outcome(() => expandRecurrence(recur, { limit: 40, timeZone }).map((o) => Date.parse(o.runOn)));
        const taken = outcome(() => {
          const it = recurrenceInstants(recur, { limit: 40, timeZone });
          const out: number[] = [];
          for (let step = it.next(); step.done !== true; step = it.next()) out.push(step.value);
          return out;
        });
        expect(taken, `${c.rule} from ${c.dtstart} in ${timeZone}`).toEqual(expected);
      }
    }
  });

  it('across the DST changes: 02:30 daily in New York, shifted or omitted', () => {
    const recur = { recurrenceRule: 'FREQ=DAILY;COUNT=10', start: '2026-03-05T07:30:00Z', runTransfer };
    for (const nonexistentLocalTime of ['shift', 'omit'] as const) {
      const window = { timeZone: 'America/New_York', nonexistentLocalTime };
      const got = [...recurrenceInstants(recur, window)];
      expect(got).toEqual(expandRecurrence(recur, window).map((o) => Date.parse(o.runOn)));
      // 2026-03-08 02:30 does not exist: 'shift' runs it at 03:30 EDT (07:30Z), 'omit' leaves it out.
      expect(got.includes(Date.UTC(2026, 2, 8, 7, 30))).toBe(nonexistentLocalTime === 'shift');
    }
  });
});

describe('laziness', () => {
  it('taking 1 from an endless rule examines O(1) candidates, however far the window reaches', () => {
    for (const text of ['FREQ=SECONDLY', 'FREQ=DAILY', 'FREQ=MONTHLY;BYDAY=-1FR', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29']) {
      const rule = parsedOf(text);
      const start = Date.UTC(2026, 0, 1, 9) / 1000;
      let conversions = 0;
      const toInstant = (floating: number): number => {
        conversions += 1;
        return floating * 1000;
      };
      const run = new EngineRun(rule, start, start * 1000, toInstant, { limit: MAX_OCCURRENCES + 1, maxResults: MAX_OCCURRENCES });
      expect(run.next()).toEqual({ value: start * 1000, done: false }); // DTSTART: nothing scanned yet
      expect(conversions).toBe(0);
      const second = run.next();
      expect(second.done).toBe(false);
      // One period's existence checks (two per day) plus the candidate itself.
      expect(conversions, text).toBeLessThanOrEqual(3);
      expect(run.stop).toBeUndefined();
    }
  });

  it('the first of a SECONDLY rule to year 9999 comes at once (the whole list would be refused as too many)', () => {
    const recur = { recurrenceRule: 'FREQ=SECONDLY', start: '2026-01-01T00:00:00Z' };
    const window = { from: '2026-06-01T00:00:00Z', to: '9999-12-31T23:59:59Z', timeZone: 'America/New_York' };
    expect(() => expandRecurrence({ ...recur, runTransfer }, window)).toThrow(M.tooMany(MAX_OCCURRENCES));
    const t = performance.now();
    const first = recurrenceInstants(recur, window).next();
    expect(performance.now() - t).toBeLessThan(50);
    expect(first).toEqual({ value: Date.UTC(2026, 5, 1), done: false });
  });

  it('hands out 100,000 instants, then throws too-many when one more is pulled', () => {
    const it = recurrenceInstants({ recurrenceRule: 'FREQ=SECONDLY', start: '2026-01-01T00:00:00Z' }, { to: '2027-01-01T00:00:00Z' });
    let n = 0;
    let last = 0;
    expect(() => {
      for (const ms of it) {
        n += 1;
        last = ms;
      }
    }).toThrow(M.tooMany(MAX_OCCURRENCES));
    expect(n).toBe(MAX_OCCURRENCES);
    expect(last).toBe(Date.UTC(2026, 0, 1) + (MAX_OCCURRENCES - 1) * 1000);
  });

  it('a finished iterator stays finished', () => {
    const it = recurrenceInstants({ recurrenceRule: 'FREQ=DAILY;COUNT=2', start: '2026-01-01T09:00:00Z' });
    expect([...it]).toEqual([Date.UTC(2026, 0, 1, 9), Date.UTC(2026, 0, 2, 9)]);
    expect(it.next()).toEqual({ value: undefined, done: true });
    expect([...it]).toEqual([]);
  });
});

describe('refusals, thrown by the call itself', () => {
  const start = '2026-01-01T09:00:00Z';
  const refusal = (f: () => unknown): { code: string; message: string } => {
    try {
      f();
    } catch (e) {
      if (isRecurrenceError(e)) return { code: e.code, message: e.message };
      throw e;
    }
    throw new Error('expected a RecurrenceError');
  };

  it('refuses bad rules, starts, windows and options with expandRecurrence errors', () => {
    const both = 'FREQ=DAILY;COUNT=1;UNTIL=20270101T000000Z';
    expect(refusal(() => recurrenceInstants({ recurrenceRule: both, start }))).toEqual({ code: 'invalid-rule', message: RRULE_MESSAGES.countAndUntil });
    expect(refusal(() => recurrenceInstants({ recurrenceRule: both, start }))).toEqual(
      refusal(() => expandRecurrence({ recurrenceRule: both, start, runTransfer })),
    );
    expect(refusal(() => recurrenceInstants({ recurrenceRule: 'FREQ=DAILY' }, { limit: 1 })).code).toBe('missing-start');
    expect(refusal(() => recurrenceInstants({ recurrenceRule: 'FREQ=DAILY', start: '2026-02-30T09:00:00Z' }, { limit: 1 })).code).toBe('invalid-start');
    expect(refusal(() => recurrenceInstants({ recurrenceRule: 'FREQ=DAILY', start: new Date(Number.NaN) }, { limit: 1 })).code).toBe('invalid-start');
    expect(refusal(() => recurrenceInstants({ recurrenceRule: 'FREQ=DAILY', start }))).toEqual({ code: 'unbounded', message: M.unbounded });
    expect(refusal(() => recurrenceInstants({ recurrenceRule: 'FREQ=DAILY', start }, { limit: MAX_OCCURRENCES + 1 })).code).toBe('invalid-limit');
    expect(refusal(() => recurrenceInstants({ recurrenceRule: 'FREQ=DAILY', start }, { limit: 1, timeZone: 'Mars/Olympus' })).code).toBe('invalid-time-zone');
    expect(refusal(() => recurrenceInstants({ recurrenceRule: 'FREQ=DAILY', start }, { from: '2027-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })).code).toBe(
      'invalid-window',
    );
  });

  it('takes a rule object checked as the parser checks text: copies pass, invalid objects are refused', () => {
    const parsed = parsedOf('FREQ=DAILY;COUNT=3');
    expect([...recurrenceInstants({ recurrenceRule: { ...parsed }, start })]).toEqual([...recurrenceInstants({ recurrenceRule: 'FREQ=DAILY;COUNT=3', start })]);
    const invalid: [unknown, string][] = [
      [{ freq: 'DAILY', interval: 0, wkst: 'MO', count: 3 }, M.invalidRuleObject('.interval must be an integer from 1 to 1000000000')],
      [{ freq: 'daily', interval: 1, wkst: 'MO', count: 3 }, M.invalidRuleObject('.freq must be one of SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY')],
      [{ freq: 'DAILY', interval: 1, wkst: 'XX', count: 3 }, M.invalidRuleObject('.wkst must be one of MO, TU, WE, TH, FR, SA, SU')],
      [{ freq: 'DAILY', interval: 1, wkst: 'MO', count: 100_001 }, M.invalidRuleObject('.count must be an integer from 1 to 100000')],
      [{ freq: 'DAILY', interval: 1, wkst: 'MO', until: new Date(Number.NaN) }, M.invalidRuleObject('.until must be a valid Date')],
      [{ freq: 'DAILY', interval: 1, wkst: 'MO', count: 3, byHour: [24] }, M.invalidRuleObject('.byHour must be a non-empty list of integers from 0 to 23')],
      [{ freq: 'DAILY', interval: 1, wkst: 'MO', count: 3, byHour: [] }, M.invalidRuleObject('.byHour must be a non-empty list of integers from 0 to 23')],
      [{ freq: 'DAILY', interval: 1, wkst: 'MO', count: 3, byMonthDay: [0] }, M.invalidRuleObject('.byMonthDay must be a non-empty list of integers from 1 to 31 or -31 to -1')],
      [{ freq: 'MONTHLY', interval: 1, wkst: 'MO', count: 3, byDay: [{ weekday: 'FR', ordinal: 0 }] }, M.invalidRuleObject('.byDay must be a non-empty list of { weekday, ordinal? } (ordinal from -53 to 53, not 0)')],
      [{ freq: 'DAILY', interval: 1, wkst: 'MO', count: 3, until: new Date(0) }, M.invalidRuleObject(`: ${RRULE_MESSAGES.countAndUntil}`)],
      [{ freq: 'WEEKLY', interval: 1, wkst: 'MO', count: 3, byDay: [{ weekday: 'MO', ordinal: 1 }] }, M.invalidRuleObject(`: ${RRULE_MESSAGES.numberedByDayFreq}`)],
      [JSON.parse('{"__proto__": {"freq": "DAILY", "interval": 1, "wkst": "MO", "count": 3}}'), M.invalidRuleObject('.freq must be one of SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY')],
      [null, M.invalidRuleObject('must be RRULE text or a rule object')],
      [42, M.invalidRuleObject('must be RRULE text or a rule object')],
      [['FREQ=DAILY'], M.invalidRuleObject('must be RRULE text or a rule object')],
    ];
    for (const [rule, message] of invalid) {
      expect(refusal(() => recurrenceInstants({ recurrenceRule: rule as RecurrenceRule, start }, { limit: 1 }))).toEqual({ code: 'invalid-rule', message });
    }
  });

  it('every rule the parser returns passes the object check (a copy of each seeded case expands the same)', () => {
    for (const c of cases.slice(0, 200)) {
      const rule = parsedOf(c.rule);
      expect(ruleObjectProblem(rule), c.rule).toBeUndefined();
      const window = { limit: 20, timeZone: 'America/New_York' };
      expect(outcome(() => [...recurrenceInstants({ recurrenceRule: { ...rule }, start: c.dtstart }, window)])).toEqual(
        outcome(() => [...recurrenceInstants({ recurrenceRule: c.rule, start: c.dtstart }, window)]),
      );
    }
  });

  it('refuses a recur that is not an object, and a business-day adjustment', () => {
    for (const recur of [undefined, null, 'FREQ=DAILY', 7]) {
      expect(refusal(() => recurrenceInstants(recur as unknown as { recurrenceRule: string }))).toEqual({ code: 'invalid-rule', message: M.notRecur });
    }
    const window = { limit: 3, businessDayAdjustment: 'following' } as unknown as { limit: number };
    expect(refusal(() => recurrenceInstants({ recurrenceRule: 'FREQ=DAILY', start }, window))).toEqual({
      code: 'invalid-option',
      message: M.adjustmentNotLazy,
    });
    // 'none' (the default) is what the instants are anyway.
    const none = { limit: 2, businessDayAdjustment: 'none' } as unknown as { limit: number };
    expect([...recurrenceInstants({ recurrenceRule: 'FREQ=DAILY', start }, none)]).toEqual([Date.UTC(2026, 0, 1, 9), Date.UTC(2026, 0, 2, 9)]);
  });
});
