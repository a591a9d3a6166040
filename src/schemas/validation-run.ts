import type { FieldLimit, RequestLimits } from '../limits/index.js';
import { ElementKeys, ErrorBodyBuilder, NAME_LIMITS } from './error-body.js';
import { UNKNOWN_FIELD_MESSAGE, unknownFieldKey } from './error-limit.js';

/**
 * The state of one run of a generated validator (generated/*.ts): the request limits, and the
 * error body once a first error was found. A valid body never touches the error side: no key
 * is built, no list is kept; the keys of an error are built only when it is reported.
 *
 * @example
 * const run = new ValidationRun(REQUEST_LIMITS, 'fields');
 * run.fail(['status'], 'must be one of: draft, ...');
 * run.errors?.finish() // { status: 'must be one of: draft, ...' }
 */
export class ValidationRun {
  /** The error body, from the first error on: `undefined` while the body is valid. */
  errors: ErrorBodyBuilder | undefined = undefined;
  /**
   * The element keys of the last `items` array and of the last `options` array an error was
   * reported in: the validators walk the body depth first, so an array left is not met again
   * (and if it were, its keys would be the same, computed again).
   */
  private itemKeys: ElementKeys | undefined = undefined;
  private optionKeys: ElementKeys | undefined = undefined;

  constructor(
    readonly limits: RequestLimits,
    /** The form of the error body: the per-field object (spec 4.2) or the `{ error }` text (spec 7). */
    private readonly form: 'fields' | 'text',
  ) {}

  /** True once the error body is full and one more error was left out: nothing found later can change it. */
  get stopped(): boolean {
    return this.errors !== undefined && this.errors.isTruncated;
  }

  /** Reports `message` at `keys`. */
  fail(keys: readonly string[], message: string): void {
    this.errors ??= this.form === 'text' ? ErrorBodyBuilder.forText(this.limits.fieldErrors) : new ErrorBodyBuilder(this.limits.fieldErrors);
    this.errors.add(keys, message);
  }

  /**
   * The error-body key of element `index` of `list`, the array under `field` (`items`,
   * `options`): see `elementKeys`. Only the elements up to `index` are keyed.
   */
  elementKey(list: readonly unknown[], index: number, field: string): string {
    let keys = field === 'items' ? this.itemKeys : this.optionKeys;
    if (keys === undefined || keys.elements !== list) {
      keys = new ElementKeys(list, NAME_LIMITS[field] as FieldLimit);
      if (field === 'items') this.itemKeys = keys;
      else this.optionKeys = keys;
    }
    return keys.keyOf(index);
  }

  /**
   * Reports every own enumerable key of `value` that `isField` refuses (the keys of
   * `Object.keys`, in its order) below `head`, until the error body is truncated.
   */
  unknownFields(head: readonly string[], value: Record<string, unknown>, isField: (key: string) => boolean): void {
    for (const key in value) {
      if (this.stopped) return;
      if (isField(key) || !Object.hasOwn(value, key)) continue;
      this.fail([...head, unknownFieldKey(key)], UNKNOWN_FIELD_MESSAGE);
    }
  }
}

/**
 * `keys` without its last entry when that is undefined: the error-body keys of an object of a
 * generated validator, then of one of its fields when one is given. The caller writes one
 * literal of the full length, so no key list grows (and copies itself) by a push.
 *
 * @example
 * withLast(['taxAmount', 'currency']) // ['taxAmount', 'currency']
 * withLast(['taxAmount', undefined])  // ['taxAmount']
 */
export function withLast(keys: (string | undefined)[]): string[] {
  if (keys[keys.length - 1] === undefined) keys.pop();
  return keys as string[];
}
