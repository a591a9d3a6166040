import { UNKNOWN_FIELD_MESSAGE, truncatedMessage, unknownFieldKey } from './error-limit.js';
import type { ErrorBody } from './validation-result.js';

/**
 * The `{ error }` text of a straight-line validator, built as `summarizeIssues` builds it:
 * `field: message` entries joined by `; `, at most `maxErrors` of them, then the truncation
 * note when more failed.
 *
 * @example
 * const text = new ErrorText(20);
 * text.add('text', 'is required');
 * text.body() // { error: 'text: is required' }
 */
export class ErrorText {
  private entries: string[] | undefined;
  private total = 0;

  constructor(private readonly maxErrors: number) {}

  /** True once an entry had to be left out: nothing added later can change the text. */
  get isTruncated(): boolean {
    return this.total > this.maxErrors;
  }

  /** True when nothing failed. */
  get isEmpty(): boolean {
    return this.total === 0;
  }

  add(field: string, message: string): void {
    this.total += 1;
    this.entries ??= [];
    if (this.entries.length < this.maxErrors) this.entries.push(`${field}: ${message}`);
  }

  /** Adds every own key of `body` that `fields` does not list, until the text is truncated. */
  addUnknownFields(body: Record<string, unknown>, fields: readonly string[]): void {
    for (const key of Object.keys(body)) {
      if (fields.includes(key)) continue;
      this.add(unknownFieldKey(key), UNKNOWN_FIELD_MESSAGE);
      if (this.isTruncated) return;
    }
  }

  body(): ErrorBody {
    const entries = this.entries ?? [];
    if (this.isTruncated) entries.push(truncatedMessage(this.maxErrors));
    return { error: entries.join('; ') };
  }
}
