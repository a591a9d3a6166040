import type { RequestLimits } from '../limits/index.js';
import { ErrorBodyBuilder, type ErrorNode, defineOwn } from './error-body.js';
import { ErrorCounter } from './error-counter.js';
import { UNKNOWN_FIELD_MESSAGE, unknownFieldKey } from './error-limit.js';
import { type UnknownFieldReporter, forEachUnknownField } from './unknown-fields.js';

/**
 * The state of one run of a generated validator whose error body is the one-line `{ error }`
 * text (spec 7; generated/*.ts): the request limits, and the error text once a first error was
 * found. A valid body never touches the error side.
 *
 * @example
 * const run = new ValidationRun(REQUEST_LIMITS);
 * run.fail(['domain'], 'is required');
 * run.errors?.finishText() // 'domain: is required'
 */
export class ValidationRun implements UnknownFieldReporter {
  /** The error text, from the first error on: `undefined` while the body is valid. */
  errors: ErrorBodyBuilder | undefined = undefined;
  /** The path of the object whose unknown fields are being reported ({@link ValidationRun.unknownFields}). */
  private unknownHead: readonly string[] = [];
  constructor(readonly limits: RequestLimits) {}

  /** True once the error body is full and one more error was left out: nothing found later can change it. */
  get stopped(): boolean {
    return this.errors !== undefined && this.errors.isTruncated;
  }

  /** Reports `message` at `keys`. */
  fail(keys: readonly string[], message: string): void {
    this.errors ??= ErrorBodyBuilder.forText(this.limits.fieldErrors);
    this.errors.add(keys, message);
  }

  /**
   * Reports the unknown fields of `value` below `head` ({@link forEachUnknownField}: `first`,
   * found by the caller, then every later own key that `isField` refuses), each under
   * `unknownFieldKey`, until the error body is truncated.
   */
  unknownFields(head: readonly string[], value: Record<string, unknown>, isField: (key: string) => boolean, first: string): void {
    this.unknownHead = head;
    forEachUnknownField(value, isField, first, this);
  }

  /** One unknown field below the head of the walk under way; false once the error text is truncated. */
  unknownField(name: string): boolean {
    this.fail([...this.unknownHead, unknownFieldKey(name)], UNKNOWN_FIELD_MESSAGE);
    return !this.stopped;
  }
}

/**
 * The state of one run of a generated validator whose error body is the per-field object
 * (spec 4.2; generated/invoice-update.ts). Each object and array function of the validator
 * keeps the errors of its own fields in a node of its own (a plain object, made at its first
 * error, its known fields written by name where they are found) and hands it up in `node`
 * when it returns; its caller places it under the field or element key. So an error is one
 * property where it is found, and the nodes above it are made once, when their function
 * returns: no key list, no walk from the root. The run is the {@link ErrorCounter} of its
 * errors, counted as they are found: at most `limits.fieldErrors`, and the next one stops the
 * run (the truncation note).
 *
 * @example
 * const run = new FieldErrorsRun(REQUEST_LIMITS);
 * let errs: ErrorNode | undefined;
 * if (run.room()) (errs ??= {}).status = 'must be one of: draft, ...';
 * run.node = errs;
 * run.finish() // { status: 'must be one of: draft, ...' }
 */
export class FieldErrorsRun extends ErrorCounter implements UnknownFieldReporter {
  /**
   * What the object or array function that just returned hands up: its errors, or the message
   * of its own value (not an object, not an array, too many elements); `undefined` when it had
   * none. Its caller takes it at once, so that it is `undefined` whenever a function starts.
   */
  node: ErrorNode | string | undefined = undefined;
  /** The node the unknown fields of the walk under way go into ({@link FieldErrorsRun.unknownFields}). */
  private unknownNode: ErrorNode | undefined = undefined;

  constructor(readonly limits: RequestLimits) {
    super(limits.fieldErrors);
  }

  /** `node`, taken: what the function that just returned handed up (its caller saw it defined). */
  take(): ErrorNode | string {
    const node = this.node as ErrorNode | string;
    this.node = undefined;
    return node;
  }

  /** Hands `errs` up and answers `undefined`: the return of a function that stops. */
  up(errs: ErrorNode | undefined): undefined {
    this.node = errs;
    return undefined;
  }

  /** `errs` (a new node when undefined) with what was just handed up at `key`, an element key (any string, `__proto__` too). */
  at(errs: ErrorNode | undefined, key: string): ErrorNode {
    const node = errs ?? {};
    defineOwn(node, key, this.take());
    return node;
  }

  /**
   * `errs` (a new node when undefined) with the unknown fields of `value`
   * ({@link forEachUnknownField}: `first`, found by the caller, then every later own key that
   * `isField` refuses), each under `unknownFieldKey` once, until the body is truncated.
   */
  unknownFields(errs: ErrorNode | undefined, value: Record<string, unknown>, isField: (key: string) => boolean, first: string): ErrorNode | undefined {
    this.unknownNode = errs;
    forEachUnknownField(value, isField, first, this);
    const node = this.unknownNode;
    this.unknownNode = undefined;
    return node;
  }

  /** One unknown field into the node of the walk under way, once; false once the body is truncated. */
  unknownField(name: string): boolean {
    const key = unknownFieldKey(name);
    const node = this.unknownNode;
    // Two long names are both reported under `(unknown field)`: the first one wins.
    if ((node === undefined || !Object.hasOwn(node, key)) && this.room()) defineOwn((this.unknownNode = node ?? {}), key, UNKNOWN_FIELD_MESSAGE);
    return !this.stopped;
  }

  /** The per-field body the body's function handed up, with the truncation note last when an error was left out. */
  finish(): ErrorNode {
    return this.withNote((this.node ?? {}) as ErrorNode);
  }
}
