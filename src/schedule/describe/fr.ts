import type { Frequency } from '../../rrule/types.js';
import { clockOf, isMondayToFriday, joinWords, shownItems } from './format.js';
import type { DescribeMessages } from './messages-type.js';
import type { DescriptionModel, TimeClause, TimeOfDay } from './model.js';
import type { ShownList, ShownRange } from './positions.js';
import type { ZoneWording } from './zone-wording.js';

/** "Chaque ..." for an interval of 1, "Tous/Toutes les n ..." otherwise; "chaque ..." in "de chaque mois". */
const UNITS: Record<Frequency, { readonly each: string; readonly many: string; readonly feminine: boolean }> = {
  SECONDLY: { each: 'seconde', many: 'secondes', feminine: true },
  MINUTELY: { each: 'minute', many: 'minutes', feminine: true },
  HOURLY: { each: 'heure', many: 'heures', feminine: true },
  DAILY: { each: 'jour', many: 'jours', feminine: false },
  WEEKLY: { each: 'semaine', many: 'semaines', feminine: true },
  MONTHLY: { each: 'mois', many: 'mois', feminine: false },
  YEARLY: { each: 'année', many: 'ans', feminine: false },
};

const WEEKDAY_NAMES = {
  MO: 'lundi',
  TU: 'mardi',
  WE: 'mercredi',
  TH: 'jeudi',
  FR: 'vendredi',
  SA: 'samedi',
  SU: 'dimanche',
} as const;

const MONTH_NAMES = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

type Noun = { readonly one: string; readonly many: string; readonly feminine: boolean };
const DAY: Noun = { one: 'jour', many: 'jours', feminine: false };
const WEEK: Noun = { one: 'semaine', many: 'semaines', feminine: true };
const MATCH: Noun = { one: 'occurrence', many: 'occurrences', feminine: true };

const et = (items: readonly string[]): string => joinWords(items, ' et ');
const ou = (items: readonly string[]): string => joinWords(items, ' ou ');
const monthName = (month: number): string => MONTH_NAMES[month - 1] ?? String(month);
/** A day of the month as French writes it: 1er, 2, 3 ... */
const dayOfMonth = (day: number): string => (day === 1 ? '1er' : String(day));

/** 1er/1re, 2e, 3e ... */
const ordinal = (n: number, feminine: boolean): string => (n === 1 ? (feminine ? '1re' : '1er') : `${n}e`);

/** A negative position with its article, before the noun: "le dernier", "l'avant-dernière"; from -3, "le 3e ... en partant de la fin". */
function fromEnd(n: number, noun: Noun, nounText: string): string {
  if (n === -1) return `${noun.feminine ? 'la dernière' : 'le dernier'} ${nounText}`;
  if (n === -2) return `${noun.feminine ? "l'avant-dernière" : "l'avant-dernier"} ${nounText}`;
  return `${noun.feminine ? 'la' : 'le'} ${ordinal(-n, noun.feminine)} ${nounText} en partant de la fin`;
}

/** Ordinals before one noun: "le 1er et le 3e lundi", "du 1er au 3e lundi", "la dernière occurrence". */
function ordinalsBefore(items: readonly ShownRange[], noun: Noun, nounText: string): string {
  const article = noun.feminine ? 'la' : 'le';
  const positive = items.filter((r) => r.from > 0);
  const phrases: string[] = [];
  if (positive.length > 0) {
    const words = positive.map((r) =>
      r.from === r.to
        ? `${article} ${ordinal(r.from, noun.feminine)}`
        : `${noun.feminine ? 'de la' : 'du'} ${ordinal(r.from, noun.feminine)} ${noun.feminine ? 'à la' : 'au'} ${ordinal(r.to, noun.feminine)}`,
    );
    phrases.push(`${et(words)} ${nounText}`);
  }
  for (const r of items.filter((i) => i.from < 0)) phrases.push(fromEnd(r.from, noun, nounText));
  return et(phrases);
}

/** A count said without listing: "certains jours du mois (7 au total)", "(au plus 7)". */
function someOf(shown: { readonly count: number; readonly upTo: boolean }, noun: Noun, of: string): string {
  const total = shown.upTo ? `au plus ${shown.count}` : `${shown.count} au total`;
  return `${noun.feminine ? 'certaines' : 'certains'} ${noun.many} ${of} (${total})`;
}

/** Days of the month as dates say them: "le 13", "les 2 et 15", "du 10 au 15", "le dernier jour". */
function monthDayList(shown: ShownList): string {
  if (shown.kind === 'count') return someOf(shown, DAY, 'du mois');
  const positive = shown.items.filter((r) => r.from > 0);
  const phrases: string[] = [];
  const singles = positive.filter((r) => r.from === r.to).map((r) => dayOfMonth(r.from));
  if (singles.length > 0) phrases.push(`${singles.length === 1 ? 'le' : 'les'} ${et(singles)}`);
  for (const r of positive.filter((i) => i.from !== i.to)) phrases.push(`du ${dayOfMonth(r.from)} au ${r.to}`);
  for (const r of shown.items.filter((i) => i.from < 0)) phrases.push(fromEnd(r.from, DAY, DAY.one));
  return et(phrases);
}

/** Weeks or days of the year by number: "la semaine 20", "les jours 1, 100 et 200", "la dernière semaine". */
function numberedNoun(shown: ShownList, noun: Noun): string {
  if (shown.kind === 'count') return someOf(shown, noun, "de l'année");
  const positive = shown.items.filter((r) => r.from > 0);
  const phrases: string[] = [];
  if (positive.length > 0) {
    const plural = positive.length > 1 || positive.some((r) => r.from !== r.to);
    const article = plural ? 'les' : noun.feminine ? 'la' : 'le';
    phrases.push(`${article} ${plural ? noun.many : noun.one} ${et(shownItems(positive, String, (a, b) => `${a} à ${b}`))}`);
  }
  for (const r of shown.items.filter((i) => i.from < 0)) phrases.push(fromEnd(r.from, noun, noun.one));
  return et(phrases);
}

