/**
 * Schedule expansion, side by side with the `rrule` package (2.8.1) used directly, and
 * against the native peer: rrule-rust 3.1.1 (napi binding of the Rust crate; as DateTime
 * objects and as RFC 3339 text, the form a host stores), rrule-temporal
 * 2.2.8 and rrule.js, in one process, interleaved rounds (`compare`'s rounds: every
 * contender runs once per round, in turn).
 * Run on the built package: npm run build && npx tsx bench/schedule.bench.ts
 * (`SCHEDULE_BENCH=peers` runs only the native-peer groups; SCHEDULE_ROUNDS / SCHEDULE_TIME
 * set their rounds and the ms per contender and round; BENCH_BASELINE_DIST=<dist/ of another
 * tree> adds that build's expandRecurrence and recurrenceInstants as "before", see
 * bench/validate.bench.ts for how to build one.)
 * The far-window MINUTELY case takes rrule.js tens of seconds, so it runs ONCE with a
 * single timed iteration, outside tinybench.
 */
import { loadavg } from 'node:os';
import rrulePkg from 'rrule';
import { RRuleTemporal } from 'rrule-temporal';
import { compare } from './compare.js';
import { loadPeer } from './peers/load.js';

const { expandRecurrence, parseRecurrenceRule, recurrenceInstants } = (await import(new URL('../dist/schedule/index.js', import.meta.url).href)) as typeof import('../src/schedule/index.js');
const baselineDist = process.env['BENCH_BASELINE_DIST'];
const before =
  baselineDist === undefined
    ? undefined
    : ((await import(new URL(`file://${baselineDist.replace(/\/$/, '')}/schedule/index.js`).href)) as typeof import('../src/schedule/index.js'));
/** The part of rrule-rust's RRuleSet the bench uses (it is a bench peer: npm run bench:peers). */
type RustRuleSet = { all(): unknown[]; readonly cache: { disable(): void } };
const { RRuleSet } = loadPeer<{ RRuleSet: { fromString(text: string): RustRuleSet } }>('rrule-rust');

const { RRule, rrulestr } = rrulePkg as unknown as typeof import('rrule');

