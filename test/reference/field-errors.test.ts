import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/reference/pages/playground/field-errors.js';
import { PLAYGROUND_OPERATIONS, parseRequestBody, verdictOf } from '../../src/reference/pages/playground/operations.js';
import { FIELD_LIMITS } from '../../src/limits/index.js';
import { validateApplePaySessionRequest, validateEvidenceTextRequest, validateInvoiceUpdate } from '../../src/schemas/index.js';

const PER_FIELD = { perField: true } as const;

describe('fieldErrors', () => {
  it('locates a 422 per-field body in the request: by [index], by item name, and nested', () => {
    const long = 'x'.repeat(FIELD_LIMITS.lineItemName.max + 1);
    const request = { lineItems: { items: [{ name: long, quantity: 1, basePrice: { currency: 'USD', valueDecimal: '1.00' } }, { name: 'Tea', quantity: 1.5, basePrice: { currency: 'USD', valueDecimal: '1' } }] }, extra: 1 };
    const verdict = validateInvoiceUpdate(request);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    const errors = fieldErrors(verdict.body, request, PER_FIELD);
    const byPath = Object.fromEntries(errors.map((e) => [JSON.stringify(e.path), e.message]));
    expect(byPath[JSON.stringify(['lineItems', 'items', 0, 'name'])]).toBe(`must be at most ${FIELD_LIMITS.lineItemName.max} characters`);
    expect(byPath[JSON.stringify(['lineItems', 'items', 1, 'quantity'])]).toMatch(/^must be an integer/);
    expect(byPath[JSON.stringify(['extra'])]).toMatch(/^is not a field/);
    // Every leaf of the body is reported once.
    const leaves = JSON.stringify(verdict.body).match(/"[^"]*":"[^"]*"/g) ?? [];
    expect(errors).toHaveLength(leaves.length);
  });

  it('names the fields of an { error } text, keeping a message that holds "; " whole; a missing field has no path', () => {
    const request = { zz: 1, evidenceType: 'x' };
    const verdict = validateEvidenceTextRequest(request);
    if (verdict.ok) throw new Error('expected a refusal');
    const errors = fieldErrors(verdict.body, request, { perField: false, fields: ['evidenceType', 'text'] });
    expect(errors.map((e) => [e.label, e.path])).toEqual([
      ['evidenceType', ['evidenceType']],
      ['text', undefined],
      ['zz', ['zz']],
    ]);
    expect(errors[2]?.message).toBe('is not a field of this object in the API; remove it or correct its name');
    expect(errors.map((e) => `${e.label}: ${e.message}`).join('; ')).toBe(verdict.body.error);
  });

  it('the wallet session 422 is an { error } text too', () => {
    const request = { domain: 'a b' };
    const verdict = validateApplePaySessionRequest(request);
    if (verdict.ok) throw new Error('expected a refusal');
    expect(verdict.status).toBe(422);
    expect(fieldErrors(verdict.body, request, PLAYGROUND_OPERATIONS.createWalletSession?.shape422 ?? PER_FIELD).map((e) => e.label)).toEqual(['domain', 'displayName']);
  });

  it('anything else: no fields (not an object, an array, an error that is not text)', () => {
    expect(fieldErrors(null, {}, PER_FIELD)).toEqual([]);
    expect(fieldErrors([{ a: 'x' }], {}, PER_FIELD)).toEqual([]);
    expect(fieldErrors({ error: 1 }, {}, { perField: false, fields: [] })).toEqual([]);
    // A per-field key the request does not hold (a required field) has no path.
    expect(fieldErrors({ a: { b: 'is required' } }, { a: {} }, PER_FIELD)).toEqual([{ label: 'a.b', path: undefined, message: 'is required' }]);
    expect(fieldErrors({ items: { '[5]': 'x', Nope: 'y' } }, { items: [{ name: 'Tea' }] }, PER_FIELD).map((e) => e.path)).toEqual([undefined, undefined]);
  });
});

describe('the playground operations', () => {
  it('parse a body as the handler does (a 400 for bad JSON, emoji kept) and answer what the validators answer', async () => {
    expect(await parseRequestBody('{')).toEqual({ ok: false, error: 'the request body is not valid JSON' });
    expect(await parseRequestBody('{"text":"😀"}')).toEqual({ ok: true, value: { text: '😀' } });
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
    expect((await parseRequestBody(deep)).ok).toBe(false);
    for (const [id, operation] of Object.entries(PLAYGROUND_OPERATIONS)) {
      for (const body of [{}, [], { __proto__: null, status: 'paid' }, { evidenceType: 'receipt', text: 'ok' }, { domain: 'shop.example', displayName: 'Shop' }]) {
        const result = operation.validate(body);
        expect(verdictOf(operation, body), id).toEqual(result.ok ? { ok: true } : { ok: false, status: result.status, body: result.body });
      }
    }
  });
});
