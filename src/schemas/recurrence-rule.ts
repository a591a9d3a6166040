import * as v from 'valibot';
import { LONE_SURROGATE_MESSAGE, hasLoneSurrogate } from '../limits/index.js';
// The parser file itself, not payments-kit/schedule's entry: a schemas bundle pulls in only
// the (pure) RRULE parser, not the expander or the time-zone code.
import { parseRecurrenceRule } from '../rrule/parse.js';
import { STRING_MESSAGE } from './messages.js';
import { NO_LONE_SURROGATE_PATTERN } from './text.js';

/** The message for `rule`: a lone surrogate first (as every string), then the RRULE grammar. */
function recurrenceRuleProblem(rule: string): string | undefined {
  if (hasLoneSurrogate(rule)) return LONE_SURROGATE_MESSAGE;
  const parsed = parseRecurrenceRule(rule);
  return parsed.ok ? undefined : parsed.error;
}

/**
 * `recurrenceRule` (spec 2.5): an RRULE as defined by RFC 5545 section 3.3.10, checked by
 * `parseRecurrenceRule`; the issue message is the parser's (it names the part and the
 * rule it breaks). The value stays the string that was sent. JSON Schema cannot express the
 * grammar: its conversion is a string without lone surrogates.
 *
 * @example
 * v.safeParse(RecurrenceRuleSchema, 'FREQ=MONTHLY;BYMONTHDAY=1').success // true
 * v.safeParse(RecurrenceRuleSchema, 'FREQ=WEEKLY;BYMONTHDAY=1').issues?.[0].message
 * // 'BYMONTHDAY is not allowed with FREQ=WEEKLY'
 */
export const RecurrenceRuleSchema = v.pipe(
  v.string(STRING_MESSAGE),
  v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const message = recurrenceRuleProblem(dataset.value);
    if (message !== undefined) addIssue({ message });
  }),
  v.metadata({ pattern: NO_LONE_SURROGATE_PATTERN }),
);
