import type { Frequency, Weekday } from '../../rrule/types.js';
import { clockOf, isMondayToFriday, joinWords, shownItems } from './format.js';
import type { DescribeMessages } from './messages-type.js';
import type { DescriptionModel, TimeClause, TimeOfDay } from './model.js';
import type { ShownList, ShownRange } from './positions.js';
import type { ZoneWording } from './zone-wording.js';

/** Units of each FREQ: singular, plural. */
const UNITS: Record<Frequency, readonly [string, string]> = {
  SECONDLY: ['segundo', 'segundos'],
  MINUTELY: ['minuto', 'minutos'],
  HOURLY: ['hora', 'horas'],
  DAILY: ['día', 'días'],
  WEEKLY: ['semana', 'semanas'],
  MONTHLY: ['mes', 'meses'],
  YEARLY: ['año', 'años'],
};

const WEEKDAY_NAMES = {
  MO: 'lunes',
  TU: 'martes',
  WE: 'miércoles',
  TH: 'jueves',
  FR: 'viernes',
  SA: 'sábado',
  SU: 'domingo',
} as const;

/** Plural of a weekday name ("los sábados"); the others do not change. */
const WEEKDAY_PLURALS: Readonly<Record<Weekday, string>> = { ...WEEKDAY_NAMES, SA: 'sábados', SU: 'domingos' };

const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** A noun counted by position: its forms and gender (for articles and ordinal endings). */
type Noun = { readonly one: string; readonly many: string; readonly feminine: boolean };
const DAY: Noun = { one: 'día', many: 'días', feminine: false };
const WEEK: Noun = { one: 'semana', many: 'semanas', feminine: true };
const MATCH: Noun = { one: 'coincidencia', many: 'coincidencias', feminine: true };

const y = (items: readonly string[]): string => joinWords(items, ' y ');
const o = (items: readonly string[]): string => joinWords(items, ' o ');
const monthName = (month: number): string => MONTH_NAMES[month - 1] ?? String(month);

/** Negative positions: último, penúltimo, antepenúltimo; from -4 on, "4.º ... contando desde el final". */
const FROM_END = ['último', 'penúltimo', 'antepenúltimo'] as const;

/** The ordinal abbreviation before a noun: 1.er, 3.er, 2.º (masculine), 1.ª (feminine). */
function ordinal(n: number, feminine: boolean): string {
  if (feminine) return `${n}.ª`;
  return n === 1 || n === 3 ? `${n}.er` : `${n}.º`;
}

/** One negative position with its article and noun: "el último día", "la 4.ª semana contando desde el final". */
function fromEnd(n: number, noun: Noun, nounText = noun.one): string {
  const article = noun.feminine ? 'la' : 'el';
  const word = FROM_END[-n - 1];
  if (word !== undefined) return `${article} ${noun.feminine ? `${word.slice(0, -1)}a` : word} ${nounText}`;
  return `${article} ${noun.feminine ? `${-n}.ª` : `${-n}.º`} ${nounText} contando desde el final`;
}

const numberRange = (from: string, to: string): string => `${from} a ${to}`;

/** Positions said with the noun first and numbers ("los días 2 y 15", "el último día"). */
function numberedNoun(shown: ShownList, noun: Noun): string {
  if (shown.kind === 'count') return `${shown.upTo ? 'hasta ' : ''}${shown.count} ${shown.count === 1 ? noun.one : noun.many}`;
  const positive = shown.items.filter((r) => r.from > 0);
  const negative = shown.items.filter((r) => r.from < 0);
  const parts: string[] = [];
  if (positive.length > 0) {
    const plural = positive.length > 1 || positive.some((r) => r.from !== r.to);
    const article = noun.feminine ? (plural ? 'las' : 'la') : plural ? 'los' : 'el';
    parts.push(`${article} ${plural ? noun.many : noun.one} ${y(shownItems(positive, String, numberRange))}`);
  }
  for (const r of negative) parts.push(fromEnd(r.from, noun));
  return y(parts);
}

/** Positions said as ordinals before a noun ("el 1.er y el último lunes", "la 3.ª coincidencia"). */
function ordinalsBefore(items: readonly ShownRange[], noun: Noun, nounText: string): string {
  const article = noun.feminine ? 'la' : 'el';
  const near = items.filter((r) => r.from > -FROM_END.length - 1);
  const far = items.filter((r) => r.from <= -FROM_END.length - 1);
  const words = near.map((r) => {
    if (r.from < 0) return fromEnd(r.from, noun, '').trimEnd();
    const b = ordinal(r.to, noun.feminine);
    if (r.from === r.to) return `${article} ${b}`;
    // Only the ordinal right before the noun is shortened (1.er, 3.er): "del 1.º al 3.er lunes".
    return noun.feminine ? `de la ${r.from}.ª a la ${b}` : `del ${r.from}.º al ${b}`;
  });
  const phrases = words.length === 0 ? [] : [`${y(words)} ${nounText}`];
  for (const r of far) phrases.push(fromEnd(r.from, noun, nounText));
  return y(phrases);
}

function at(time: TimeOfDay, withSeconds: boolean): string {
  return `${time.hour === 1 ? 'a la' : 'a las'} ${clockOf(time, withSeconds)}`;
}