// ---- Against the native peer (issues 24 and 34): 30 daily, parse and expand each call; and prebuilt.
// rrule-rust hands out `DateTime` objects; a host that stores or sends occurrences needs RFC 3339
// text, which it gets with `toDate().toISOString()` (the group "RFC 3339 text" below), while
// ours writes `runOn` inside `expandRecurrence`. rrule-rust's `DTSTART:...Z` rule runs in UTC, its
// `DTSTART;TZID=America/Chicago:...` one in Chicago, as ours does with `timeZone`.
type RustDateTime = { toDate(): Date };
const DAILY_30 = 'FREQ=DAILY;COUNT=30';
const peerCase = (title: string, timeZone: string, ical: string, start: string) => {
  const parsed = parseRecurrenceRule(DAILY_30);
  if (!parsed.ok) throw new Error(parsed.error);
  const rule = parsed.value;
  const startDate = new Date(start);
  const window = timeZone === 'UTC' ? {} : { timeZone };
  const prebuiltRust = RRuleSet.fromString(ical);
  prebuiltRust.cache.disable();
  const prebuiltTemporal = new RRuleTemporal({ rruleString: ical, cache: false });
  const prebuiltRrulejs = rrulestr(ical, { cache: false }); // rrulestr's default: no cache
  const rustText = () => (RRuleSet.fromString(ical).all() as RustDateTime[]).map((d) => d.toDate().toISOString());
  // The same instants, the same text (less toISOString's ".000"), before anything is timed.
  const oursText = expandRecurrence({ recurrenceRule: DAILY_30, start, runTransfer }, window).map((o) => o.runOn);
  const theirsText = rustText().map((t) => t.replace('.000Z', 'Z'));
  if (JSON.stringify(oursText) !== JSON.stringify(theirsText)) throw new Error(`${title}: runOn differs from rrule-rust's instants`);
  return [
    {
      title: `${title}: Occurrence objects / RFC 3339 text, parse and expand each call`,
      contenders: [
        { name: 'payments-kit expandRecurrence (Occurrence objects, RFC 3339 runOn)', fn: () => expandRecurrence({ recurrenceRule: DAILY_30, start, runTransfer }, window) },
        ...(before === undefined
          ? []
          : [{ name: 'payments-kit expandRecurrence before (BENCH_BASELINE_DIST)', fn: () => before.expandRecurrence({ recurrenceRule: DAILY_30, start, runTransfer }, window) }]),
        { name: 'rrule-rust RRuleSet.fromString().all(), then toDate().toISOString()', fn: rustText },
        { name: 'rrule-rust RRuleSet.fromString().all() (bare DateTime objects)', fn: () => RRuleSet.fromString(ical).all() },
        { name: 'rrule-temporal new RRuleTemporal().all()', fn: () => new RRuleTemporal({ rruleString: ical, cache: false }).all() },
        { name: 'rrule.js rrulestr().all()', fn: () => rrulestr(ical).all() },
      ],
    },
    {
      title: `${title}: instants, parse and expand each call`,
      contenders: [
        { name: 'payments-kit recurrenceInstants (spread to an array)', fn: () => [...recurrenceInstants({ recurrenceRule: DAILY_30, start }, window)] },
        ...(before === undefined
          ? []
          : [{ name: 'payments-kit recurrenceInstants before (BENCH_BASELINE_DIST)', fn: () => [...before.recurrenceInstants({ recurrenceRule: DAILY_30, start }, window)] }]),
        { name: 'rrule-rust RRuleSet.fromString().all() (bare DateTime objects)', fn: () => RRuleSet.fromString(ical).all() },
      ],
    },
    {
      title: `${title}: prebuilt rule`,
      contenders: [
        { name: 'payments-kit recurrenceInstants on a parsed rule', fn: () => [...recurrenceInstants({ recurrenceRule: rule, start: startDate }, window)] },
        { name: 'rrule-rust prebuilt RRuleSet.all(), cache off', fn: () => prebuiltRust.all() },
        { name: 'rrule-temporal prebuilt all(), cache off', fn: () => prebuiltTemporal.all() },
        { name: 'rrule.js prebuilt all(), cache off', fn: () => prebuiltRrulejs.all() },
      ],
    },
  ];
};
const runTransfer = { amount: { currency: 'USD', value: 1000 } };

const ours = (recurrenceRule: string, start: string, options: Parameters<typeof expandRecurrence>[1]) => () =>
  expandRecurrence({ recurrenceRule, start, runTransfer }, options);

// rrule.js with a fresh object per iteration (its cache would otherwise answer from memory).
const daily30Utc = () => new RRule({ freq: RRule.DAILY, count: 30, dtstart: new Date('2026-03-01T09:00:00Z') }).all();
const daily30Chicago = () => rrulestr('DTSTART;TZID=America/Chicago:20260301T090000\nRRULE:FREQ=DAILY;COUNT=30').all();
const minutely1440 = () => new RRule({ freq: RRule.MINUTELY, count: 1440, dtstart: new Date('2026-03-01T00:00:00Z') }).all();
const lastWeekday240 = () =>
  new RRule({
    freq: RRule.MONTHLY,
    count: 240,
    byweekday: [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR],
    bysetpos: -1,
    dtstart: new Date('2026-01-30T17:00:00Z'),
  }).all();
const FROM = new Date('2026-11-21T00:00:00Z');
const dailyFar12 = () =>
  new RRule({ freq: RRule.DAILY, dtstart: new Date('1976-11-21T09:00:00Z') }).between(FROM, new Date('2027-11-21T00:00:00Z'), true, (_d, i) => i < 12);

