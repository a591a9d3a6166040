import type * as v from 'valibot';

/**
 * One line naming each failed field and why, for `{ error }` bodies: fields joined by
 * dots (array positions as `[i]`), entries joined by `; `.
 *
 * @example
 * summarizeIssues(issues) // 'text: must be at most 750 characters; evidenceType: is required'
 */
export function summarizeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const path = (issue.path ?? []).map((item: { key: unknown }) =>
        typeof item.key === 'number' ? `[${item.key}]` : String(item.key),
      );
      const field = path.join('.').replaceAll('.[', '[');
      return field === '' ? issue.message : `${field}: ${issue.message}`;
    })
    .join('; ');
}