function zone(z: ZoneWording | undefined): string {
  if (z === undefined) return '';
  if (z.kind === 'utc') return ' UTC';
  return z.kind === 'city' ? ` (heure de ${z.city})` : ` (${z.id})`;
}

/** "à l'heure 9", "aux heures 9 à 16", "à 12 heures différentes". */
function clockPart(shown: ShownList, one: string, many: string): string {
  if (shown.kind === 'count') return `à ${shown.count} ${many} différentes`;
  const plural = shown.items.length > 1 || shown.items.some((r) => r.from !== r.to);
  const single = one === 'heure' ? "à l'heure" : `à la ${one}`;
  return `${plural ? `aux ${many}` : single} ${et(shownItems(shown.items, String, (a, b) => `${a} à ${b}`))}`;
}

function time(clause: TimeClause, z: ZoneWording | undefined): string {
  if (clause.kind === 'times') return `${et(clause.times.map((t) => `à ${clockOf(t, clause.withSeconds)}`))}${zone(z)}`;
  const parts = [
    clause.hours && clockPart(clause.hours, 'heure', 'heures'),
    clause.minutes && clockPart(clause.minutes, 'minute', 'minutes'),
    clause.seconds && clockPart(clause.seconds, 'seconde', 'secondes'),
  ].filter((p): p is string => p !== undefined);
  return `${parts.join(', ')}${zone(z)}`;
}

const at = (t: TimeOfDay): string => `à ${clockOf(t, t.second !== 0)}`;
const ofMonth = (model: DescriptionModel): string => (model.freq === 'MONTHLY' ? '' : ' du mois');
const frDate = ({ year, month, day }: { year: number; month: number; day: number }): string => `${dayOfMonth(day)} ${monthName(month)} ${year}`;

/** French: dates as "le 2 septembre", ordinals 1er/1re, 2e, weekdays "le lundi", 24-hour times. */
export const FR: DescribeMessages = {
  language: 'fr',
  weekdayNames: WEEKDAY_NAMES,
  monthNames: MONTH_NAMES,
  every: ({ freq, interval }) => {
    const unit = UNITS[freq];
    if (interval === 1) return `Chaque ${unit.each}`;
    return `${unit.feminine ? 'Toutes' : 'Tous'} les ${interval} ${unit.many}`;
  },
  months: (months) => `en ${et(months.map(monthName))}`,
  dateOfYear: ({ month, day }) => `le ${dayOfMonth(day)} ${monthName(month)}`,
  everyDayOfWeeks: 'tous les jours',
  weekNumbers: (weeks) => `pendant ${numberedNoun(weeks, WEEK)}${weeks.kind === 'count' ? '' : " de l'année"}`,
  yearDays: (days) => `${numberedNoun(days, DAY)}${days.kind === 'count' ? '' : " de l'année"}`,
  monthDays: (days, model) => `${monthDayList(days)}${days.kind === 'count' ? '' : ofMonth(model)}`,
  weekdays: (clause, model) => {
    const numbered = clause.numbered.map(({ weekday, positions: shown }) =>
      shown.kind === 'count'
        ? clause.limiting
          ? `l'un des ${shown.upTo ? 'au plus ' : ''}${shown.count} ${WEEKDAY_NAMES[weekday]}s choisis`
          : `${shown.upTo ? "jusqu'à " : ''}${shown.count} des ${WEEKDAY_NAMES[weekday]}s`
        : ordinalsBefore(shown.items, DAY, WEEKDAY_NAMES[weekday]),
    );
    const scope = numbered.length === 0 ? '' : clause.scope === 'year' ? " de l'année" : ofMonth(model);
    if (clause.limiting) {
      const plain = isMondayToFriday(clause.plain)
        ? ['un jour du lundi au vendredi']
        : clause.plain.map((d) => `un ${WEEKDAY_NAMES[d]}`);
      return `si c'est ${ou([...plain, ...numbered])}${scope}`;
    }
    const plain = isMondayToFriday(clause.plain) ? ['du lundi au vendredi'] : clause.plain.map((d) => `le ${WEEKDAY_NAMES[d]}`);
    return `${et([...plain, ...numbered])}${scope}`;
  },
  time: (clause, z) => time(clause, z),
  startingAt: (moment) => `à partir du ${frDate(moment.date)} ${at(moment.time)}${zone(moment.zone)}`,
  setPositions: (shown, { freq }) => {
    const each = `de chaque ${UNITS[freq].each}`;
    if (shown.kind === 'count') return `en ne gardant qu'au plus ${shown.count} occurrences ${each}`;
    return `en ne gardant que ${ordinalsBefore(shown.items, MATCH, MATCH.one)} ${each}`;
  },
  count: (n) => (n === 1 ? 'une fois' : `${n} fois`),
  until: (moment) => `jusqu'au ${frDate(moment.date)} ${at(moment.time)}${zone(moment.zone)}`,
  weekStart: (weekday) => `semaines commençant le ${WEEKDAY_NAMES[weekday]}`,
  rscale: 'dans le calendrier grégorien',
  skip: {
    OMIT: "les jours absents d'un mois sont omis",
    BACKWARD: "un jour absent d'un mois recule au jour existant le plus proche avant lui",
    FORWARD: "un jour absent d'un mois avance au jour existant le plus proche après lui",
  },
  date: frDate,
};
