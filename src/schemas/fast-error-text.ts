import { UNKNOWN_FIELD_MESSAGE, truncatedMessage, unknownFieldKey } from './error-limit.js';
import type { ErrorBody } from './validation-result.js';

/**
 * True when `body` has an own key that `fields` does not list: the question a valid body
 * answers without building an {@link ErrorText}.
 *
 * @example
 * hasUnknownField({ text: 'x', amountDetails: {} }, ['evidenceType', 'text']) // true
 */
export function hasUnknownField(body: Record<string, unknown>, fields: readonly string[]): boolean {
  for (const key in body) if (!fields.includes(key) && Object.hasOwn(body, key)) return true;
  return false;
}

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
  private text = '';
  private total = 0;

  constructor(private readonly maxErrors: number) {}

  /** True once an entry had to be left out: nothing added later can change the text. */
  get isTruncated(): boolean {
    return this.total > this.maxErrors;
  }

  add(field: string, message: string): void {
    this.total += 1;
    if (this.total > this.maxErrors) return;
    this.text = this.total === 1 ? `${field}: ${message}` : `${this.text}; ${field}: ${message}`;
  }

  /** Adds every own key of `body` that `fields` does not list, until the text is truncated. */
  addUnknownFields(body: Record<string, unknown>, fields: readonly string[]): void {
    // `for...in` with `Object.hasOwn` visits the keys of `Object.keys`, in its order, without
    // allocating their list for a valid body.
    for (const key in body) {
      if (fields.includes(key) || !Object.hasOwn(body, key)) continue;
      this.add(unknownFieldKey(key), UNKNOWN_FIELD_MESSAGE);
      if (this.isTruncated) return;
    }
  }

  body(): ErrorBody {
    if (!this.isTruncated) return { error: this.text };
    const note = truncatedMessage(this.maxErrors);
    return { error: this.maxErrors === 0 ? note : `${this.text}; ${note}` };
  }
}
