// forEachUnknownField, the one walk of an object's unknown fields that both runs report with:
// `first` as it is, then every later own enumerable key that `isField` refuses, in
// `Object.keys` order, until the reporter answers that the body is truncated.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../../src/limits/index.js';
import { TRUNCATED_KEY, UNKNOWN_FIELD_MESSAGE, truncatedMessage } from '../../src/schemas/error-limit.js';
import { forEachUnknownField } from '../../src/schemas/unknown-fields.js';
import { FieldErrorsRun, ValidationRun } from '../../src/schemas/validation-run.js';

/** The names `forEachUnknownField` reports, the reporter answering false at the `stopAt`-th. */
function walk(value: Record<string, unknown>, isField: (key: string) => boolean, first: string, stopAt = Number.POSITIVE_INFINITY): string[] {
  const names: string[] = [];
  forEachUnknownField(value, isField, first, {
    unknownField(name) {
      names.push(name);
      return names.length < stopAt;
    },
  });
  return names;
}
const isField = (key: string) => key === 'name' || key === 'quantity';

describe('forEachUnknownField', () => {
  it('reports first, then the later keys isField refuses, in order, skipping the fields', () => {
    expect(walk({ name: 'Tea', b: 1, quantity: 2, c: 3, d: 4 }, isField, 'b')).toEqual(['b', 'c', 'd']);
  });

  it('reports first as it is, even when isField would take it, and no key before it', () => {
    expect(walk({ a: 1, name: 'Tea', b: 2 }, isField, 'name')).toEqual(['name', 'b']);
  });

  it('follows Object.keys order: integer-like keys first, ascending', () => {
    const value = JSON.parse('{"b":1,"2":2,"a":3,"1":4}') as Record<string, unknown>;
    expect(walk(value, isField, '1')).toEqual(['1', '2', 'b', 'a']);
  });

  it('walks an own __proto__ key like any other, and no inherited or non-enumerable key', () => {
    const value = JSON.parse('{"x":1,"__proto__":2,"name":"Tea"}') as Record<string, unknown>;
    expect(walk(value, isField, 'x')).toEqual(['x', '__proto__']);
    const inherited = Object.create({ inherited: 1 }) as Record<string, unknown>;
    inherited['x'] = 1;
    Object.defineProperty(inherited, 'hidden', { value: 2, enumerable: false });
    inherited['y'] = 3;
    expect(walk(inherited, isField, 'x')).toEqual(['x', 'y']);
  });

  it('stops at the report that answers false: after first, or after a later key', () => {
    const value = { a: 1, b: 2, c: 3 };
    expect(walk(value, isField, 'a', 1)).toEqual(['a']);
    expect(walk(value, isField, 'a', 2)).toEqual(['a', 'b']);
    expect(walk(value, isField, 'a', 3)).toEqual(['a', 'b', 'c']);
  });

  it('asks isField nothing once stopped', () => {
    const asked: string[] = [];
    const spy = (key: string) => {
      asked.push(key);
      return false;
    };
    walk({ a: 1, b: 2, c: 3 }, spy, 'a', 2);
    expect(asked).toEqual(['b']);
  });

  it('over any object: first, then the refused keys after it in Object.keys order, up to the stop', () => {
    const keys = fc.constantFrom('name', 'quantity', '__proto__', 'constructor', '0', '7', 'a', 'b', 'c', '', '(truncated)');
    fc.assert(
      fc.property(
        fc.uniqueArray(keys, { minLength: 1, maxLength: 11 }),
        fc.subarray(['name', 'quantity', 'a', '0']),
        fc.nat({ max: 11 }),
        fc.integer({ min: 1, max: 12 }),
        (names, fields, firstAt, stopAt) => {
          const value = JSON.parse(`{${names.map((name, i) => `${JSON.stringify(name)}:${i}`).join(',')}}`) as Record<string, unknown>;
          const order = Object.keys(value);
          const first = order[firstAt % order.length] as string;
          const known = (key: string) => fields.includes(key);
          const later = order.slice(order.indexOf(first) + 1).filter((key) => !known(key));
          expect(walk(value, known, first, stopAt)).toEqual([first, ...later].slice(0, stopAt));
        },
      ),
    );
  });
});

describe('both runs walk the unknown fields with it, and end the walk once the body is truncated', () => {
  const limits = { ...REQUEST_LIMITS, fieldErrors: 2 };
  /** An isField that takes `name` and records every key it was asked about. */
  const asking = () => {
    const asked: string[] = [];
    return { asked, isField: (key: string) => (asked.push(key), key === 'name') };
  };
  const value = { a: 1, name: 'Tea', b: 2, c: 3, d: 4 };

  it('the { error } line: first, the later refused keys, the note, and no key asked after the one left out', () => {
    const run = new ValidationRun(limits);
    const { asked, isField } = asking();
    run.unknownFields(['item'], value, isField, 'a');
    expect(run.errors?.finishText()).toBe(`item.a: ${UNKNOWN_FIELD_MESSAGE}; item.b: ${UNKNOWN_FIELD_MESSAGE}; ${truncatedMessage(2)}`);
    expect(asked).toEqual(['name', 'b', 'c']);
  });

  it('the per-field object: the same fields, and no key asked after the one left out', () => {
    const run = new FieldErrorsRun(limits);
    const { asked, isField } = asking();
    run.node = run.unknownFields(undefined, value, isField, 'a');
    expect(run.finish()).toEqual({ a: UNKNOWN_FIELD_MESSAGE, b: UNKNOWN_FIELD_MESSAGE, [TRUNCATED_KEY]: truncatedMessage(2) });
    expect(asked).toEqual(['name', 'b', 'c']);
  });

  it('each walk of a run reports under its own head or into its own node: nothing carries over to the next walk', () => {
    const text = new ValidationRun(REQUEST_LIMITS);
    text.unknownFields(['items', 'Tea'], { x: 1 }, isField, 'x');
    text.unknownFields([], { y: 1 }, isField, 'y');
    expect(text.errors?.finishText()).toBe(`items.Tea.x: ${UNKNOWN_FIELD_MESSAGE}; y: ${UNKNOWN_FIELD_MESSAGE}`);
    const fields = new FieldErrorsRun(REQUEST_LIMITS);
    const inner = { quantity: 'must be an integer' };
    expect(fields.unknownFields(inner, { x: 1 }, isField, 'x')).toBe(inner);
    expect(inner).toEqual({ quantity: 'must be an integer', x: UNKNOWN_FIELD_MESSAGE });
    expect(fields.unknownFields(undefined, { y: 1 }, isField, 'y')).toEqual({ y: UNKNOWN_FIELD_MESSAGE });
    expect(fields.unknownFields(undefined, { name: 1 }, isField, 'name')).toEqual({ name: UNKNOWN_FIELD_MESSAGE });
  });
});
