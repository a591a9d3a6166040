import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCHEDULE_CACHE_SLACK_MS, ScheduleView, occurrencesToShow } from '../../src/http/operations/schedule-view.js';
import type { Schedule } from '../../src/schemas/index.js';
import { schedule as base } from './helpers.js';

const rules = [
  'FREQ=MONTHLY;BYMONTHDAY=1',
  'FREQ=MONTHLY;BYMONTHDAY=1;COUNT=6',
  'FREQ=DAILY',
  'FREQ=MINUTELY;INTERVAL=7',
  'FREQ=SECONDLY;INTERVAL=13',
  'FREQ=WEEKLY;BYDAY=MO,FR;UNTIL=20260601T000000Z',
  'FREQ=YEARLY',
];

const scheduleArb = fc.record({
  rule: fc.constantFrom(...rules),
  explicit: fc.array(fc.integer({ min: 0, max: 40 * 86_400 }), { maxLength: 4 }),
  disabledAfterDays: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
  days: fc.constantFrom(1, 10, 366),
  limit: fc.constantFrom(1, 3, 100),
});

const START = Date.parse('2026-04-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');

const textOf = (body: string | Uint8Array): string => (typeof body === 'string' ? body : new TextDecoder().decode(body));

type Drawn = { rule: string; explicit: number[]; disabledAfterDays: number | undefined; days: number; limit: number };
const scheduleOf = (s: Drawn): Schedule => ({
  ...base,
  occurrences: s.explicit.map((seconds, i) => ({ occurrenceID: `o${i}`, runOn: iso(START + seconds * 1000), status: 'completed' as const })),
  recur: { ...base.recur!, recurrenceRule: s.rule, start: '2026-03-31T09:00:00Z' },
  ...(s.disabledAfterDays === undefined ? {} : { disabledOn: iso(START + s.disabledAfterDays * 86_400_000) }),
});
const direct = (schedule: Schedule, t: number, horizon: { days: number; limit: number }): string =>
  JSON.stringify({ ...schedule, occurrences: occurrencesToShow(schedule, new Date(t), horizon) });

describe('ScheduleView answers exactly what occurrencesToShow defines', () => {
  it('property: for increasing request times, the cached body equals the direct computation', () => {
    fc.assert(
      fc.property(scheduleArb, fc.array(fc.integer({ min: 0, max: 3 * SCHEDULE_CACHE_SLACK_MS }), { minLength: 1, maxLength: 6 }), (s, steps) => {
        const schedule = scheduleOf(s);
        const horizon = { days: s.days, limit: s.limit };
        const view = new ScheduleView(horizon);
        let t = START;
        for (const step of steps) {
          t += step;
          const now = new Date(t);
          expect(textOf(view.body(schedule, now.getTime()))).toBe(direct(schedule, t, horizon));
        }
      }),
      { numRuns: 60 },
    );
  });

  // The last answer is reused while the request time stays within the times it holds for: probe
  // the edges of those times (an occurrence's instant, the window's end reaching one, the
  // disabling instant), a millisecond either side, each just after a request before it, in any order.
  it('property: at and around the instants where the answer changes, in any order, the cached body equals the direct computation', () => {
    const edge = fc.record({ pick: fc.nat(), delta: fc.constantFrom(-1, 0, 1), windowEnd: fc.boolean() });
    fc.assert(
      fc.property(scheduleArb, fc.array(edge, { minLength: 1, maxLength: 12 }), (s, edges) => {
        const schedule = scheduleOf(s);
        const horizon = { days: s.days, limit: s.limit };
        const view = new ScheduleView(horizon);
        const instants = [
          ...occurrencesToShow(schedule, new Date(START), { days: s.days + 2, limit: 300 }).map((o) => Date.parse(o.runOn ?? '')),
          ...(schedule.occurrences ?? []).map((o) => Date.parse(o.runOn ?? '')),
          ...(schedule.disabledOn === undefined ? [] : [Date.parse(schedule.disabledOn)]),
          START,
        ];
        for (const { pick, delta, windowEnd } of edges) {
          const t = (instants[pick % instants.length] ?? START) - (windowEnd ? s.days * 86_400_000 : 0) + delta;
          for (const at of [t - 2, t]) expect(textOf(view.body(schedule, at))).toBe(direct(schedule, at, horizon));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('ScheduleView with several schedules', () => {
  it('property: schedules read in any interleaving each get their own body (the last schedule answered is remembered)', () => {
    fc.assert(
      fc.property(fc.array(scheduleArb, { minLength: 2, maxLength: 4 }), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 20 * 60_000 })), { minLength: 1, maxLength: 12 }), (drawn, reads) => {
        const horizon = { days: 10, limit: 3 };
        const view = new ScheduleView(horizon);
        const schedules = drawn.map((s, i) => ({ ...scheduleOf(s), scheduleID: `s${i}` }));
        let t = START;
        for (const [pick, step] of reads) {
          t += step;
          const schedule = schedules[pick % schedules.length]!;
          expect(textOf(view.body(schedule, t))).toBe(direct(schedule, t, horizon));
        }
      }),
      { numRuns: 300 },
    );
  });
});
