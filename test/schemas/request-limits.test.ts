import fc from 'fast-check';
import { anyText } from '../limits/code-points.js';
import { describe, expect, it } from 'vitest';
import { applyInvoiceUpdate } from '../../src/invoice/index.js';
import { REQUEST_LIMITS, resolveRequestLimits, type RequestLimits } from '../../src/limits/index.js';
import {
  TRUNCATED_KEY,
  UNKNOWN_FIELD_KEY,
  UNKNOWN_FIELD_MESSAGE,
  truncatedMessage,
  unknownFieldKey,
} from '../../src/schemas/error-limit.js';
import {
  validateApplePaySessionRequest,
  validateEvidenceTextRequest,
  validateInvoiceUpdate,
} from '../../src/schemas/index.js';
import { makeInvoice } from '../invoice/fixtures.js';
import { validItem, validOption } from './fixtures.js';
import { hostileBodies } from './hostile-bodies.js';

const many = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
const itemsBody = (n: number) => ({ lineItems: { items: many(n, (i) => validItem(`item ${i}`)) } });
const countLeaves = (node: unknown): number =>
  typeof node === 'string' ? 1 : Object.values(node as Record<string, unknown>).reduce<number>((n, v) => n + countLeaves(v), 0);

describe('count limits (issue 12): N passes, N + 1 fails before any element is checked', () => {
  // A literal, not resolveRequestLimits: a call at collection time would make its mutants static.
  const small: RequestLimits = Object.freeze({ lineItems: 3, optionsPerItem: 2, imagesPerItem: 1, imagesPerOption: 1, fieldErrors: 4 });
  const cases: [string, (n: number) => unknown, (l: RequestLimits) => number, (body: unknown) => unknown][] = [
    ['items', itemsBody, (l) => l.lineItems, (b) => (b as any).lineItems.items],
    ['options', (n) => ({ lineItems: { items: [{ ...validItem(), options: many(n, (i) => validOption(`o${i}`)) }] } }), (l) => l.optionsPerItem, (b) => (b as any).lineItems.items.Latte.options],
    ['images of an item', (n) => ({ lineItems: { items: [{ ...validItem(), images: many(n, () => ({})) }] } }), (l) => l.imagesPerItem, (b) => (b as any).lineItems.items.Latte.images],
    ['images of an option', (n) => ({ lineItems: { items: [{ ...validItem(), options: [{ ...validOption(), images: many(n, () => ({})) }] }] } }), (l) => l.imagesPerOption, (b) => (b as any).lineItems.items.Latte.options['Oat milk'].images],
  ];
  for (const [noun, build, limitOf, at] of cases) {
    for (const limits of [REQUEST_LIMITS, small]) {
      it(`${noun}: ${limitOf(limits)} pass, ${limitOf(limits) + 1} fail with one message on the array`, () => {
        const max = limitOf(limits);
        expect(validateInvoiceUpdate(build(max), { limits }).ok).toBe(true);
        const result = validateInvoiceUpdate(build(max + 1), { limits });
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(at(result.body)).toBe(`must have at most ${max} ${noun.startsWith('images') ? 'images' : noun}`);
        expect(countLeaves(result.body)).toBe(1);
      });
    }
  }

  it('answers 333,000 empty items with one error and without looking at them', () => {
    const body = JSON.parse(hostileBodies()['333,000 empty items'] as string);
    const started = performance.now();
    const result = validateInvoiceUpdate(body);
    expect(performance.now() - started).toBeLessThan(50);
    expect(result).toEqual({ ok: false, status: 422, body: { lineItems: { items: 'must have at most 250 items' } } });
  });

  it('refuses a limit that is not a positive safe integer, and an unknown limit name', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => resolveRequestLimits({ lineItems: bad })).toThrow(RangeError);
    }
    expect(() => resolveRequestLimits({ items: 5 } as never)).toThrow(RangeError);
    expect(resolveRequestLimits({})).toBe(REQUEST_LIMITS);
    expect(resolveRequestLimits({ fieldErrors: 1 })).toEqual({ ...REQUEST_LIMITS, fieldErrors: 1 });
  });
});

