import type * as v from 'valibot';
import { FIELD_LIMITS, type FieldLimit } from '../limits/index.js';
import { isWithinTextLength } from '../limits/check-text-length.js';
import { ErrorCounter } from './error-counter.js';
import { TRUNCATED_KEY, UNKNOWN_FIELD_ISSUE_TYPE, unknownFieldKey } from './error-limit.js';
import { isJsonObject } from './is-json-object.js';
import { surelyText } from './text-rule.js';

/** Errors of an AmountDecimal field in a 422 update-invoice body (spec 4.2): a string per failed field. */
export type AmountDecimalErrors = { currency?: string; valueDecimal?: string };

/** Errors of one image in a 422 update-invoice body (spec 4.2): a string per failed field. */
export type ImageErrors = { altText?: string; imageID?: string; link?: string; publicID?: string };

/** Errors of an images array in a 422 update-invoice body (spec 4.2), keyed by position: `"[0]"`, `"[1]"`, ... */
export type ImagesErrors = { [position: string]: string | ImageErrors };

/** Errors of one line-item option in a 422 update-invoice body (spec 4.2). */
export type LineItemOptionErrors = {
  name?: string;
  quantity?: string;
  group?: string;
  priceModifier?: string | AmountDecimalErrors;
  images?: string | ImagesErrors;
};

/** Errors of one line item in a 422 update-invoice body (spec 4.2). */
export type LineItemErrors = {
  name?: string;
  basePrice?: string | AmountDecimalErrors;
  quantity?: string;
  productID?: string;
  options?: string | { [optionKey: string]: string | LineItemOptionErrors };
  images?: string | ImagesErrors;
};

/** Errors of `lineItems` in a 422 update-invoice body (spec 4.2); items are keyed by name (see docs/validation.md for the key rules). */
export type LineItemsErrors = { items?: string | { [itemKey: string]: string | LineItemErrors } };

/**
 * The 422 body of the update-invoice operation (spec 4.2): it mirrors the request, with a
 * string for each field that failed. A field whose value has the wrong type (or a
 * required key that is absent) gets a string; an object whose fields failed gets an
 * object of the same shape; `items` and `options` become objects keyed by name.
 */
export type InvoiceUpdateErrorBody = {
  /** A field the spec does not define (reported under its name), or the truncation note `"(truncated)"`. */
  [unknownField: string]: string | AmountDecimalErrors | LineItemsErrors | undefined;
  description?: string;
  dueDate?: string;
  invoiceDate?: string;
  status?: string;
  taxAmount?: string | AmountDecimalErrors;
  lineItems?: string | LineItemsErrors;
};

/** A per-field error body being built: a string per failed field, objects for nested fields. */
export type ErrorNode = { [key: string]: string | ErrorNode };

/** Sets an own, enumerable property: `__proto__` becomes a plain key and no prototype changes. */
export function defineOwn(node: ErrorNode, key: string, value: string | ErrorNode): void {
  // Assignment is the fast path; only `__proto__` would reach the prototype setter through it.
  if (key === '__proto__') Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
  else node[key] = value;
}

/** The own value of `key` in `node`: a read, and a look at whether it is own only when it found something (it may be inherited). */
function ownValue(node: ErrorNode, key: string): string | ErrorNode | undefined {
  const value = node[key];
  // A node never holds undefined: nothing found is nothing own.
  return value !== undefined && Object.hasOwn(node, key) ? value : undefined;
}

/**
 * The error-body keys of every element of a named array, by position: the element's
 * `name` when it is a valid name under `limit` (a string of 1 to 150 code points without a
 * lone surrogate), else its position as `"[i]"`; a key already taken by an earlier element
 * gets the smallest free suffix `#2`, `#3`, ... A key is never longer than a valid name, so
 * the 422 body stays bounded whatever names the client sends.
 *
 * @example
 * elementKeys([{ name: 'Tea' }, { name: 'Tea' }, {}, { name: '\uD800' }, { name: '' }])
 * // ['Tea', 'Tea#2', '[2]', '[3]', '[4]']
 */
