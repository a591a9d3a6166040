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

describe('ScheduleView answers exactly what occurrencesToShow defines', () => {
  it('property: for increasing request times, the cached body equals the direct computation', () => {
    fc.assert(
      fc.property(scheduleArb, fc.array(fc.integer({ min: 0, max: 3 * SCHEDULE_CACHE_SLACK_MS }), { minLength: 1, maxLength: 6 }), (s, steps) => {
        const schedule: Schedule = {
          ...base,
          occurrences: s.explicit.map((seconds, i) => ({ occurrenceID: `o${i}`, runOn: iso(START + seconds * 1000), status: 'completed' as const })),
          recur: { ...base.recur!, recurrenceRule: s.rule, start: '2026-03-31T09:00:00Z' },
          ...(s.disabledAfterDays === undefined ? {} : { disabledOn: iso(START + s.disabledAfterDays * 86_400_000) }),
        };
        const horizon = { days: s.days, limit: s.limit };
        const view = new ScheduleView(horizon);
        let t = START;
        for (const step of steps) {
          t += step;
          const now = new Date(t);
          expect(textOf(view.body(schedule, now.getTime()))).toBe(JSON.stringify({ ...schedule, occurrences: occurrencesToShow(schedule, now, horizon) }));
        }
      }),
      { numRuns: 60 },
    );
  });
});
