import type { RequestLimits } from '../limits/index.js';
import { ErrorBodyBuilder, NAME_LIMITS, elementKeys } from './error-body.js';
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
  /** The element keys of each named array an error was reported in (built once per array). */
  private elementKeyLists: Map<readonly unknown[], string[]> | undefined = undefined;

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

  /** The error-body key of element `index` of `list`, the array under `field` (`items`, `options`): see `elementKeys`. */
  elementKey(list: readonly unknown[], index: number, field: string): string {
    this.elementKeyLists ??= new Map();
    let keys = this.elementKeyLists.get(list);
    if (keys === undefined) {
      keys = elementKeys(list, NAME_LIMITS[field]);
      this.elementKeyLists.set(list, keys);
    }
    return keys[index] as string;
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
