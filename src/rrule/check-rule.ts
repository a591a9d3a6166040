import { RECURRENCE_MESSAGES as M } from './errors.js';
import { BY_RANGES } from './parse-values.js';
import { LIST_FIELDS } from './parse.js';
import { FREQUENCIES, MAX_COUNT, MAX_INTERVAL, MAX_RULE_LENGTH, SKIP_MODES, WEEKDAYS, type RecurrenceRule } from './types.js';
import { checkRuleCombinations } from './validate.js';

const isIntegerIn = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const includes = (list: readonly unknown[], value: unknown): boolean => list.includes(value);

/**
 * What is wrong with a rule given as an object rather than as RRULE text, or `undefined` when
 * it is a valid {@link RecurrenceRule}: every check `parseRecurrenceRule` makes on the parts'
 * values (FREQ, INTERVAL and COUNT ranges, UNTIL a valid Date, each BYxxx list non-empty, of
 * integers in its range and at most 2,048 long, BYDAY weekdays with ordinals from -53 to 53
 * and not 0, WKST, RSCALE and SKIP) and the RFC 5545 combinations. A rule from the parser, or
 * a copy of one, passes.
 *
 * @example
 * ruleObjectProblem({ freq: 'DAILY', interval: 1, wkst: 'MO' }) // undefined
 * ruleObjectProblem({ freq: 'DAILY', interval: 0, wkst: 'MO' }) // 'recurrenceRule.interval must be an integer from 1 to 1000000000'
 */
export function ruleObjectProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return M.invalidRuleObject('must be RRULE text or a rule object');
  const r = value as { readonly [K in keyof RecurrenceRule]?: unknown };
  if (!includes(FREQUENCIES, r.freq)) return M.invalidRuleObject(`.freq must be one of ${FREQUENCIES.join(', ')}`);
  if (!isIntegerIn(r.interval, 1, MAX_INTERVAL)) return M.invalidRuleObject(`.interval must be an integer from 1 to ${MAX_INTERVAL}`);
  if (r.count !== undefined && !isIntegerIn(r.count, 1, MAX_COUNT)) return M.invalidRuleObject(`.count must be an integer from 1 to ${MAX_COUNT}`);
  if (r.until !== undefined && !(r.until instanceof Date && Number.isFinite(r.until.getTime()))) return M.invalidRuleObject('.until must be a valid Date');
  if (!includes(WEEKDAYS, r.wkst)) return M.invalidRuleObject(`.wkst must be one of ${WEEKDAYS.join(', ')}`);
  if (r.rscale !== undefined && r.rscale !== 'GREGORIAN') return M.invalidRuleObject(".rscale must be 'GREGORIAN' when present");
  if (r.skip !== undefined && !includes(SKIP_MODES, r.skip)) return M.invalidRuleObject(`.skip must be one of ${SKIP_MODES.join(', ')}`);
  for (const [part, field] of Object.entries(LIST_FIELDS) as [keyof typeof LIST_FIELDS, (typeof LIST_FIELDS)[keyof typeof LIST_FIELDS]][]) {
    const list = r[field];
    if (list === undefined) continue;
    const range = BY_RANGES[part];
    const fits = (n: unknown): boolean => isIntegerIn(n, range.min, range.max) && !(range.nonZero && n === 0);
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_RULE_LENGTH || !list.every(fits)) {
      return M.invalidRuleObject(`.${field} must be a non-empty list of integers ${range.label}`);
    }
  }
  if (r.byDay !== undefined) {
    const fits = (d: unknown): boolean => {
      if (typeof d !== 'object' || d === null) return false;
      const { weekday, ordinal } = d as { weekday?: unknown; ordinal?: unknown };
      return includes(WEEKDAYS, weekday) && (ordinal === undefined || (isIntegerIn(ordinal, -53, 53) && ordinal !== 0));
    };
    if (!Array.isArray(r.byDay) || r.byDay.length === 0 || r.byDay.length > MAX_RULE_LENGTH || !r.byDay.every(fits)) {
      return M.invalidRuleObject('.byDay must be a non-empty list of { weekday, ordinal? } (ordinal from -53 to 53, not 0)');
    }
  }
  const combination = checkRuleCombinations(value as RecurrenceRule);
  return combination === undefined ? undefined : M.invalidRuleObject(`: ${combination}`);
}
