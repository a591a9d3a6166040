import type { Frequency } from '../../rrule/types.js';
import { clockOf, isMondayToFriday, joinWords, shownItems } from './format.js';
import type { DescribeMessages } from './messages-type.js';
import type { DescriptionModel, TimeClause, TimeOfDay } from './model.js';
import type { ShownList, ShownRange } from './positions.js';
import type { ZoneWording } from './zone-wording.js';

/** "Jede Woche" / "Alle 2 Wochen"; the genitive for "jedes Monats". */
const UNITS: Record<Frequency, { readonly every: string; readonly many: string; readonly eachOf: string }> = {
  SECONDLY: { every: 'Jede Sekunde', many: 'Sekunden', eachOf: 'jeder Sekunde' },
  MINUTELY: { every: 'Jede Minute', many: 'Minuten', eachOf: 'jeder Minute' },
  HOURLY: { every: 'Jede Stunde', many: 'Stunden', eachOf: 'jeder Stunde' },
  DAILY: { every: 'Jeden Tag', many: 'Tage', eachOf: 'jedes Tages' },
  WEEKLY: { every: 'Jede Woche', many: 'Wochen', eachOf: 'jeder Woche' },
  MONTHLY: { every: 'Jeden Monat', many: 'Monate', eachOf: 'jedes Monats' },
  YEARLY: { every: 'Jedes Jahr', many: 'Jahre', eachOf: 'jedes Jahres' },
};

const WEEKDAY_NAMES = {
  MO: 'Montag',
  TU: 'Dienstag',
  WE: 'Mittwoch',
  TH: 'Donnerstag',
  FR: 'Freitag',
  SA: 'Samstag',
  SU: 'Sonntag',
} as const;

const MONTH_NAMES = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

const und = (items: readonly string[]): string => joinWords(items, ' und ');
const oder = (items: readonly string[]): string => joinWords(items, ' oder ');
const monthName = (month: number): string => MONTH_NAMES[month - 1] ?? String(month);

/** The grammatical case an ordinal stands in: "am letzten Tag" (dative), "der letzte Freitag" (nominative). */
type Case = 'dative' | 'nominative';

/** 1., 2. ...; -1 letzte(n), -2 vorletzte(n), -3 3.-letzte(n). */
function ordinal(n: number, grammaticalCase: Case): string {
  const ending = grammaticalCase === 'dative' ? 'n' : '';
  if (n === -1) return `letzte${ending}`;
  if (n === -2) return `vorletzte${ending}`;
  if (n < 0) return `${-n}.-letzte${ending}`;
  return `${n}.`;
}

function ordinals(items: readonly ShownRange[], grammaticalCase: Case): string {
  return und(shownItems(items, (n) => ordinal(n, grammaticalCase), (a, b) => `${a} bis ${b}`));
}

/** "am 1. und letzten Tag", "an bis zu 8 Tagen". */
function onDays(shown: ShownList, noun: string, dativePlural: string): string {
  if (shown.kind === 'count') return `an ${shown.upTo ? 'bis zu ' : ''}${shown.count} ${dativePlural}`;
  return `am ${ordinals(shown.items, 'dative')} ${noun}`;
}

function zone(z: ZoneWording | undefined): string {
  if (z === undefined) return '';
  if (z.kind === 'utc') return ' UTC';
  return z.kind === 'city' ? ` (Ortszeit ${z.city})` : ` (${z.id})`;
}

/** "zur Stunde 9", "zu den Stunden 9 bis 16", "zu 12 verschiedenen Stunden". */
function clockPart(shown: ShownList, one: string, many: string): string {
  if (shown.kind === 'count') return `zu ${shown.count} verschiedenen ${many}`;
  const plural = shown.items.length > 1 || shown.items.some((r) => r.from !== r.to);
  return `${plural ? `zu den ${many}` : `zur ${one}`} ${und(shownItems(shown.items, String, (a, b) => `${a} bis ${b}`))}`;
}