function zone(z: ZoneWording | undefined): string {
  if (z === undefined) return '';
  if (z.kind === 'utc') return ' UTC';
  return z.kind === 'city' ? ` (hora de ${z.city})` : ` (${z.id})`;
}

/** "en la hora 9", "en las horas 9 a 16", "en 12 horas distintas". */
function clockPart(shown: ShownList, noun: Noun, distinct: string): string {
  if (shown.kind === 'count') return `en ${shown.count} ${noun.many} ${distinct}`;
  const plural = shown.items.length > 1 || shown.items.some((r) => r.from !== r.to);
  const article = noun.feminine ? (plural ? 'las' : 'la') : plural ? 'los' : 'el';
  return `en ${article} ${plural ? noun.many : noun.one} ${y(shownItems(shown.items, String, numberRange))}`;
}

function time(clause: TimeClause, z: ZoneWording | undefined): string {
  if (clause.kind === 'times') return `${y(clause.times.map((t) => at(t, clause.withSeconds)))}${zone(z)}`;
  const parts = [
    clause.hours && clockPart(clause.hours, { one: 'hora', many: 'horas', feminine: true }, 'distintas'),
    clause.minutes && clockPart(clause.minutes, { one: 'minuto', many: 'minutos', feminine: false }, 'distintos'),
    clause.seconds && clockPart(clause.seconds, { one: 'segundo', many: 'segundos', feminine: false }, 'distintos'),
  ].filter((p): p is string => p !== undefined);
  return `${parts.join(', ')}${zone(z)}`;
}

const ofMonth = (model: DescriptionModel): string => (model.freq === 'MONTHLY' ? '' : ' del mes');
const esDate = ({ year, month, day }: { year: number; month: number; day: number }): string => `${day} de ${monthName(month)} de ${year}`;

/** Spanish: days of the month as numbers ("los días 2 y 15"), ordinals 1.º/1.ª, 24-hour times. */
export const ES: DescribeMessages = {
  language: 'es',
  weekdayNames: WEEKDAY_NAMES,
  monthNames: MONTH_NAMES,
  every: ({ freq, interval }) => {
    const [one, many] = UNITS[freq];
    return interval === 1 ? `Cada ${one}` : `Cada ${interval} ${many}`;
  },
  months: (months) => `en ${y(months.map(monthName))}`,
  dateOfYear: ({ month, day }) => `el ${day} de ${monthName(month)}`,
  everyDayOfWeeks: 'todos los días',
  weekNumbers: (weeks) => `en ${numberedNoun(weeks, WEEK)} del año`,
  yearDays: (days) => `${days.kind === 'count' ? 'en ' : ''}${numberedNoun(days, DAY)} del año`,
  monthDays: (days, model) =>
    days.kind === 'count' ? `en ${numberedNoun(days, DAY)} del mes` : `${numberedNoun(days, DAY)}${ofMonth(model)}`,
  weekdays: (clause, model) => {
    const numbered = clause.numbered.map(({ weekday, positions: shown }) =>
      shown.kind === 'count'
        ? `${clause.limiting ? 'uno de' : 'en'} ${shown.upTo ? 'hasta ' : ''}${shown.count} de los ${WEEKDAY_PLURALS[weekday]}`
        : ordinalsBefore(shown.items, DAY, WEEKDAY_NAMES[weekday]),
    );
    const scope = numbered.length === 0 ? '' : clause.scope === 'year' ? ' del año' : ofMonth(model);
    if (clause.limiting) {
      const plain = isMondayToFriday(clause.plain) ? ['un día de lunes a viernes'] : clause.plain.map((d) => WEEKDAY_NAMES[d]);
      return `si es ${o([...plain, ...numbered])}${scope}`;
    }
    const plain = isMondayToFriday(clause.plain)
      ? ['de lunes a viernes']
      : clause.plain.length === 0
        ? []
        : [`los ${y(clause.plain.map((d) => WEEKDAY_PLURALS[d]))}`];
    return `${y([...plain, ...numbered])}${scope}`;
  },
  time: (clause, z) => time(clause, z),
  startingAt: (moment) => `a partir del ${esDate(moment.date)} ${at(moment.time, moment.time.second !== 0)}${zone(moment.zone)}`,
  setPositions: (shown, { freq }) => {
    const unit = UNITS[freq][0];
    if (shown.kind === 'count') return `solo hasta ${shown.count} coincidencias de cada ${unit}`;
    return `solo ${ordinalsBefore(shown.items, MATCH, MATCH.one)} de cada ${unit}`;
  },
  count: (n) => (n === 1 ? 'una vez' : `${n} veces`),
  until: (moment) => `hasta el ${esDate(moment.date)} ${at(moment.time, moment.time.second !== 0)}${zone(moment.zone)}`,
  weekStart: (weekday) => `la semana empieza el ${WEEKDAY_NAMES[weekday]}`,
  rscale: 'en el calendario gregoriano',
  skip: {
    OMIT: 'los días que no existen en un mes se omiten',
    BACKWARD: 'un día que no existe en un mes pasa al día anterior más cercano',
    FORWARD: 'un día que no existe en un mes pasa al día siguiente más cercano',
  },
  date: esDate,
};