export function elementKeys(elements: readonly unknown[], limit: FieldLimit = FIELD_LIMITS.lineItemName): string[] {
  const keys = new ElementKeys(elements, limit);
  keys.keyOf(elements.length - 1); // -1 for an empty list: keys nothing
  return keys.keys;
}

/** Up to this many keys, whether a key is taken is a scan of the keys so far, not a `Set` (an error names a few elements). */
const SCANNED_KEYS = 8;

/**
 * The keys of `elementKeys`, computed element by element and only as far as asked: an
 * element's key depends only on the elements before it, so the key of element `i` needs the
 * first `i + 1` elements, not the whole list (an error in the first of 250 items keys one).
 *
 * @example
 * new ElementKeys([{ name: 'Tea' }, { name: 'Tea' }], FIELD_LIMITS.lineItemName).keyOf(1) // 'Tea#2'
 */
export class ElementKeys {
  /** The keys of the first elements, in order. */
  readonly keys: string[] = [];
  /** The keys taken, once there are more than `SCANNED_KEYS`. */
  private taken: Set<string> | undefined = undefined;
  /** The next suffix to try per base, so that many equal names cost linear time, not quadratic. */
  private nextSuffix: Map<string, number> | undefined = undefined;

  constructor(
    /** The array whose elements are keyed. */
    readonly elements: readonly unknown[],
    private readonly limit: FieldLimit,
  ) {}

  /** The key of element `index` (keying the elements before it first, when not done yet). */
  keyOf(index: number): string {
    for (let i = this.keys.length; i <= index; i += 1) {
      // A hole of a sparse array gets no key and takes none, as `Array.prototype.map` skips it.
      if (i in this.elements) this.push(this.keyAt(i));
      else this.keys.length = i + 1;
    }
    return this.keys[index] as string;
  }

  private isTaken(key: string): boolean {
    return this.taken === undefined ? this.keys.includes(key) : this.taken.has(key);
  }

  private push(key: string): void {
    this.keys.push(key);
    if (this.taken !== undefined) this.taken.add(key);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: when the Set takes over from the scan changes no answer (both hold every key so far)
    else if (this.keys.length > SCANNED_KEYS) this.taken = new Set(this.keys);
  }

  /** The key of element `index`, the keys of the elements before it being known. */
  private keyAt(index: number): string {
    const element = this.elements[index];
    const name = isJsonObject(element) && Object.hasOwn(element, 'name') ? element['name'] : undefined;
    const base = typeof name === 'string' && isWithin(name, this.limit) ? name : `[${index}]`;
    if (!this.isTaken(base)) return base;
    this.nextSuffix ??= new Map();
    let n = this.nextSuffix.get(base) ?? 2;
    while (this.isTaken(`${base}#${n}`)) n += 1;
    this.nextSuffix.set(base, n + 1);
    return `${base}#${n}`;
  }
}

/**
 * True when `name` is within `limit`: the sound check of a name within it in UTF-16 units
 * first, then its code points. No message is built for a name that is not (the rule's message
 * is a new string each time, and a failed name is keyed by position).
 */
function isWithin(name: string, limit: FieldLimit): boolean {
  const min = limit.min ?? 0;
  return ((min === 0 || min === 1) && surelyText(name, min, limit.max)) || isWithinTextLength(name, limit);
}

type PathItem = { type: string; key?: unknown; input?: unknown };

/** The limit of the names that key the elements of each named array (`items`, `options`). */
export const NAME_LIMITS: Readonly<Record<'items' | 'options', FieldLimit>> = { items: FIELD_LIMITS.lineItemName, options: FIELD_LIMITS.optionName };