function time(clause: TimeClause, z: ZoneWording | undefined): string {
  if (clause.kind === 'times') return `um ${und(clause.times.map((t) => clockOf(t, clause.withSeconds)))} Uhr${zone(z)}`;
  const parts = [
    clause.hours && clockPart(clause.hours, 'Stunde', 'Stunden'),
    clause.minutes && clockPart(clause.minutes, 'Minute', 'Minuten'),
    clause.seconds && clockPart(clause.seconds, 'Sekunde', 'Sekunden'),
  ].filter((p): p is string => p !== undefined);
  return `${parts.join(', ')}${zone(z)}`;
}

const at = (t: TimeOfDay): string => `um ${clockOf(t, t.second !== 0)} Uhr`;
const ofMonth = (model: DescriptionModel): string => (model.freq === 'MONTHLY' ? '' : ' des Monats');
const deDate = ({ year, month, day }: { year: number; month: number; day: number }): string => `${day}. ${monthName(month)} ${year}`;

/** German: ordinals "1.", "letzten", weekdays as adverbs ("montags"), times "um 09:00 Uhr". */
export const DE: DescribeMessages = {
  language: 'de',
  weekdayNames: WEEKDAY_NAMES,
  monthNames: MONTH_NAMES,
  every: ({ freq, interval }) => (interval === 1 ? UNITS[freq].every : `Alle ${interval} ${UNITS[freq].many}`),
  months: (months) => `im ${und(months.map(monthName))}`,
  dateOfYear: ({ month, day }) => `am ${day}. ${monthName(month)}`,
  everyDayOfWeeks: 'an jedem Tag',
  weekNumbers: (weeks) =>
    weeks.kind === 'count'
      ? `in ${weeks.upTo ? 'bis zu ' : ''}${weeks.count} Wochen des Jahres`
      : `in der ${ordinals(weeks.items, 'dative')} Woche des Jahres`,
  yearDays: (days) => `${onDays(days, 'Tag', 'Tagen')} des Jahres`,
  monthDays: (days, model) => `${onDays(days, 'Tag', 'Tagen')}${days.kind === 'count' ? ' des Monats' : ofMonth(model)}`,
  weekdays: (clause, model) => {
    const scope = clause.scope === 'year' ? ' des Jahres' : ofMonth(model);
    const numbered = clause.numbered.map(({ weekday, positions: shown }) =>
      shown.kind === 'count'
        ? `an ${shown.upTo ? 'bis zu ' : ''}${shown.count} der ${WEEKDAY_NAMES[weekday]}e${scope}`
        : `am ${ordinals(shown.items, 'dative')} ${WEEKDAY_NAMES[weekday]}${scope}`,
    );
    const plain = isMondayToFriday(clause.plain)
      ? ['montags bis freitags']
      : clause.plain.map((d) => `${WEEKDAY_NAMES[d].toLowerCase()}s`);
    if (clause.limiting) return `, nur ${oder([...plain, ...numbered])}`;
    return und([...plain, ...numbered]);
  },
  time: (clause, z) => time(clause, z),
  startingAt: (moment) => `ab dem ${deDate(moment.date)} ${at(moment.time)}${zone(moment.zone)}`,
  setPositions: (shown, { freq }) => {
    if (shown.kind === 'count') return `davon nur bis zu ${shown.count} Termine ${UNITS[freq].eachOf}`;
    return `davon nur der ${ordinals(shown.items, 'nominative')} Termin ${UNITS[freq].eachOf}`;
  },
  count: (n) => (n === 1 ? 'einmal' : `${n}-mal`),
  until: (moment) => `bis zum ${deDate(moment.date)} ${at(moment.time)}${zone(moment.zone)}`,
  weekStart: (weekday) => `Wochenbeginn am ${WEEKDAY_NAMES[weekday]}`,
  rscale: 'im gregorianischen Kalender',
  skip: {
    OMIT: 'in einem Monat fehlende Tage entfallen',
    BACKWARD: 'ein in einem Monat fehlender Tag wird auf den nächsten früheren Tag verschoben',
    FORWARD: 'ein in einem Monat fehlender Tag wird auf den nächsten späteren Tag verschoben',
  },
  date: deDate,
};
