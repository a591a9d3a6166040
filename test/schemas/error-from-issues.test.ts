import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveRequestLimits } from '../../src/limits/index.js';
import {
  ApplePaySessionRequestSchema,
  EvidenceTextRequestSchema,
  InvoiceUpdateSchema,
  type StandardIssue,
  errorAnswerFromIssues,
  validateApplePaySessionRequest,
  validateEvidenceTextRequest,
  validateInvoiceUpdate,
} from '../../src/schemas/index.js';
import { TRUNCATED_KEY, UNKNOWN_FIELD_KEY } from '../../src/schemas/error-limit.js';
import { validEvidenceBody, validInvoiceUpdateBody, validSessionBody } from './arbitraries.js';
import { INVOICE_MUTATIONS } from './invoice-mutations.js';

// errorAnswerFromIssues turns the issues of any Standard Schema validator (a framework's
// validator middleware, tRPC) into the spec's answer (issue 14). Fed our own schemas' issues,
// it must answer exactly what our validators answer; fed another library's, it must give the
// same shapes, bounded whatever the client sent.

type Standard = { '~standard': { validate: (value: unknown) => unknown } };

/** The issues a Standard Schema gives for `body` (our schemas validate synchronously). */
function issuesOf(schema: Standard, body: unknown): readonly StandardIssue[] {
  const result = schema['~standard'].validate(body) as { issues?: readonly StandardIssue[] };
  return result.issues ?? [];
}

/** Applies 1-3 single-rule mutations to a full valid update body. */
const invalidUpdateBody = fc
  .tuple(validInvoiceUpdateBody(true), fc.array(fc.tuple(fc.nat(INVOICE_MUTATIONS.length - 1), fc.nat()), { minLength: 1, maxLength: 3 }))
  .map(([body, picks]) => {
    const copy = structuredClone(body) as Record<string, unknown>;
    for (const [kind, pick] of picks) {
      try {
        INVOICE_MUTATIONS[kind]?.apply(copy, pick);
      } catch {
        // An earlier mutation removed what this one edits (e.g. lineItems is null): keep the body.
      }
    }
    return copy;
  });

describe('errorAnswerFromIssues with our own schemas: the validators\' answers', () => {
  it('update invoice: the same status and per-field body, key order included, for mutated bodies', () => {
    fc.assert(
      fc.property(invalidUpdateBody, (body) => {
        const expected = validateInvoiceUpdate(body);
        expect(expected.ok).toBe(false);
        const answer = errorAnswerFromIssues('updateInvoice', issuesOf(InvoiceUpdateSchema, body), body);
        expect(JSON.stringify(answer)).toBe(JSON.stringify(expected));
      }),
      { numRuns: 300 },
    );
  });

  it('evidence (400, no 422 in spec 4.3) and wallet session (422): the same `{ error }` text', () => {
    const brokenEvidence = validEvidenceBody.chain((body) =>
      fc.constantFrom({ ...body, text: 'x'.repeat(751) }, { ...body, evidenceType: 'invoice' }, { text: body.text }, { ...body, extra: 1, more: 2 }),
    );
    const brokenSession = validSessionBody.chain((body) =>
      fc.constantFrom({ ...body, domain: `https://${body.domain}` }, { domain: body.domain }, { ...body, displayName: 5 }, { ...body, port: 443 }),
    );
    fc.assert(
      fc.property(brokenEvidence, brokenSession, (evidence, session) => {
        const evidenceAnswer = errorAnswerFromIssues('uploadEvidenceText', issuesOf(EvidenceTextRequestSchema, evidence), evidence);
        expect(evidenceAnswer).toEqual(validateEvidenceTextRequest(evidence));
        const sessionAnswer = errorAnswerFromIssues('createWalletSession', issuesOf(ApplePaySessionRequestSchema, session), session);
        expect(sessionAnswer).toEqual(validateApplePaySessionRequest(session));
      }),
      { numRuns: 100 },
    );
  });

  it('a body that is not a JSON object is the validators\' 400', () => {
    for (const body of [null, [], 'x', 1]) {
      expect(errorAnswerFromIssues('updateInvoice', issuesOf(InvoiceUpdateSchema, body), body)).toEqual(validateInvoiceUpdate(body));
    }
  });
});

