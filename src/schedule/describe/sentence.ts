import type { DescribeMessages } from './messages-type.js';
import type { DescriptionModel } from './model.js';

/**
 * The sentence of a model in one language: the frequency, then what selects days (months,
 * weeks, days of the year, days of the month, weekdays), the time of day, a weekday that only
 * limits ("if it is a Friday"), where sub-daily steps start; then, after commas, BYSETPOS, COUNT, UNTIL, WKST, RSCALE and SKIP.
 *
 * @example
 * sentenceOf({ freq: 'DAILY', interval: 2 }, EN) // 'Every 2 days'
 */
export function sentenceOf(model: DescriptionModel, m: DescribeMessages): string {
  const head = [
    m.every(model),
    model.months && m.months(model.months, model),
    model.dateOfYear && m.dateOfYear(model.dateOfYear, model),
    model.wholeWeeks ? m.everyDayOfWeeks : undefined,
    model.weekNumbers && m.weekNumbers(model.weekNumbers, model),
    model.yearDays && m.yearDays(model.yearDays, model),
    model.monthDays && m.monthDays(model.monthDays, model),
    model.weekdays && !model.weekdays.limiting ? m.weekdays(model.weekdays, model) : undefined,
    model.time && m.time(model.time, model.timeZone, model),
    // A weekday that only limits other days' choice is said last: "on the 13th day at 09:00 if it is a Friday".
    model.weekdays?.limiting ? m.weekdays(model.weekdays, model) : undefined,
    model.startingAt && m.startingAt(model.startingAt, model),
  ];
  const tail = [
    model.setPositions && m.setPositions(model.setPositions, model),
    model.count === undefined ? undefined : m.count(model.count),
    model.until && m.until(model.until),
    model.weekStart && m.weekStart(model.weekStart),
    model.rscale && m.rscale,
    model.skip && m.skip[model.skip],
  ];
  const present = (parts: readonly (string | undefined)[]): string[] => parts.filter((p): p is string => p !== undefined && p !== '');
  // A head clause may open with its own comma (German ", nur freitags"): no space before it.
  const spoken = present(head).reduce((acc, part) => (part.startsWith(',') ? `${acc}${part}` : `${acc} ${part}`));
  return [spoken, ...present(tail)].join(', ');
}
