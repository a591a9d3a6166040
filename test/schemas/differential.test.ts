import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { REQUEST_LIMITS, resolveRequestLimits, type RequestLimits } from '../../src/limits/index.js';
import { TRUNCATED_KEY, UNKNOWN_FIELD_KEY } from '../../src/schemas/error-limit.js';
import {
  validateApplePaySessionRequest,
  validateEvidenceTextRequest,
  validateInvoiceUpdate,
} from '../../src/schemas/index.js';
import {
  validateApplePaySessionRequestWithSchema,
  validateEvidenceTextRequestWithSchema,
  validateInvoiceUpdateWithSchema,
} from '../../src/schemas/schema-validators.js';
import { validEvidenceBody, validInvoiceUpdateBody, validSessionBody } from './arbitraries.js';
import { INVOICE_MUTATIONS } from './invoice-mutations.js';
import { binaryText } from '../limits/code-points.js';

// The fast validators must give exactly what the valibot schemas give (issue 15): the same
// verdict, the same value, the same error body, key order included. DIFFERENTIAL_CASES is
// the total number of cases of this file, shared among the properties by the weights below:
// `npm test` runs 1,000; `npm run test:differential` runs 10,000 (CI).
const CASES = Number(process.env['DIFFERENTIAL_CASES'] ?? 1000);
const WEIGHTS = { valid: 2, mutations: 3, edits: 3, notObjects: 0.5, duplicates: 0.5, evidence: 0.5, session: 0.5 } as const;
const TOTAL_WEIGHT = Object.values(WEIGHTS).reduce((a, b) => a + b, 0);
// About 5 ms per case on a busy 2-core machine, with room: 10,000 cases stay well inside it.
vi.setConfig({ testTimeout: Math.max(20_000, CASES * 30) });
/** The runs of one property: its share of CASES, rounded up (so the shares sum to at least CASES). */
const runs = (property: keyof typeof WEIGHTS) => Math.ceil((CASES * WEIGHTS[property]) / TOTAL_WEIGHT);

type Node = Record<string, unknown>;

/** The same verdict, status and body (as JSON, so key order counts) or the same value. */
function expectSame(fast: unknown, reference: unknown): void {
  expect(fast).toEqual(reference);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(reference));
}

/** Sets an own key, so that `__proto__` is a plain key as in a parsed JSON body. */
function setOwn(node: Node, key: string, value: unknown): void {
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
}

const HOSTILE_KEYS = [
  'name', 'quantity', 'basePrice', 'priceModifier', 'images', 'options', 'items', 'lineItems', 'currency',
  'valueDecimal', 'altText', 'imageID', 'link', 'publicID', 'group', 'productID', 'description', 'dueDate',
  'invoiceDate', 'status', 'taxAmount', 'evidenceType', 'text', 'domain', 'displayName',
  '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', '', '😀', 'a\uD800', TRUNCATED_KEY,
  UNKNOWN_FIELD_KEY, 'x'.repeat(64), 'y'.repeat(65), '0', '[0]',
];
const hostileKey = fc.oneof({ arbitrary: fc.constantFrom(...HOSTILE_KEYS), weight: 4 }, { arbitrary: binaryText({ maxLength: 8 }), weight: 1 });

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, undefined, true, false, 0, -0, 1.5, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 31 - 1, 2 ** 53, 1e308, -1e308,
    Number.NaN, Number.POSITIVE_INFINITY, '', '\uD800', '\uDC00x', '😀', '😀'.repeat(151), 'x'.repeat(151), '1.0000000001',
    '-0', '1e3', 'USD', 'usd', 'EUR', '2026-02-30T00:00:00Z', '2026-01-01t00:00:00z', '2016-12-31T23:59:60Z',
    '9999-12-31T23:59:60Z', 'https://img.example/a.png', '/a.png', 'kuoaydiojf7uszaokc2ggnaaaa_xfer', 'draft', 'void',
    'receipt', 'shop.example', 'https://shop.example', 'Tea', {}, [], [{}], { name: 'Tea' }),
  binaryText({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
  fc.array(fc.constantFrom({}, { name: 'Tea', quantity: 1 }, { x: 1 }, 'x', null), { maxLength: 12 }),
  fc.dictionary(hostileKey, fc.constantFrom(1, 'x', null, {}), { maxKeys: 4 }),
);

/** Every object and array in `body` (the body first). */
function containers(body: unknown): (Node | unknown[])[] {
  const found: (Node | unknown[])[] = [];
  const visit = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    found.push(value as Node);
    for (const key of Object.keys(value)) visit((value as Node)[key]);
  };
  visit(body);
  return found;
}

/** One random edit anywhere in `body`: set a key (known or hostile) to a hostile value, or delete one. */
const editArb = fc.record({ at: fc.nat(), key: hostileKey, value: hostileValue, remove: fc.boolean(), index: fc.nat() });
type Edit = { at: number; key: string; value: unknown; remove: boolean; index: number };

