// createHandler's `scheduleTimeZone`: GET schedule expands the recurrence on that zone's wall
// clock. Listed in vitest.config.ts TZ_SENSITIVE, so it also runs under two process zones: the
// answers must not change with them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type HandlerOptions, createHandler, createMemoryStore, createStaticAuth } from '../../src/http/index.js';
import { instantOf } from '../../src/schedule/index.js';
import type { Schedule } from '../../src/schemas/index.js';
import { A, SCHEDULE_ID, schedule as base } from './helpers.js';

const ZONES = ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Asia/Tokyo'] as const;
const DST_ZONES = new Set<string>(['America/New_York', 'Europe/Berlin', 'Australia/Sydney']);
/** Rules with at least one occurrence a month, so a year of them crosses both changes of a DST zone. */
const RULES = ['FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=MO,TH', 'FREQ=MONTHLY;BYMONTHDAY=1', 'FREQ=MONTHLY;BYMONTHDAY=-1', 'FREQ=MONTHLY;BYDAY=2TU', 'FREQ=DAILY;INTERVAL=9'];
const TOKEN = { 't-1': { scopes: [`/accounts/${A}/transfers.read`, `/accounts/acct-eu/transfers.read`] } };

/** The wall clock of `ms` in `zone`, by Intl alone (the oracle does not use the library's zone code). */
function wall(ms: number, zone: string): { date: string; time: string; offset: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}:${get('second')}`, offset: get('timeZoneName') };
}

const addHour = (time: string): string => `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}${time.slice(2)}`;

function handlerFor(schedule: Schedule, now: number, extra: Partial<HandlerOptions> = {}) {
  return createHandler({
    store: createMemoryStore({ seed: { accounts: { [A]: { schedules: [schedule] }, 'acct-eu': { schedules: [schedule] } } } }),
    auth: createStaticAuth(TOKEN),
    clock: () => new Date(now),
    scheduleHorizon: { days: 366, limit: 400 },
    ...extra,
  });
}

async function occurrencesOf(handler: (request: Request) => Promise<Response>, account = A): Promise<{ status: number; runOn: string[]; response: Response }> {
  const response = await handler(new Request(`http://payments.test/accounts/${account}/schedules/${SCHEDULE_ID}`, { headers: { authorization: 'Bearer t-1' } }));
  if (response.status !== 200) return { status: response.status, runOn: [], response };
  const body = (await response.json()) as Schedule;
  return { status: 200, runOn: (body.occurrences ?? []).map((o) => o.runOn ?? ''), response };
}

const recurring = (rule: string, start: string): Schedule => ({ ...base, occurrences: [], recur: { ...base.recur!, recurrenceRule: rule, start } });

const caseArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  rule: fc.constantFrom(...RULES),
  // A local start between 2025-06-01 and 2026-12-31 (any day, hour, quarter hour), so the year
  // after it crosses both of a DST zone's changes, whichever hemisphere.
  day: fc.integer({ min: 0, max: 578 }),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.constantFrom(0, 15, 30, 45),
  // How long after the start the request is made.
  daysLater: fc.integer({ min: 0, max: 40 }),
});

