// ErrorCounter, the error cap of every error body: at most `max` errors, the next one stops the
// run, and the truncation note ends the body, last. Its rule directly, then the same rule
// through each error body that counts with it (the per-field object of FieldErrorsRun and of
// ErrorBodyBuilder, the `{ error }` line of ErrorBodyBuilder.forText and ValidationRun), over
// a range of limits and error counts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../../src/limits/index.js';
import { ErrorBodyBuilder, type ErrorNode } from '../../src/schemas/error-body.js';
import { ErrorCounter } from '../../src/schemas/error-counter.js';
import { TRUNCATED_KEY, truncatedMessage } from '../../src/schemas/error-limit.js';
import { FieldErrorsRun, ValidationRun } from '../../src/schemas/validation-run.js';

/** The answers of `n` calls of `room()`. */
const rooms = (errors: ErrorCounter, n: number) => Array.from({ length: n }, () => errors.room());

describe('ErrorCounter', () => {
  it('with max 0 has no room: the first error stops it', () => {
    const errors = new ErrorCounter(0);
    expect([errors.full, errors.stopped, errors.count]).toEqual([true, false, 0]);
    expect(errors.room()).toBe(false);
    expect([errors.stopped, errors.count]).toEqual([true, 0]);
  });

  it('with max 1 has room for one, and the second stops it', () => {
    const errors = new ErrorCounter(1);
    expect(errors.full).toBe(false);
    expect(errors.room()).toBe(true);
    expect([errors.full, errors.stopped, errors.count]).toEqual([true, false, 1]);
    expect(errors.room()).toBe(false);
    expect([errors.stopped, errors.count]).toEqual([true, 1]);
  });

  it('has room for exactly max errors: the body is full but not stopped at max, stopped at max + 1, and stays so', () => {
    const errors = new ErrorCounter(REQUEST_LIMITS.fieldErrors);
    expect(rooms(errors, REQUEST_LIMITS.fieldErrors).every(Boolean)).toBe(true);
    expect([errors.full, errors.stopped, errors.count]).toEqual([true, false, REQUEST_LIMITS.fieldErrors]);
    expect(errors.withNote({ a: 'x' })).toEqual({ a: 'x' }); // exactly max errors: no note
    expect(rooms(errors, 3)).toEqual([false, false, false]);
    expect([errors.stopped, errors.count]).toEqual([true, REQUEST_LIMITS.fieldErrors]);
  });

  it('continues a count: from count errors, stopped or not', () => {
    const errors = ErrorCounter.continuing(3, 2, false);
    expect([errors.count, errors.full, errors.stopped]).toEqual([2, false, false]);
    expect(rooms(errors, 2)).toEqual([true, false]);
    const noted = ErrorCounter.continuing(3, 1, true);
    expect([noted.count, noted.full, noted.stopped]).toEqual([1, false, true]);
    expect(noted.room()).toBe(true); // room left: a continued body takes it
  });

  it('adds the note to a per-field body only once stopped, last, and once', () => {
    const errors = new ErrorCounter(2);
    const body: ErrorNode = {};
    expect(errors.withNote(body)).toBe(body);
    expect(Object.keys(body)).toEqual([]);
    rooms(errors, 2);
    expect(Object.keys(errors.withNote({ a: 'x', b: { c: 'y' } }))).toEqual(['a', 'b']);
    errors.room();
    const noted = errors.withNote({ a: 'x', b: { c: 'y' } });
    expect(noted).toEqual({ a: 'x', b: { c: 'y' }, [TRUNCATED_KEY]: truncatedMessage(2) });
    expect(Object.keys(noted).at(-1)).toBe(TRUNCATED_KEY);
    expect(Object.keys(errors.withNote(noted))).toEqual(['a', 'b', TRUNCATED_KEY]);
  });

  it('keeps a note the body has, where it is', () => {
    const errors = ErrorCounter.continuing(1, 1, true);
    const body = errors.withNote({ [TRUNCATED_KEY]: 'kept', a: 'x' });
    expect(JSON.stringify(body)).toBe(JSON.stringify({ [TRUNCATED_KEY]: 'kept', a: 'x' }));
  });

  it('notes a body with an own __proto__ key as an own key, the prototype unchanged', () => {
    const errors = new ErrorCounter(1);
    rooms(errors, 2);
    const body = errors.withNote(JSON.parse('{"__proto__":"x"}') as ErrorNode);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.getOwnPropertyNames(body)).toEqual(['__proto__', TRUNCATED_KEY]);
    expect(JSON.stringify(body)).toBe(`{"__proto__":"x","${TRUNCATED_KEY}":"${truncatedMessage(1)}"}`);
  });

  it('ends an { error } line with the note once stopped: after the entries, or alone when none fitted', () => {
    const errors = new ErrorCounter(1);
    expect(errors.withNoteText('')).toBe('');
    errors.room();
    expect(errors.withNoteText('a: x')).toBe('a: x');
    errors.room();
    expect(errors.withNoteText('a: x')).toBe(`a: x; ${truncatedMessage(1)}`);
    const none = new ErrorCounter(0);
    none.room();
    expect(none.withNoteText('')).toBe(truncatedMessage(0));
  });

  it('over any limit and any number of errors: room for the first max, stopped by the next, the note only then', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 40 }), (max, n) => {
        const errors = new ErrorCounter(max);
        const answers = rooms(errors, n);
        const kept = Math.min(n, max);
        expect(answers).toEqual([...Array<boolean>(kept).fill(true), ...Array<boolean>(n - kept).fill(false)]);
        expect(errors.count).toBe(kept);
        expect(errors.full).toBe(n >= max);
        expect(errors.stopped).toBe(n > max);
        expect(Object.hasOwn(errors.withNote({}), TRUNCATED_KEY)).toBe(n > max);
      }),
    );
  });
});

describe('every error body counts with the same rule', () => {
  /** `n` errors, one per field `f0`, `f1`, ..., through each error body, under the limit `max`. */
  function bodies(max: number, n: number) {
    const limits = { ...REQUEST_LIMITS, fieldErrors: max };
    const fields = Array.from({ length: n }, (_, i) => `f${i}`);
    const builder = new ErrorBodyBuilder(max);
    const text = ErrorBodyBuilder.forText(max);
    const run = new FieldErrorsRun(limits);
    const textRun = new ValidationRun(limits);
    let errs: ErrorNode | undefined;
    for (const field of fields) {
      builder.add([field], 'x');
      text.add([field], 'x');
      textRun.fail([field], 'x');
      if (run.room()) (errs ??= {})[field] = 'x';
    }
    run.node = errs;
    return { fields, object: [builder.finish(), run.finish()], text: [text.finishText(), textRun.errors?.finishText() ?? ''] };
  }

  it('holds the first max errors, then the note last: the per-field object and the { error } line', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 30 }), (max, n) => {
        const { fields, object, text } = bodies(max, n);
        const kept = fields.slice(0, max);
        const note = n > max ? [truncatedMessage(max)] : [];
        for (const body of object) {
          expect(Object.keys(body)).toEqual([...kept, ...(n > max ? [TRUNCATED_KEY] : [])]);
          if (n > max) expect(body[TRUNCATED_KEY]).toBe(truncatedMessage(max));
        }
        for (const line of text) expect(line).toBe([...kept.map((field) => `${field}: x`), ...note].join('; '));
      }),
    );
  });
});
