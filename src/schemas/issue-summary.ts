import type * as v from 'valibot';
import { UNKNOWN_FIELD_ISSUE_TYPE, truncatedMessage, unknownFieldKey } from './error-limit.js';

/** The `field: message` entry of one issue. */
function entryOf(issue: v.BaseIssue<unknown>): string {
  const path = issue.path ?? [];
  const keys = path.map((item: { key: unknown }, i: number) => {
    if (typeof item.key === 'number') return `[${item.key}]`;
    const key = String(item.key);
    return i === path.length - 1 && issue.type === UNKNOWN_FIELD_ISSUE_TYPE ? unknownFieldKey(key) : key;
  });
  const field = keys.join('.').replaceAll('.[', '[');
  return field === '' ? issue.message : `${field}: ${issue.message}`;
}

/**
 * One line naming each failed field and why, for `{ error }` bodies: fields joined by
 * dots (array positions as `[i]`), entries joined by `; `; after `maxErrors` entries, the
 * truncation note ends the line instead of the rest (default: no limit).
 *
 * @example
 * summarizeIssues(issues, 20) // 'text: must be at most 750 characters; evidenceType: is required'
 */
export function summarizeIssues(
  issues: readonly v.BaseIssue<unknown>[],
  maxErrors: number = Number.POSITIVE_INFINITY,
): string {
  const entries = issues.slice(0, maxErrors).map(entryOf);
  if (issues.length > maxErrors) entries.push(truncatedMessage(maxErrors));
  return entries.join('; ');
}