function applyEdit(body: unknown, edit: Edit): void {
  const all = containers(body);
  const value = structuredClone(edit.value); // a fresh copy: fast-check shares constants between runs
  const target = all[edit.at % all.length];
  if (target === undefined) return;
  if (Array.isArray(target)) {
    if (target.length === 0 || edit.remove) target.push(value);
    else target[edit.index % target.length] = value;
    return;
  }
  const keys = Object.keys(target);
  if (edit.remove && keys.length > 0) delete target[keys[edit.index % keys.length] as string];
  else setOwn(target, edit.key, value);
}

/** Limits small enough to reach N, N + 1 and the error cap with small bodies, or the defaults. */
const limitsArb: fc.Arbitrary<RequestLimits> = fc.oneof(
  fc.constant(REQUEST_LIMITS),
  fc
    .record({
      lineItems: fc.integer({ min: 1, max: 4 }),
      optionsPerItem: fc.integer({ min: 1, max: 3 }),
      imagesPerItem: fc.integer({ min: 1, max: 2 }),
      imagesPerOption: fc.integer({ min: 1, max: 2 }),
      fieldErrors: fc.integer({ min: 1, max: 6 }),
    })
    .map((limits) => resolveRequestLimits(limits)),
);

const clone = <T>(value: T): T => structuredClone(value);

describe('the fast validators agree with the valibot schemas exactly (issue 15)', () => {
  it(`shares ${CASES} cases among the properties`, () => {
    const shares = (Object.keys(WEIGHTS) as (keyof typeof WEIGHTS)[]).map(runs);
    expect(shares.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(CASES);
  });

  it('update invoice: random valid bodies', () => {
    fc.assert(
      fc.property(fc.oneof(validInvoiceUpdateBody(true), validInvoiceUpdateBody(false)), limitsArb, (body, limits) => {
        expectSame(validateInvoiceUpdate(clone(body), { limits }), validateInvoiceUpdateWithSchema(clone(body), { limits }));
      }),
      { numRuns: runs('valid') },
    );
  });

  it('update invoice: every mutation kind of the schema tests, one to three at a time', () => {
    fc.assert(
      fc.property(
        validInvoiceUpdateBody(true),
        fc.array(fc.tuple(fc.nat(INVOICE_MUTATIONS.length - 1), fc.nat()), { minLength: 1, maxLength: 3 }),
        limitsArb,
        (valid, picks, limits) => {
          const body = clone(valid) as Node;
          for (const [kind, pick] of picks) {
            try {
              INVOICE_MUTATIONS[kind]?.apply(body, pick);
            } catch {
              // an earlier mutation removed the part this one edits
            }
          }
          expectSame(validateInvoiceUpdate(clone(body), { limits }), validateInvoiceUpdateWithSchema(clone(body), { limits }));
        },
      ),
      { numRuns: runs('mutations') },
    );
  });

  it('update invoice: random edits anywhere (wrong types, nulls, huge numbers, lone surrogates, __proto__, unknown fields)', () => {
    fc.assert(
      fc.property(validInvoiceUpdateBody(true), fc.array(editArb, { minLength: 1, maxLength: 6 }), limitsArb, (valid, edits, limits) => {
        const body = clone(valid) as Node;
        for (const edit of edits) applyEdit(body, edit);
        expectSame(validateInvoiceUpdate(body, { limits }), validateInvoiceUpdateWithSchema(body, { limits }));
      }),
      { numRuns: runs('edits') },
    );
  });

  it('update invoice: bodies that are not objects, and duplicated item names', () => {
    fc.assert(
      fc.property(hostileValue, (body) => {
        expectSame(validateInvoiceUpdate(body), validateInvoiceUpdateWithSchema(body));
      }),
      { numRuns: runs('notObjects') },
    );
    fc.assert(
      fc.property(validInvoiceUpdateBody(true), fc.nat(), limitsArb, (valid, pick, limits) => {
        const body = clone(valid) as { lineItems: { items: Node[] } };
        const items = body.lineItems.items;
        for (const item of items) item['name'] = ['Tea', '[1]', 'Tea#2'][pick % 3];
        items.push({ ...items[0], quantity: 'x' }, { quantity: 'y' });
        expectSame(validateInvoiceUpdate(body, { limits }), validateInvoiceUpdateWithSchema(body, { limits }));
      }),
      { numRuns: runs('duplicates') },
    );
  });

  for (const [name, weight, valid, fast, reference] of [
    ['evidence text', 'evidence', validEvidenceBody, validateEvidenceTextRequest, validateEvidenceTextRequestWithSchema],
    ['wallet session', 'session', validSessionBody, validateApplePaySessionRequest, validateApplePaySessionRequestWithSchema],
  ] as const) {
    it(`${name}: random valid bodies and random edits`, () => {
      fc.assert(
        fc.property(valid, fc.array(editArb, { maxLength: 4 }), limitsArb, (validBody, edits, limits) => {
          const body = clone(validBody) as Node;
          for (const edit of edits) applyEdit(body, { ...edit, at: 0 });
          expectSame(fast(body, { limits }), reference(body, { limits }));
        }),
        { numRuns: runs(weight) },
      );
    });
  }
});
