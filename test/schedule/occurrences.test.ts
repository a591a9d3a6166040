import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecurrenceError } from '../../src/rrule/errors.js';
import {
  SCHEDULE_MESSAGES,
  ScheduleError,
  scheduleOccurrences,
  tryScheduleOccurrences,
} from '../../src/schedule/occurrences.js';
import type { Occurrence, RunTransfer } from '../../src/schemas/index.js';

const runTransfer: RunTransfer = {
  amount: { currency: 'USD', value: 2500 },
  description: 'Weekly payout',
  partnerAccountID: 'partner-1',
  source: { paymentMethodID: 'pm-source' },
  destination: { paymentMethodID: 'pm-destination' },
};
const recur = (recurrenceRule: string, start: string) => ({ recurrenceRule, start, runTransfer });
const explicit = (runOn: string, extra: Partial<Occurrence> = {}): Occurrence => ({
  runOn,
  generated: false,
  status: 'completed',
  ...extra,
});
const runOns = (list: readonly Occurrence[]): (string | undefined)[] => list.map((o) => o.runOn);

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
};

describe('scheduleOccurrences: a schedule needs occurrences or a recur (spec 2.5)', () => {
  it('refuses a schedule with neither, or with an empty occurrences list', () => {
    for (const schedule of [{}, { occurrences: [] }, { occurrences: [], recur: undefined }]) {
      const e = thrown(() => scheduleOccurrences(schedule, { limit: 5 }));
      expect(e).toBeInstanceOf(ScheduleError);
      expect(e).toMatchObject({ code: 'missing-plan', message: SCHEDULE_MESSAGES.missingPlan });
    }
  });

  it('tryScheduleOccurrences answers the same refusal as data', () => {
    const result = tryScheduleOccurrences({});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ code: 'missing-plan' });
  });
});

