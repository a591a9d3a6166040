import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import * as schemas from '../../src/schemas/index.js';
import {
  validateApplePaySessionRequest,
  validateEvidenceTextRequest,
  validateInvoiceUpdate,
} from '../../src/schemas/index.js';
import {
  validEvidenceBody,
  validInvoiceUpdateBody,
  validSessionBody,
} from './arbitraries.js';

const INTERESTING_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'prototype',
  'description',
  'dueDate',
  'invoiceDate',
  'lineItems',
  'items',
  'options',
  'images',
  'name',
  'quantity',
  'basePrice',
  'status',
  'taxAmount',
  'currency',
  'valueDecimal',
  'text',
  'evidenceType',
  'domain',
  'displayName',
];

const key = fc.oneof(fc.constantFrom(...INTERESTING_KEYS), fc.string({ maxLength: 4 }));
/** JSON values whose objects favour the keys the validators look at, `__proto__` included. */
const { tree: jsonish } = fc.letrec<{ tree: unknown }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 1 }),
    fc.dictionary(key, tie('tree'), { maxKeys: 5 }),
    fc.array(tie('tree'), { maxLength: 4 }),
  ),
}));

const VALIDATORS = [validateInvoiceUpdate, validateEvidenceTextRequest, validateApplePaySessionRequest] as const;

/** Every leaf of an error body as its path of keys (own keys only). */
function leafPaths(node: unknown, prefix: string[] = []): string[][] {
  if (typeof node === 'string') return [prefix];
  return Object.keys(node as object).flatMap((k) =>
    leafPaths(Object.getOwnPropertyDescriptor(node, k)?.value, [...prefix, k]),
  );
}

describe('validators never throw and never pollute prototypes', () => {
  it('the JSON-ish generator does produce own __proto__ keys', () => {
    const sample = fc.sample(fc.dictionary(fc.constant('__proto__'), fc.jsonValue(), { minKeys: 1 }), 1)[0];
    expect(Object.keys(sample as object)).toEqual(['__proto__']);
  });

  it.each(VALIDATORS.map((f) => [f.name, f] as const))('%s: arbitrary JSON gives a well-formed answer', (_, validate) => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), jsonish), (body) => {
        const result = validate(body);
        if (result.ok) return;
        expect([400, 422]).toContain(result.status);
        const text = JSON.stringify(result.body);
        expect(typeof text).toBe('string');
        expect(leafPaths(result.body).length).toBeGreaterThan(0);
        expect(Object.getPrototypeOf(result.body)).toBe(Object.prototype);
        expect(Object.keys(Object.prototype)).toEqual([]);
      }),
    );
  });

  it('validateInvoiceUpdate: arbitrary line items (names of every kind) give a 422 body JSON keeps whole', () => {
    const item = fc.dictionary(key, fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.constantFrom('__proto__', 'constructor')), {
      maxKeys: 5,
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 5 }), (items) => {
        const result = validateInvoiceUpdate({ lineItems: { items } });
        if (result.ok) return;
        expect(result.status).toBe(422);
        const roundTrip = JSON.parse(JSON.stringify(result.body));
        expect(leafPaths(roundTrip)).toEqual(leafPaths(result.body));
      }),
    );
  });
});

/** Every valibot schema the module exports (the `...Schema` names). */
const ALL_SCHEMAS = Object.entries(schemas as Record<string, unknown>)
  .filter(([name, value]) => name.endsWith('Schema') && typeof value === 'object')
  .map(([name, value]) => [name, value as v.GenericSchema] as const);

describe('no exported schema throws on arbitrary JSON', () => {
  it('finds the schemas', () => expect(ALL_SCHEMAS.length).toBeGreaterThanOrEqual(25));
  it.each(ALL_SCHEMAS)('%s', (_, schema) => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), jsonish), (value) => {
        const result = v.safeParse(schema, value);
        expect(typeof result.success).toBe('boolean');
      }),
      { numRuns: 30 },
    );
  });
});

/** Freezes `value` and everything inside it. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe('generated valid bodies pass, unchanged', () => {
  it('validators never write to the body they check', () => {
    fc.assert(
      fc.property(validInvoiceUpdateBody(true), (body) => {
        const frozen = deepFreeze(structuredClone(body));
        expect(validateInvoiceUpdate(frozen)).toEqual({ ok: true, value: body });
      }),
      { numRuns: 30 },
    );
  });

  it('update-invoice bodies', () => {
    fc.assert(
      fc.property(validInvoiceUpdateBody(), (body) => {
        expect(validateInvoiceUpdate(body)).toEqual({ ok: true, value: body });
      }),
    );
  });
  it('evidence-text bodies', () => {
    fc.assert(
      fc.property(validEvidenceBody, (body) => {
        expect(validateEvidenceTextRequest(body)).toEqual({ ok: true, value: body });
      }),
    );
  });
  it('wallet-session bodies', () => {
    fc.assert(
      fc.property(validSessionBody, (body) => {
        expect(validateApplePaySessionRequest(body)).toEqual({ ok: true, value: body });
      }),
    );
  });
});
