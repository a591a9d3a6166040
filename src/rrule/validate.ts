import { RRULE_MESSAGES as M } from './messages.js';
import type { RecurrenceRule } from './types.js';

type Check = { applies: (rule: RecurrenceRule) => boolean; message: string };

/**
 * The RFC 5545 3.3.10 rules that relate parts to each other, as data: each entry is a
 * condition that makes the rule invalid and the message that names it.
 */
export const COMBINATION_RULES: readonly Check[] = [
  { applies: (r) => r.count !== undefined && r.until !== undefined, message: M.countAndUntil },
  {
    applies: (r) => hasNumberedByDay(r) && r.freq !== 'MONTHLY' && r.freq !== 'YEARLY',
    message: M.numberedByDayFreq,
  },
  {
    applies: (r) => hasNumberedByDay(r) && r.freq === 'YEARLY' && r.byWeekNo !== undefined,
    message: M.numberedByDayWeekNo,
  },
  { applies: (r) => r.byMonthDay !== undefined && r.freq === 'WEEKLY', message: M.byMonthDayWeekly },
  {
    applies: (r) => r.byYearDay !== undefined && (r.freq === 'DAILY' || r.freq === 'WEEKLY' || r.freq === 'MONTHLY'),
    message: M.byYearDayFreq,
  },
  { applies: (r) => r.byWeekNo !== undefined && r.freq !== 'YEARLY', message: M.byWeekNoFreq },
  { applies: (r) => r.bySetPos !== undefined && !hasOtherByPart(r), message: M.bySetPosAlone },
  { applies: (r) => r.skip !== undefined && r.rscale === undefined, message: M.skipWithoutRscale },
  {
    applies: (r) => (r.skip === 'BACKWARD' || r.skip === 'FORWARD') && r.freq !== 'MONTHLY' && r.freq !== 'YEARLY',
    message: M.skipFreq,
  },
];

function hasNumberedByDay(rule: RecurrenceRule): boolean {
  return rule.byDay?.some((d) => d.ordinal !== undefined) ?? false;
}

function hasOtherByPart(rule: RecurrenceRule): boolean {
  return (
    rule.bySecond !== undefined ||
    rule.byMinute !== undefined ||
    rule.byHour !== undefined ||
    rule.byDay !== undefined ||
    rule.byMonthDay !== undefined ||
    rule.byYearDay !== undefined ||
    rule.byWeekNo !== undefined ||
    rule.byMonth !== undefined
  );
}

/**
 * The first cross-part RFC 5545 rule `rule` breaks, as a message; `undefined` when none.
 *
 * @example
 * checkRuleCombinations({ freq: 'WEEKLY', interval: 1, byMonthDay: [1], wkst: 'MO' })
 * // 'BYMONTHDAY is not allowed with FREQ=WEEKLY'
 */
export function checkRuleCombinations(rule: RecurrenceRule): string | undefined {
  return COMBINATION_RULES.find((check) => check.applies(rule))?.message;
}