/**
 * Adds the error `message` at `keys` of `root` when it is a new error (neither that field nor
 * a field above it has one, and no error is below it) and `errors` has room for it; the nodes
 * on the way that do not exist yet are made then, not before.
 */
function addError(root: ErrorNode, keys: readonly string[], message: string, errors: ErrorCounter): void {
  const last = keys.length - 1;
  let node = root;
  let depth = 0;
  // Down the nodes that exist: a string on the way is a field above that failed.
  for (; depth < last; depth += 1) {
    const value = ownValue(node, keys[depth] as string);
    if (value === undefined) break;
    if (typeof value === 'string') return;
    node = value;
  }
  // Every node on the way exists: the field itself failed already, or has errors below it.
  if (depth === last && ownValue(node, keys[last] as string) !== undefined) return;
  if (!errors.room()) return;
  // The nodes below the last one that exists are new.
  for (; depth < last; depth += 1) {
    const child: ErrorNode = {};
    defineOwn(node, keys[depth] as string, child);
    node = child;
  }
  defineOwn(node, keys[last] as string, message);
}

/**
 * An error body under construction, with at most `maxErrors` errors; an error past that sets
 * the truncation note instead. Every validator and every issue list builds its error body
 * here, from the same `add(keys, message)` calls, in one of two forms:
 *
 * - the per-field object of a 422 update-invoice body (`new ErrorBodyBuilder(max)`, then
 *   `finish()`): one string per failed field (the first error of a field wins, a field below a
 *   failed one is not reported), the note under `"(truncated)"`, last;
 * - the one-line `{ error }` text of every other body (`ErrorBodyBuilder.forText(max)`, then
 *   `finishText()`): `field: message` entries joined by `; `, fields written `a.b[0]`, every
 *   error one entry, the note as the last entry.
 *
 * @example
 * const body = new ErrorBodyBuilder(20);
 * body.add(['taxAmount', 'currency'], 'must be a 3-letter ISO 4217 currency code');
 * body.finish() // { taxAmount: { currency: '...' } }
 * const text = ErrorBodyBuilder.forText(20);
 * text.add(['text'], 'is required');
 * text.finishText() // 'text: is required'
 */
export class ErrorBodyBuilder {
  readonly root: ErrorNode;
  /** The errors counted against `maxErrors`, and whether one was left out. */
  private readonly counter: ErrorCounter;
  /** The `{ error }` line so far, when this builder writes one (see {@link ErrorBodyBuilder.forText}). */
  private line: string | undefined;

  /** Continues `root` (an error body already built: its errors count, its note stays) or starts an empty one. */
  constructor(maxErrors: number, root?: ErrorNode) {
    if (root === undefined) {
      this.root = {};
      this.counter = new ErrorCounter(maxErrors);
      return;
    }
    this.root = root;
    const noted = Object.hasOwn(root, TRUNCATED_KEY);
    this.counter = ErrorCounter.continuing(maxErrors, countErrors(root) - (noted ? 1 : 0), noted);
  }

  /**
   * A builder of the one-line `{ error }` text (spec 7) instead of the per-field object.
   *
   * @example
   * const text = ErrorBodyBuilder.forText(1);
   * text.add(['a'], 'is required');
   * text.add(['b'], 'is required');
   * text.finishText() // 'a: is required; only the first 1 field errors are reported; ...'
   */
  static forText(maxErrors: number): ErrorBodyBuilder {
    const builder = new ErrorBodyBuilder(maxErrors);
    builder.line = '';
    return builder;
  }

  /** True once an error had to be left out: nothing added later can change the body. */
  get isTruncated(): boolean {
    return this.counter.stopped;
  }

  /** True once the body holds `maxErrors` errors. */
  get full(): boolean {
    return this.counter.full;
  }

