// FieldErrorsRun, the error side of the generated update-invoice validator: each object's
// function keeps its errors in a node of its own and hands it up. Its counting, its handing up
// and its unknown-field reports against their documented rules directly (the differential
// tests compare whole 422 bodies with the valibot path; these pin each rule on its own).
import { describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../../src/limits/index.js';
import type { ErrorNode } from '../../src/schemas/error-body.js';
import { TRUNCATED_KEY, UNKNOWN_FIELD_KEY, UNKNOWN_FIELD_MESSAGE, truncatedMessage } from '../../src/schemas/error-limit.js';
import { FieldErrorsRun } from '../../src/schemas/validation-run.js';

const runOf = (fieldErrors: number) => new FieldErrorsRun({ ...REQUEST_LIMITS, fieldErrors });
const isField = (key: string) => key === 'name';

describe('FieldErrorsRun', () => {
  it('has room for fieldErrors errors, then stops at the next one', () => {
    const run = runOf(2);
    expect([run.room(), run.stopped, run.room(), run.stopped]).toEqual([true, false, true, false]);
    expect(run.room()).toBe(false);
    expect(run.stopped).toBe(true);
    expect(runOf(0).room()).toBe(false);
  });

  it('hands a node up once: take clears it, up sets it and answers undefined', () => {
    const run = runOf(20);
    const node: ErrorNode = { name: 'is required' };
    expect(run.up(node)).toBeUndefined();
    expect(run.node).toBe(node);
    expect(run.take()).toBe(node);
    expect(run.node).toBeUndefined();
  });

  it('places what was handed up under an element key, in a new node or after the keys already there, __proto__ as a plain own key', () => {
    const run = runOf(20);
    run.node = 'must be a JSON object';
    const node = run.at(undefined, '__proto__');
    expect(Object.getPrototypeOf(node)).toBe(Object.prototype);
    expect(Object.hasOwn(node, '__proto__')).toBe(true);
    // An ordinary property, as every other key of the body: a host may rewrite or delete it.
    expect(Object.getOwnPropertyDescriptor(node, '__proto__')).toEqual({ value: 'must be a JSON object', enumerable: true, writable: true, configurable: true });
    run.node = { name: 'is required' };
    expect(run.at(node, 'Tea')).toBe(node);
    expect(JSON.stringify(node)).toBe('{"__proto__":"must be a JSON object","Tea":{"name":"is required"}}');
    expect(run.node).toBeUndefined();
  });

  it('reports the first unknown key as it is and every later one its isField refuses, a long name once under the shared key', () => {
    const run = runOf(20);
    const value = { name: 'Tea', extra: 1, ['x'.repeat(65)]: 2, ['y'.repeat(65)]: 3, __proto__x: 4 };
    const errs = run.unknownFields({ name: 'is required' }, value, isField, 'extra');
    expect(JSON.stringify(errs)).toBe(
      JSON.stringify({ name: 'is required', extra: UNKNOWN_FIELD_MESSAGE, [UNKNOWN_FIELD_KEY]: UNKNOWN_FIELD_MESSAGE, __proto__x: UNKNOWN_FIELD_MESSAGE }),
    );
    // the repeated shared key took no room: 3 errors counted, 17 left
    for (let i = 0; i < 17; i += 1) expect(run.room()).toBe(true);
    expect(run.room()).toBe(false);
  });

  it('starts a node for unknown fields when there was none, and the first key is reported even when isField would take it', () => {
    const run = runOf(20);
    expect(run.unknownFields(undefined, { name: 1, b: 2 }, isField, 'name')).toEqual({ name: UNKNOWN_FIELD_MESSAGE, b: UNKNOWN_FIELD_MESSAGE });
  });

  it('stops reporting unknown fields when the body is full; a repeat of a reported key does not stop it', () => {
    const full = runOf(1);
    const value = { ['x'.repeat(65)]: 1, ['y'.repeat(65)]: 2 };
    expect(full.unknownFields(undefined, value, isField, 'x'.repeat(65))).toEqual({ [UNKNOWN_FIELD_KEY]: UNKNOWN_FIELD_MESSAGE });
    expect(full.stopped).toBe(false);
    const stopping = runOf(1);
    expect(stopping.unknownFields(undefined, { a: 1, b: 2, c: 3 }, isField, 'a')).toEqual({ a: UNKNOWN_FIELD_MESSAGE });
    expect(stopping.stopped).toBe(true);
  });

  it('finishes with the root handed up, and the truncation note last once an error was left out', () => {
    const run = runOf(1);
    expect(run.room()).toBe(true);
    run.node = { status: 'x' };
    expect(run.finish()).toEqual({ status: 'x' });
    expect(run.room()).toBe(false);
    const body = run.finish();
    expect(Object.keys(body)).toEqual(['status', TRUNCATED_KEY]);
    expect(body[TRUNCATED_KEY]).toBe(truncatedMessage(1));
    const none = runOf(0);
    none.room();
    expect(none.finish()).toEqual({ [TRUNCATED_KEY]: truncatedMessage(0) });
  });
});