const groups = [
  {
    title: '30 daily occurrences, UTC',
    contenders: [
      { name: 'payments-kit expandRecurrence', fn: ours('FREQ=DAILY;COUNT=30', '2026-03-01T09:00:00Z', {}) },
      { name: 'rrule.js all()', fn: daily30Utc },
    ],
  },
  {
    title: '30 daily occurrences, America/Chicago (across the March DST change)',
    contenders: [
      { name: 'payments-kit expandRecurrence', fn: ours('FREQ=DAILY;COUNT=30', '2026-03-01T15:00:00Z', { timeZone: 'America/Chicago' }) },
      { name: 'rrule.js all() with TZID', fn: daily30Chicago },
    ],
  },
  {
    title: '1,440 minutely occurrences',
    contenders: [
      { name: 'payments-kit expandRecurrence', fn: ours('FREQ=MINUTELY;COUNT=1440', '2026-03-01T00:00:00Z', {}) },
      { name: 'rrule.js all()', fn: minutely1440 },
    ],
  },
  {
    title: 'monthly last weekday (BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1) x 240',
    contenders: [
      {
        name: 'payments-kit expandRecurrence',
        fn: ours('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=240', '2026-01-30T17:00:00Z', {}),
      },
      { name: 'rrule.js all()', fn: lastWeekday240 },
    ],
  },
  {
    title: 'far window: next 12 of a DAILY rule started 50 years ago',
    contenders: [
      { name: 'payments-kit expandRecurrence', fn: ours('FREQ=DAILY', '1976-11-21T09:00:00Z', { from: FROM, limit: 12 }) },
      { name: 'rrule.js between() with iterator', fn: dailyFar12 },
    ],
  },
];

const peerGroups = [
  ...peerCase('30 daily occurrences, UTC', 'UTC', 'DTSTART:20260301T090000Z\nRRULE:FREQ=DAILY;COUNT=30', '2026-03-01T09:00:00Z'),
  ...peerCase(
    '30 daily occurrences, America/Chicago (across the March DST change)',
    'America/Chicago',
    'DTSTART;TZID=America/Chicago:20260301T090000\nRRULE:FREQ=DAILY;COUNT=30',
    '2026-03-01T15:00:00Z',
  ),
];

console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
await compare(peerGroups, { rounds: Number(process.env.SCHEDULE_ROUNDS ?? 7), time: Number(process.env.SCHEDULE_TIME ?? 300) });
console.log(`load average after the peer groups: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
if (process.env.SCHEDULE_BENCH === 'peers') process.exit(0);

await compare(groups);

// The far-window MINUTELY case: ours timed 50 times after warm-up (also in two zones, where
// each candidate is a wall time converted to an instant), rrule.js once.
const DAY_END = new Date('2026-11-22T00:00:00Z');
const medianMs = (fn: () => unknown): number => {
  for (let i = 0; i < 20; i += 1) fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
};
const oursMedian = medianMs(ours('FREQ=MINUTELY', '2000-01-01T00:00:00Z', { from: FROM, to: DAY_END }));
const zoned = ['America/Chicago', 'Asia/Kolkata'].map((timeZone) => ({
  timeZone,
  ms: medianMs(ours('FREQ=MINUTELY', '2000-01-01T00:00:00Z', { from: FROM, to: DAY_END, timeZone })),
}));
const t0 = performance.now();
const theirs = new RRule({ freq: RRule.MINUTELY, dtstart: new Date('2000-01-01T00:00:00Z') }).between(FROM, DAY_END, true);
const theirsMs = performance.now() - t0;
console.log('\n## far window: one day of a MINUTELY rule started in 2000 (single timed run of rrule.js)');
console.log('| contender | time (ms) | ours vs this |');
console.log('|---|---:|---:|');
console.log(`| payments-kit expandRecurrence (median of 50) | ${oursMedian.toFixed(2)} | 1.00x |`);
for (const { timeZone, ms } of zoned) console.log(`| payments-kit expandRecurrence in ${timeZone} (median of 50; ${(ms / oursMedian).toFixed(2)}x the UTC time) | ${ms.toFixed(2)} | |`);
console.log(`| rrule.js between() (${theirs.length} results, 1 run) | ${theirsMs.toFixed(0)} | ${(theirsMs / oursMedian).toFixed(0)}x |`);