  /** Adds `message` at `keys` (for the per-field object: unless that field or one above it already failed). */
  add(keys: readonly string[], message: string): void {
    if (this.line !== undefined) {
      if (this.counter.room()) {
        const entry = entryText(keys, message);
        this.line = this.counter.count === 1 ? entry : `${this.line}; ${entry}`;
      }
      return;
    }
    addError(this.root, keys, message, this.counter);
  }

  /** The per-field body, with the truncation note last when errors were left out. */
  finish(): ErrorNode {
    return this.counter.withNote(this.root);
  }

  /** The `{ error }` text, with the truncation note as the last entry when errors were left out. */
  finishText(): string {
    return this.counter.withNoteText(this.line ?? '');
  }
}

/** The `field: message` entry of an error at `keys` (no keys: the message alone); a position `[i]` follows its array without a dot. */
function entryText(keys: readonly string[], message: string): string {
  if (keys.length === 0) return message;
  let field = keys[0] as string;
  for (let i = 1; i < keys.length; i += 1) {
    const key = keys[i] as string;
    field = key.startsWith('[') ? `${field}${key}` : `${field}.${key}`;
  }
  return `${field}: ${message}`;
}

/** The number of error strings in `node`, at any depth. */
function countErrors(node: ErrorNode): number {
  let count = 0;
  for (const key of Object.keys(node)) {
    const value = node[key];
    count += typeof value === 'string' ? 1 : countErrors(value as ErrorNode);
  }
  return count;
}

/**
 * The error-body keys of an issue's path: elements of `items` and `options` keyed by
 * {@link elementKeys}, other array elements by `"[i]"`, an unknown field by
 * `unknownFieldKey`. `keysByArray` caches the element keys of each array.
 */
function issueKeys(issue: v.BaseIssue<unknown>, keysByArray: Map<readonly unknown[], string[]>): string[] {
  const path = (issue.path ?? []) as readonly PathItem[];
  const keys: string[] = [];
  let parentKey: string | undefined;
  for (let i = 0; i < path.length; i += 1) {
    const item = path[i] as PathItem;
    let key: string;
    if (item.type === 'array' && Array.isArray(item.input) && typeof item.key === 'number') {
      const limit = parentKey !== undefined && Object.hasOwn(NAME_LIMITS, parentKey) ? NAME_LIMITS[parentKey as keyof typeof NAME_LIMITS] : undefined;
      if (limit !== undefined) {
        let elementKeyList = keysByArray.get(item.input);
        if (elementKeyList === undefined) {
          elementKeyList = elementKeys(item.input, limit);
          keysByArray.set(item.input, elementKeyList);
        }
        key = elementKeyList[item.key] ?? `[${item.key}]`;
      } else key = `[${item.key}]`;
    } else if (i === path.length - 1 && issue.type === UNKNOWN_FIELD_ISSUE_TYPE) {
      key = unknownFieldKey(String(item.key));
    } else key = String(item.key);
    keys.push(key);
    parentKey = typeof item.key === 'string' ? item.key : undefined;
  }
  return keys;
}

/**
 * Builds the per-field error object from valibot issues: one string per failed field (the
 * first issue of a field wins), elements of `items` and `options` keyed by
 * {@link elementKeys}, other array elements by `"[i]"`, at most `maxErrors` errors and then
 * the truncation note. Every key is an own property.
 *
 * @example
 * const { issues } = v.safeParse(InvoiceUpdateSchema, { taxAmount: { currency: 'usd' } });
 * mirrorIssues(issues, 20) // { taxAmount: { currency: 'must be a 3-letter ISO 4217 currency code' } }
 */
export function mirrorIssues(issues: readonly v.BaseIssue<unknown>[], maxErrors: number): ErrorNode {
  const body = new ErrorBodyBuilder(maxErrors);
  const keysByArray = new Map<readonly unknown[], string[]>();
  for (const issue of issues) {
    const keys = issueKeys(issue, keysByArray);
    if (keys.length > 0) body.add(keys, issue.message);
  }
  return body.finish();
}
