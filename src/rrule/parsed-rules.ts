import type { RecurrenceRule } from './types.js';

/** Every rule object `parseRecurrenceRule` has returned (weakly held: a rule dropped by its caller is collected). */
const parsedRules = new WeakSet<RecurrenceRule>();

/**
 * Records `rule` as made by the parser, and returns it.
 *
 * @example
 * markParsed(complete) // the same object; isParsedRule(complete) is now true
 */
export function markParsed(rule: RecurrenceRule): RecurrenceRule {
  parsedRules.add(rule);
  return rule;
}

/**
 * True when `value` is a rule object returned by `parseRecurrenceRule` (and so checked
 * against every RFC 5545 rule); false for a hand-built or copied object.
 *
 * @example
 * isParsedRule(parseRecurrenceRule('FREQ=DAILY').value) // true
 * isParsedRule({ freq: 'DAILY', interval: 1, wkst: 'MO' }) // false
 */
export function isParsedRule(value: unknown): value is RecurrenceRule {
  return typeof value === 'object' && value !== null && parsedRules.has(value as RecurrenceRule);
}