describe('error bodies are bounded (issue 12)', () => {
  it('reports at most fieldErrors errors, then the truncation note last; exactly fieldErrors has no note', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 30 }), (max, failing) => {
        const limits = resolveRequestLimits({ fieldErrors: max });
        const items = many(failing, (i) => ({ ...validItem(`i${i}`), quantity: 'x' }));
        const result = validateInvoiceUpdate({ lineItems: { items } }, { limits });
        expect(result.ok).toBe(failing === 0);
        if (result.ok) return true;
        const body = result.body as Record<string, unknown>;
        const truncated = failing > max;
        expect(Object.hasOwn(body, TRUNCATED_KEY)).toBe(truncated);
        if (truncated) expect(Object.keys(body).at(-1)).toBe(TRUNCATED_KEY);
        if (truncated) expect(body[TRUNCATED_KEY]).toBe(truncatedMessage(max));
        expect(countLeaves(body)).toBe(Math.min(failing, max) + (truncated ? 1 : 0));
        return true;
      }),
      { numRuns: 60 },
    );
  });

  it('caps the { error } text of the evidence and session bodies the same way', () => {
    const limits = resolveRequestLimits({ fieldErrors: 3 });
    const unknown = Object.fromEntries(many(10, (i) => [`f${i}`, i]));
    const evidence = validateEvidenceTextRequest({ evidenceType: 'receipt', text: 't', ...unknown }, { limits });
    expect(evidence).toEqual({
      ok: false,
      status: 400,
      body: { error: `f0: ${UNKNOWN_FIELD_MESSAGE}; f1: ${UNKNOWN_FIELD_MESSAGE}; f2: ${UNKNOWN_FIELD_MESSAGE}; ${truncatedMessage(3)}` },
    });
    const session = validateApplePaySessionRequest({ domain: 'a.io', displayName: 'x', f0: 0, f1: 1, f2: 2 }, { limits });
    expect(session).toEqual({
      ok: false,
      status: 422,
      body: { error: `f0: ${UNKNOWN_FIELD_MESSAGE}; f1: ${UNKNOWN_FIELD_MESSAGE}; f2: ${UNKNOWN_FIELD_MESSAGE}` },
    });
  });

  it('bounds the currency errors of applyInvoiceUpdate and joins them to the validator errors under one cap', () => {
    const eur = { currency: 'EUR', valueDecimal: '1' };
    const items = many(30, (i) => ({ ...validItem(`i${i}`), basePrice: eur, options: [] }));
    const limits = resolveRequestLimits({ fieldErrors: 5 });
    const result = applyInvoiceUpdate(makeInvoice(), { lineItems: { items } }, { now: new Date(0), limits });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(422);
    expect(countLeaves(result.body)).toBe(6);
    expect((result.body as Record<string, unknown>)[TRUNCATED_KEY]).toBe(truncatedMessage(5));
    const mixed = applyInvoiceUpdate(makeInvoice(), { description: 1, lineItems: { items } }, { now: new Date(0), limits });
    expect(mixed.ok).toBe(false);
    if (mixed.ok) return;
    expect((mixed.body as Record<string, unknown>)['description']).toBe('must be a string');
    expect(countLeaves(mixed.body)).toBe(6);
  });

  it('answers every hostile body within 1 MiB with a 422 under 64 KB', () => {
    for (const [name, text] of Object.entries(hostileBodies())) {
      const body = JSON.parse(text);
      const result = applyInvoiceUpdate(makeInvoice(), body, { now: new Date(0) });
      if (result.ok) continue; // a valid body answers the invoice it stores
      expect(Buffer.byteLength(JSON.stringify(result.body)), name).toBeLessThan(64 * 1024);
    }
  });
});

describe('unknown fields (issue 13)', () => {
  const names = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 70 }),
    anyText({ maxLength: 70 }),
    fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', '', '😀', '\uD800', TRUNCATED_KEY, UNKNOWN_FIELD_KEY),
    fc.integer({ min: 60, max: 70 }).map((n) => 'x'.repeat(n)),
  );
  const known = new Set(['description', 'dueDate', 'invoiceDate', 'lineItems', 'status', 'taxAmount']);

  it('names any unknown top-level field by the key unknownFieldKey gives it, as an own key', () => {
    fc.assert(
      fc.property(names, fc.jsonValue(), (name, value) => {
        fc.pre(!known.has(name));
        const body = JSON.parse(`{${JSON.stringify(name)}:${JSON.stringify(value) ?? 'null'},"description":"x"}`);
        const result = validateInvoiceUpdate(body);
        expect(result.ok).toBe(false);
        if (result.ok) return;
        const key = unknownFieldKey(name);
        expect(Object.keys(result.body)).toEqual([key]);
        expect(Object.getOwnPropertyDescriptor(result.body, key)?.value).toBe(UNKNOWN_FIELD_MESSAGE);
        expect(Buffer.byteLength(JSON.stringify(result.body))).toBeLessThan(1024);
        expect(({} as Record<string, unknown>)['description']).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a name of at most 64 code points without a lone surrogate, replaces others', () => {
    expect(unknownFieldKey('😀'.repeat(64))).toBe('😀'.repeat(64));
    expect(unknownFieldKey('😀'.repeat(65))).toBe(UNKNOWN_FIELD_KEY);
    expect(unknownFieldKey('x'.repeat(64))).toBe('x'.repeat(64));
    expect(unknownFieldKey('x'.repeat(65))).toBe(UNKNOWN_FIELD_KEY);
    expect(unknownFieldKey('a\uDC00')).toBe(UNKNOWN_FIELD_KEY);
    expect(unknownFieldKey('')).toBe(UNKNOWN_FIELD_KEY);
    expect(unknownFieldKey('__proto__')).toBe('__proto__');
    expect(unknownFieldKey(TRUNCATED_KEY)).toBe(UNKNOWN_FIELD_KEY);
  });

  it('refuses unknown fields in the evidence body (400) and the session body (422), __proto__ included', () => {
    const evidence = validateEvidenceTextRequest(JSON.parse('{"evidenceType":"receipt","text":"t","__proto__":{"x":1}}'));
    expect(evidence).toEqual({ ok: false, status: 400, body: { error: `__proto__: ${UNKNOWN_FIELD_MESSAGE}` } });
    const session = validateApplePaySessionRequest(JSON.parse('{"domain":"a.io","displayName":"x","constructor":1}'));
    expect(session).toEqual({ ok: false, status: 422, body: { error: `constructor: ${UNKNOWN_FIELD_MESSAGE}` } });
  });
});
