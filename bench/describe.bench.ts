/**
 * Rules in words, side by side: payments-kit `describeRecurrence` against rrule.js 2.8
 * `toText()` (English only) and rrule-temporal 2.2 `toText()`, each parsing the rule on every
 * call, measured on the BUILT package (run `npm run build` first).
 * Run: npm run build && npx tsx bench/describe.bench.ts
 */
import rrulePkg from 'rrule';
import { toText } from 'rrule-temporal/totext';
import { compare } from './compare.js';

const { describeRecurrence } = (await import(new URL('../dist/schedule/index.js', import.meta.url).href)) as typeof import('../src/schedule/index.js');

const { rrulestr, RRule } = rrulePkg as unknown as typeof import('rrule');

const RULE = 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1';
const ZONED = `DTSTART;TZID=America/New_York:20260130T170000\nRRULE:${RULE}`;
const recur = { recurrenceRule: RULE, start: '2026-01-30T22:00:00Z' };
const NY = { timeZone: 'America/New_York' };

const groups = [
  {
    title: 'last weekday of the month, bare rule, English',
    contenders: [
      { name: 'payments-kit describeRecurrence', fn: () => describeRecurrence(RULE) },
      { name: 'rrule.js RRule.fromString().toText()', fn: () => RRule.fromString(RULE).toText() },
    ],
  },
  {
    title: 'last weekday of the month at 17:00 New York, English',
    contenders: [
      { name: 'payments-kit describeRecurrence', fn: () => describeRecurrence(recur, NY) },
      { name: 'rrule-temporal toText', fn: () => toText(ZONED, 'en') },
      { name: 'rrule.js rrulestr().toText()', fn: () => rrulestr(ZONED).toText() },
    ],
  },
  {
    title: 'last weekday of the month at 17:00 New York, German',
    contenders: [
      { name: 'payments-kit describeRecurrence', fn: () => describeRecurrence(recur, { ...NY, locale: 'de' }) },
      { name: 'rrule-temporal toText', fn: () => toText(ZONED, 'de') },
    ],
  },
];

const { loadavg } = await import('node:os');
console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
await compare(groups, { time: 300, rounds: 5 });
console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
