import type * as v from 'valibot';
import { ErrorBodyBuilder } from './error-body.js';
import { UNKNOWN_FIELD_ISSUE_TYPE, unknownFieldKey } from './error-limit.js';

/** The error keys of one issue: array positions as `[i]`, an unknown field by `unknownFieldKey`. */
function keysOf(issue: v.BaseIssue<unknown>): string[] {
  const path = issue.path ?? [];
  return path.map((item: { key: unknown }, i: number) => {
    if (typeof item.key === 'number') return `[${item.key}]`;
    const key = String(item.key);
    return i === path.length - 1 && issue.type === UNKNOWN_FIELD_ISSUE_TYPE ? unknownFieldKey(key) : key;
  });
}

/**
 * One line naming each failed field and why, for `{ error }` bodies, written by
 * {@link ErrorBodyBuilder.forText}: fields joined by dots (array positions as `[i]`), entries
 * joined by `; `; after `maxErrors` entries, the truncation note ends the line instead of the
 * rest (default: no limit).
 *
 * @example
 * summarizeIssues(issues, 20) // 'text: must be at most 750 characters; evidenceType: is required'
 */
export function summarizeIssues(
  issues: readonly v.BaseIssue<unknown>[],
  maxErrors: number = Number.POSITIVE_INFINITY,
): string {
  const text = ErrorBodyBuilder.forText(maxErrors);
  for (const issue of issues) {
    text.add(keysOf(issue), issue.message);
    if (text.isTruncated) break;
  }
  return text.finishText();
}
