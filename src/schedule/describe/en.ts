import type { Frequency } from '../../rrule/types.js';
import { clockOf, isMondayToFriday, isPlural, joinWords, shortClockOf, shownItems } from './format.js';
import type { DescribeMessages } from './messages-type.js';
import type { DescriptionModel, TimeClause } from './model.js';
import type { ShownList } from './positions.js';
import type { ZoneWording } from './zone-wording.js';

/** English units of each FREQ: singular and plural. */
const UNITS: Record<Frequency, readonly [string, string]> = {
  SECONDLY: ['second', 'seconds'],
  MINUTELY: ['minute', 'minutes'],
  HOURLY: ['hour', 'hours'],
  DAILY: ['day', 'days'],
  WEEKLY: ['week', 'weeks'],
  MONTHLY: ['month', 'months'],
  YEARLY: ['year', 'years'],
};

const and = (items: readonly string[]): string => joinWords(items, ' and ');
const or = (items: readonly string[]): string => joinWords(items, ' or ');

/** 1st, 2nd, 3rd, 4th, 11th, 21st ...; -1 last, -2 2nd-to-last. */
function ordinal(n: number): string {
  if (n === -1) return 'last';
  if (n < 0) return `${ordinal(-n)}-to-last`;
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const range = (from: string, to: string): string => `${from} to ${to}`;

/** "the 1st and last day(s)", or "up to 12 days". */
function positions(shown: ShownList, noun: string, nouns: string): string {
  if (shown.kind === 'count') return `${shown.upTo ? 'up to ' : ''}${shown.count} ${shown.count === 1 ? noun : nouns}`;
  return `the ${and(shownItems(shown.items, ordinal, range))} ${isPlural(shown.items) ? nouns : noun}`;
}

/** "hour 9", "hours 9 to 16", "12 different hours". */
function clockPart(shown: ShownList, noun: string, nouns: string): string {
  if (shown.kind === 'count') return `${shown.count} different ${nouns}`;
  return `${isPlural(shown.items) ? nouns : noun} ${and(shownItems(shown.items, String, range))}`;
}

function zone(z: ZoneWording | undefined): string {
  if (z === undefined) return '';
  if (z.kind === 'utc') return ' UTC';
  return z.kind === 'city' ? ` ${z.city} time` : ` (${z.id})`;
}

function time(clause: TimeClause, z: ZoneWording | undefined): string {
  if (clause.kind === 'times') return `at ${and(clause.times.map((t) => clockOf(t, clause.withSeconds)))}${zone(z)}`;
  const parts = [
    clause.hours && `at ${clockPart(clause.hours, 'hour', 'hours')}`,
    clause.minutes && `at ${clockPart(clause.minutes, 'minute', 'minutes')}`,
    clause.seconds && `at ${clockPart(clause.seconds, 'second', 'seconds')}`,
  ].filter((p): p is string => p !== undefined);
  return `${parts.join(', ')}${zone(z)}`;
}

const WEEKDAY_NAMES = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
} as const;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const monthName = (month: number): string => MONTH_NAMES[month - 1] ?? String(month);

const ofMonth = (model: DescriptionModel): string => (model.freq === 'MONTHLY' ? '' : ' of the month');

/** English: US month-day-year dates, 24-hour times, RFC 5545's own wording where it helps. */
export const EN: DescribeMessages = {
  language: 'en',
  weekdayNames: WEEKDAY_NAMES,
  monthNames: MONTH_NAMES,
  every: ({ freq, interval }) => {
    const [one, many] = UNITS[freq];
    return interval === 1 ? `Every ${one}` : `Every ${interval} ${many}`;
  },
  months: (months) => `in ${and(months.map(monthName))}`,
  dateOfYear: ({ month, day }) => `on ${monthName(month)} ${day}`,
  everyDayOfWeeks: 'on every day',
  weekNumbers: (weeks) => `in ${positions(weeks, 'week', 'weeks')} of the year`,
  yearDays: (days) => `on ${positions(days, 'day', 'days')} of the year`,
  monthDays: (days, model) => `on ${positions(days, 'day', 'days')}${days.kind === 'count' ? ' of the month' : ofMonth(model)}`,
  weekdays: (clause, model) => {
    const plain = isMondayToFriday(clause.plain)
      ? [clause.limiting ? 'a weekday' : 'weekdays']
      : clause.plain.map((d) => (clause.limiting ? `a ${WEEKDAY_NAMES[d]}` : WEEKDAY_NAMES[d]));
    const numbered = clause.numbered.map(({ weekday, positions: shown }) =>
      shown.kind === 'count'
        ? `${clause.limiting ? 'one of ' : ''}${shown.upTo ? 'up to ' : ''}${shown.count} of the ${WEEKDAY_NAMES[weekday]}s`
        : `the ${and(shownItems(shown.items, ordinal, range))} ${WEEKDAY_NAMES[weekday]}`,
    );
    const scope = numbered.length === 0 ? '' : clause.scope === 'year' ? ' of the year' : ofMonth(model);
    return clause.limiting ? `if it is ${or([...plain, ...numbered])}${scope}` : `on ${and([...plain, ...numbered])}${scope}`;
  },
  time: (clause, z) => time(clause, z),
  startingAt: (moment) => `starting ${enDate(moment.date)} at ${shortClockOf(moment.time)}${zone(moment.zone)}`,
  setPositions: (shown, { freq }) => {
    const unit = UNITS[freq][0];
    if (shown.kind === 'count') return `keeping only up to ${shown.count} of them in each ${unit}`;
    return `keeping only the ${and(shownItems(shown.items, ordinal, range))} ${isPlural(shown.items) ? 'ones' : 'one'} in each ${unit}`;
  },
  count: (n) => (n === 1 ? 'once' : `${n} times`),
  until: (moment) => `until ${enDate(moment.date)} at ${shortClockOf(moment.time)}${zone(moment.zone)}`,
  weekStart: (weekday) => `weeks start on ${WEEKDAY_NAMES[weekday]}`,
  rscale: 'in the Gregorian calendar',
  skip: {
    OMIT: 'days missing from a month are skipped',
    BACKWARD: 'a day missing from a month moves back to the nearest earlier day',
    FORWARD: 'a day missing from a month moves forward to the nearest later day',
  },
  date: (date) => enDate(date),
};

function enDate({ year, month, day }: { year: number; month: number; day: number }): string {
  return `${monthName(month)} ${day}, ${year}`;
}