describe('errorAnswerFromIssues with another library\'s issues (zod 4)', () => {
  const option = z.strictObject({ name: z.string().min(1), quantity: z.int32() });
  const item = z.strictObject({ name: z.string().min(1).max(150), quantity: z.int32(), options: z.array(option).optional() });
  const update = z.strictObject({ description: z.string().optional(), lineItems: z.strictObject({ items: z.array(item) }).optional() });

  it('keys line items and options by name, as the spec-4.2 body does', () => {
    const body = {
      lineItems: { items: [{ name: 'Latte', quantity: 1 }, { name: 'Mocha', quantity: 1.5, options: [{ name: 'Oat', quantity: 'x' }] }] },
    };
    const answer = errorAnswerFromIssues('updateInvoice', issuesOf(update, body), body);
    expect(answer.status).toBe(422);
    const mocha = (answer.body as { lineItems: { items: Record<string, Record<string, unknown>> } }).lineItems.items['Mocha'];
    expect(Object.keys(mocha ?? {})).toEqual(['quantity', 'options']);
    expect(typeof mocha?.['quantity']).toBe('string');
    expect(Object.keys((mocha?.['options'] as Record<string, unknown>) ?? {})).toEqual(['Oat']);
  });

  it('reads an array index written as a string key ("0") as the element, keyed by its name', () => {
    const body = { lineItems: { items: [{ name: 'Latte', quantity: 1.5 }] } };
    const answer = errorAnswerFromIssues('updateInvoice', [{ message: 'bad', path: ['lineItems', 'items', '0', 'quantity'] }], body);
    expect(answer.body).toEqual({ lineItems: { items: { Latte: { quantity: 'bad' } } } });
  });

  it('reports an issue about the body as a whole (no path) as a 400 `{ error }`', () => {
    const whole = z.object({ a: z.number().optional() }).refine(() => false, 'the totals do not add up');
    const answer = errorAnswerFromIssues('updateInvoice', issuesOf(whole, {}), {});
    expect(answer).toEqual({ ok: false, status: 400, body: { error: 'the totals do not add up' } });
  });
});

describe('errorAnswerFromIssues stays bounded whatever the path holds', () => {
  it('a long, empty or reserved key invented by the client is reported as "(unknown field)"', () => {
    const body = { ['x'.repeat(100_000)]: 1, '': 2, [TRUNCATED_KEY]: 3 };
    const issues = Object.keys(body).map((key) => ({ message: 'unrecognized', path: [key] }));
    const answer = errorAnswerFromIssues('updateInvoice', issues, body);
    expect(answer).toEqual({ ok: false, status: 422, body: { [UNKNOWN_FIELD_KEY]: 'unrecognized' } });
    expect(JSON.stringify(errorAnswerFromIssues('createWalletSession', issues, body)).length).toBeLessThan(200);
  });

  it('at most `limits.fieldErrors` errors, then the truncation note', () => {
    const issues = Array.from({ length: 5_000 }, (_, i) => ({ message: 'bad', path: [{ key: `f${i}` }] }));
    const limits = resolveRequestLimits({ fieldErrors: 3 });
    const answer = errorAnswerFromIssues('updateInvoice', issues, {}, { limits });
    expect(Object.keys(answer.body)).toEqual(['f0', 'f1', 'f2', TRUNCATED_KEY]);
    const text = errorAnswerFromIssues('uploadEvidenceText', issues, {}, { limits });
    expect(text.status).toBe(400);
    expect((text.body as { error: string }).error).toMatch(/^f0: bad; f1: bad; f2: bad; only the first 3 field errors are reported/);
  });

  it('a `__proto__` step is an own key of the answer and changes no prototype', () => {
    const body = JSON.parse('{"__proto__": {"polluted": 1}}') as unknown;
    const answer = errorAnswerFromIssues('updateInvoice', [{ message: 'bad', path: ['__proto__', 'polluted'] }], body);
    expect(Object.hasOwn(answer.body, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(answer.body)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