describe('createHandler({ scheduleTimeZone }): GET schedule follows that wall clock', () => {
  it('property: every occurrence keeps the start\'s local time in the zone, across both daylight-saving changes', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const startDay = new Date(Date.UTC(2025, 5, 1) + c.day * 86_400_000);
        const local = { year: startDay.getUTCFullYear(), month: startDay.getUTCMonth() + 1, day: startDay.getUTCDate(), hour: c.hour, minute: c.minute, second: 0 };
        // The start is an instant; the rule keeps its local time of day in the zone.
        const startMs = instantOf(local, c.zone)?.getTime() ?? Date.UTC(local.year, local.month - 1, local.day, c.hour + 1, c.minute);
        const start = new Date(startMs).toISOString().replace('.000', '');
        const startWall = wall(startMs, c.zone);
        const { status, runOn } = await occurrencesOf(handlerFor(recurring(c.rule, start), startMs + c.daysLater * 86_400_000, { scheduleTimeZone: c.zone }));
        expect(status).toBe(200);
        expect(runOn.length).toBeGreaterThanOrEqual(11);
        const offsets = new Set<string>();
        for (const at of runOn) {
          const ms = Date.parse(at);
          const seen = wall(ms, c.zone);
          offsets.add(seen.offset);
          if (seen.time === startWall.time) continue;
          // Only a local time the zone skips that day may differ: it runs one hour later
          // (`nonexistentLocalTime: 'shift'`), just after the clocks jumped forward.
          expect(seen.time, `${at} in ${c.zone} (start ${start} = ${startWall.date} ${startWall.time})`).toBe(addHour(startWall.time));
          expect(wall(ms - 3_600_000, c.zone).offset, `${at}: no jump an hour before`).not.toBe(seen.offset);
        }
        // The year answered crosses both changes: two offsets in a DST zone, one without.
        expect(offsets.size).toBe(DST_ZONES.has(c.zone) ? 2 : 1);
      }),
      { seed: 43, numRuns: 40 },
    );
  }, 60_000);

  it('the default stays UTC: the same UTC time of day all year', async () => {
    const { runOn } = await occurrencesOf(handlerFor(recurring('FREQ=MONTHLY;BYMONTHDAY=5', '2026-01-05T09:00:00-05:00'), Date.parse('2026-01-01T00:00:00Z')));
    expect(runOn.slice(0, 12)).toEqual(Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-05T14:00:00Z`));
  });

  it('09:00 New York stays 09:00: 14:00Z in winter, 13:00Z from March to November', async () => {
    const handler = handlerFor(recurring('FREQ=MONTHLY;BYMONTHDAY=5', '2026-01-05T09:00:00-05:00'), Date.parse('2026-01-01T00:00:00Z'), {
      scheduleTimeZone: 'America/New_York',
    });
    const { runOn } = await occurrencesOf(handler);
    expect(runOn.slice(0, 12)).toEqual([
      '2026-01-05T14:00:00Z',
      '2026-02-05T14:00:00Z',
      '2026-03-05T14:00:00Z',
      '2026-04-05T13:00:00Z',
      '2026-05-05T13:00:00Z',
      '2026-06-05T13:00:00Z',
      '2026-07-05T13:00:00Z',
      '2026-08-05T13:00:00Z',
      '2026-09-05T13:00:00Z',
      '2026-10-05T13:00:00Z',
      '2026-11-05T14:00:00Z',
      '2026-12-05T14:00:00Z',
    ]);
  });

  it('a function picks the zone per schedule and account; one schedule answered in two zones is expanded for each', async () => {
    const seen: unknown[] = [];
    const handler = handlerFor(recurring('FREQ=MONTHLY;BYMONTHDAY=5', '2026-01-05T09:00:00-05:00'), Date.parse('2026-01-01T00:00:00Z'), {
      scheduleTimeZone: (schedule, context) => {
        seen.push({ scheduleID: schedule.scheduleID, accountID: context.accountID, requestId: typeof context.requestId });
        return context.accountID === 'acct-eu' ? 'Europe/Berlin' : 'America/New_York';
      },
    });
    const ny = await occurrencesOf(handler);
    const eu = await occurrencesOf(handler, 'acct-eu');
    const nyAgain = await occurrencesOf(handler);
    expect(ny.runOn[3]).toBe('2026-04-05T13:00:00Z');
    // 14:00Z on 5 January is 15:00 in Berlin; it stays 15:00 Berlin time (13:00Z in summer).
    expect(eu.runOn.slice(0, 4)).toEqual(['2026-01-05T14:00:00Z', '2026-02-05T14:00:00Z', '2026-03-05T14:00:00Z', '2026-04-05T13:00:00Z']);
    expect(eu.runOn[6]).toBe('2026-07-05T13:00:00Z');
    expect(nyAgain.runOn).toEqual(ny.runOn);
    expect(seen[0]).toEqual({ scheduleID: SCHEDULE_ID, accountID: A, requestId: 'string' });
    expect(seen[1]).toMatchObject({ accountID: 'acct-eu' });
  });

  it.each([['Mars/Olympus'], ['+05:00'], [''], [42], [{}]])('an invalid zone (%j) is refused at createHandler with a TypeError', (zone) => {
    expect(() => handlerFor(recurring('FREQ=DAILY', '2026-01-05T09:00:00Z'), 0, { scheduleTimeZone: zone as string })).toThrow(TypeError);
    expect(() => handlerFor(recurring('FREQ=DAILY', '2026-01-05T09:00:00Z'), 0, { scheduleTimeZone: zone as string })).toThrow(/scheduleTimeZone must be an IANA time zone/);
  });

  it.each([
    ['returns an unknown zone', () => 'Europe/Berlim'],
    ['returns a non-string', () => 7 as unknown as string],
    ['throws', () => {
      throw new Error('zone table down');
    }],
  ])('a function that %s: 500 with x-request-id, reported to onError', async (_, zoneOf) => {
    const reported: { error: unknown; requestId: unknown }[] = [];
    const handler = handlerFor(recurring('FREQ=DAILY', '2026-01-05T09:00:00Z'), Date.parse('2026-01-06T00:00:00Z'), {
      scheduleTimeZone: zoneOf,
      onError: (error, context) => reported.push({ error, requestId: context.requestId }),
    });
    const { status, response } = await occurrencesOf(handler);
    expect(status).toBe(500);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/\S/);
    expect(await response.text()).not.toMatch(/Berlim|zone table/);
    expect(reported).toHaveLength(1);
    expect(reported[0]?.requestId).toBe(requestId);
  });
});

describe('the OpenAPI document says which clock the occurrences follow', () => {
  it("get schedule's description names the schedule time zone's wall clock and UTC as the default", async () => {
    const { createOpenApiDocument } = await import('../../src/http/index.js');
    const description = createOpenApiDocument().paths['/accounts/{accountID}/schedules/{scheduleID}']?.get?.description ?? '';
    expect(description).toContain("wall clock of the server's schedule time zone (UTC unless");
  });
});