describe('scheduleOccurrences: explicit occurrences only', () => {
  it('orders them by runOn as instants, whatever offset is written', () => {
    const list = [
      explicit('2026-01-01T09:00:00Z', { occurrenceID: 'c' }),
      explicit('2026-01-01T10:00:00+02:00', { occurrenceID: 'a' }), // 08:00Z
      explicit('2026-01-01T04:30:00-05:00', { occurrenceID: 'd' }), // 09:30Z
      explicit('2026-01-01T08:30:00Z', { occurrenceID: 'b' }),
    ];
    expect(scheduleOccurrences({ occurrences: list }).map((o) => o.occurrenceID)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('returns the explicit objects as given and does not reorder the input', () => {
    const list = [explicit('2026-01-02T00:00:00Z'), explicit('2026-01-01T00:00:00Z')];
    const result = scheduleOccurrences({ occurrences: list });
    expect(result[0]).toBe(list[1]);
    expect(result[1]).toBe(list[0]);
    expect(runOns(list)).toEqual(['2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z']);
  });

  it('keeps the input order at equal instants', () => {
    const list = [
      explicit('2026-01-01T09:00:00Z', { occurrenceID: 'first' }),
      explicit('2026-01-01T04:00:00-05:00', { occurrenceID: 'second' }),
      explicit('2026-01-01T09:00:00Z', { occurrenceID: 'third' }),
    ];
    expect(scheduleOccurrences({ occurrences: list }).map((o) => o.occurrenceID)).toEqual(['first', 'second', 'third']);
  });

  it('applies the window to them: from inclusive, to exclusive, limit', () => {
    const list = ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', '2026-01-03T00:00:00Z', '2026-01-04T00:00:00Z'].map((s) => explicit(s));
    expect(runOns(scheduleOccurrences({ occurrences: list }, { from: '2026-01-02T00:00:00Z', to: '2026-01-04T00:00:00Z' }))).toEqual([
      '2026-01-02T00:00:00Z',
      '2026-01-03T00:00:00Z',
    ]);
    expect(runOns(scheduleOccurrences({ occurrences: list }, { from: new Date('2026-01-01T00:00:01Z'), limit: 2 }))).toEqual([
      '2026-01-02T00:00:00Z',
      '2026-01-03T00:00:00Z',
    ]);
    expect(scheduleOccurrences({ occurrences: list }, { limit: 0 })).toEqual([]);
  });

  it('refuses an explicit occurrence without runOn', () => {
    const e = thrown(() => scheduleOccurrences({ occurrences: [explicit('2026-01-01T00:00:00Z'), { status: 'pending' }] }));
    expect(e).toBeInstanceOf(ScheduleError);
    expect(e).toMatchObject({ code: 'missing-run-on', message: SCHEDULE_MESSAGES.missingRunOn(1) });
  });

  it('refuses a bad window exactly as expandRecurrence would, even without a recur', () => {
    const occurrences = [explicit('2026-01-01T00:00:00Z')];
    const cases: [Parameters<typeof scheduleOccurrences>[1], string][] = [
      [{ from: 'yesterday' }, 'invalid-window'],
      [{ to: new Date(Number.NaN) }, 'invalid-window'],
      [{ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'invalid-window'],
      [{ limit: -1 }, 'invalid-limit'],
      [{ limit: 1.5 }, 'invalid-limit'],
      [{ limit: Number.POSITIVE_INFINITY }, 'invalid-limit'],
      [{ timeZone: 'Mars/Olympus' }, 'invalid-time-zone'],
    ];
    for (const [window, code] of cases) {
      const alone = thrown(() => scheduleOccurrences({ occurrences }, window));
      expect(alone).toBeInstanceOf(RecurrenceError);
      expect(alone).toMatchObject({ code });
      const withRecur = thrown(() => scheduleOccurrences({ occurrences, recur: recur('FREQ=DAILY;COUNT=2', '2026-01-01T00:00:00Z') }, window));
      expect(withRecur).toMatchObject({ code, message: (alone as Error).message });
    }
  });
});

describe('scheduleOccurrences: generated occurrences', () => {
  it('a recur alone gives the generated occurrences (hand-known dates)', () => {
    const result = scheduleOccurrences({ recur: recur('FREQ=DAILY;COUNT=3', '2026-01-30T09:00:00Z') });
    expect(result).toEqual(
      ['2026-01-30T09:00:00Z', '2026-01-31T09:00:00Z', '2026-02-01T09:00:00Z'].map((runOn) => ({
        generated: true,
        indefinite: false,
        runOn,
        runTransfer,
        status: 'pending',
      })),
    );
  });

  it('passes the time zone on: daily 09:00 New York across the spring change', () => {
    const result = scheduleOccurrences(
      { recur: recur('FREQ=DAILY;COUNT=4', '2026-03-06T14:00:00Z') },
      { timeZone: 'America/New_York' },
    );
    expect(runOns(result)).toEqual(['2026-03-06T14:00:00Z', '2026-03-07T14:00:00Z', '2026-03-08T13:00:00Z', '2026-03-09T13:00:00Z']);
  });

  it('lets expandRecurrence refuse an unbounded rule', () => {
    const e = thrown(() => scheduleOccurrences({ recur: recur('FREQ=DAILY', '2026-01-01T00:00:00Z') }));
    expect(e).toBeInstanceOf(RecurrenceError);
    expect(e).toMatchObject({ code: 'unbounded' });
    expect(tryScheduleOccurrences({ recur: recur('FREQ=DAILY', '2026-01-01T00:00:00Z') }).ok).toBe(false);
  });
});

describe('scheduleOccurrences: explicit and generated merged', () => {
  const rule = recur('FREQ=DAILY', '2026-01-01T09:00:00Z');

  it('the explicit occurrence wins over a generated one at the same instant', () => {
    const done = explicit('2026-01-02T04:00:00-05:00', { occurrenceID: 'occ-2', ranOn: '2026-01-02T09:00:03Z', ranTransferID: 'xfer-2' });
    const result = scheduleOccurrences({ occurrences: [done], recur: rule }, { limit: 3 });
    expect(result).toHaveLength(3);
    expect(result[1]).toBe(done);
    expect(runOns(result)).toEqual(['2026-01-01T09:00:00Z', '2026-01-02T04:00:00-05:00', '2026-01-03T09:00:00Z']);
    expect(result.filter((o) => o.generated === true)).toHaveLength(2);
  });

  it('an explicit occurrence between generated ones is kept in place', () => {
    const extra = explicit('2026-01-02T12:00:00Z', { occurrenceID: 'extra' });
    const result = scheduleOccurrences({ occurrences: [extra], recur: rule }, { to: '2026-01-04T00:00:00Z' });
    expect(runOns(result)).toEqual(['2026-01-01T09:00:00Z', '2026-01-02T09:00:00Z', '2026-01-02T12:00:00Z', '2026-01-03T09:00:00Z']);
  });

  it('limit caps the merged list, and duplicates never leave it short', () => {
    const twins = ['2026-01-01T09:00:00Z', '2026-01-02T09:00:00Z'].map((s) => explicit(s, { status: 'completed' }));
    const result = scheduleOccurrences({ occurrences: twins, recur: rule }, { limit: 3 });
    expect(runOns(result)).toEqual(['2026-01-01T09:00:00Z', '2026-01-02T09:00:00Z', '2026-01-03T09:00:00Z']);
    expect(result.map((o) => o.status)).toEqual(['completed', 'completed', 'pending']);
  });

  it('explicit occurrences outside the window are left out even when the rule runs there', () => {
    const early = explicit('2025-12-31T09:00:00Z', { occurrenceID: 'early' });
    const result = scheduleOccurrences({ occurrences: [early], recur: rule }, { from: '2026-01-02T00:00:00Z', limit: 2 });
    expect(runOns(result)).toEqual(['2026-01-02T09:00:00Z', '2026-01-03T09:00:00Z']);
  });
});

describe('scheduleOccurrences: properties (oracle: the merge written out by hand)', () => {
  const HOUR = 3_600_000;
  const BASE = Date.UTC(2026, 0, 1);
  const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

  // FREQ=HOURLY;INTERVAL=i;COUNT=c in UTC: instant k is start + k * i hours (by definition).
  const arb = fc.record({
    interval: fc.integer({ min: 1, max: 5 }),
    count: fc.integer({ min: 1, max: 40 }),
    startHour: fc.integer({ min: 0, max: 10 }),
    // Explicit runOns on a half-hour grid, so many coincide with generated ones.
    explicitHalfHours: fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 12 }),
    withRecur: fc.boolean(),
    fromHalfHours: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
    span: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
    limit: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
  });

  it('sorted, explicit wins, window and limit respected; equal to the hand-written merge', () => {
    fc.assert(
      fc.property(arb, (c) => {
        fc.pre(c.withRecur || c.explicitHalfHours.length > 0);
        const start = BASE + c.startHour * HOUR;
        const occurrences = c.explicitHalfHours.map((h, i) => explicit(iso(BASE + h * 1_800_000), { occurrenceID: `e${i}` }));
        const fromMs = c.fromHalfHours === undefined ? undefined : BASE + c.fromHalfHours * 1_800_000;
        const toMs = c.span === undefined ? undefined : (fromMs ?? BASE) + c.span * 1_800_000;
        const window = {
          ...(fromMs === undefined ? {} : { from: iso(fromMs) }),
          ...(toMs === undefined ? {} : { to: new Date(toMs) }),
          ...(c.limit === undefined ? {} : { limit: c.limit }),
        };
        const schedule = {
          occurrences,
          ...(c.withRecur ? { recur: recur(`FREQ=HOURLY;INTERVAL=${c.interval};COUNT=${c.count}`, iso(start)) } : {}),
        };
        const result = scheduleOccurrences(schedule, window);

        // The oracle.
        const inside = (ms: number) => (fromMs === undefined || ms >= fromMs) && (toMs === undefined || ms < toMs);
        const explicitIn = c.explicitHalfHours
          .map((h, i) => ({ ms: BASE + h * 1_800_000, id: `e${i}`, order: 0, i }))
          .filter((e) => inside(e.ms));
        const taken = new Set(explicitIn.map((e) => e.ms));
        const generatedIn = c.withRecur
          ? Array.from({ length: c.count }, (_, k) => start + k * c.interval * HOUR)
              .filter((ms) => inside(ms) && !taken.has(ms))
              .map((ms) => ({ ms, id: 'generated', order: 1, i: 0 }))
          : [];
        const expected = [...explicitIn, ...generatedIn]
          .sort((a, b) => a.ms - b.ms || a.order - b.order || a.i - b.i)
          .slice(0, c.limit ?? Number.POSITIVE_INFINITY);

        expect(result.map((o) => [Date.parse(o.runOn ?? ''), o.occurrenceID ?? 'generated'])).toEqual(
          expected.map((e) => [e.ms, e.id]),
        );
        // The stated properties, directly.
        const times = result.map((o) => Date.parse(o.runOn ?? ''));
        for (let k = 1; k < times.length; k++) expect(times[k]).toBeGreaterThanOrEqual(times[k - 1] as number);
        for (const t of times) expect(inside(t)).toBe(true);
        if (c.limit !== undefined) expect(result.length).toBeLessThanOrEqual(c.limit);
        const explicitTimes = new Set(result.filter((o) => o.generated !== true).map((o) => Date.parse(o.runOn ?? '')));
        for (const o of result) if (o.generated === true) expect(explicitTimes.has(Date.parse(o.runOn ?? ''))).toBe(false);
      }),
    );
  });
});
