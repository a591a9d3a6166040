import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ApplePaySessionRequestSchema,
  EvidenceTextRequestSchema,
  InvoiceUpdateSchema,
  RecurSchema,
  applePaySessionRequestJsonSchema,
  evidenceTextRequestJsonSchema,
  invoiceUpdateJsonSchema,
  schemaToJsonSchema,
} from '../../src/schemas/index.js';
import { validEvidenceBody, validInvoiceUpdateBody, validSessionBody } from './arbitraries.js';
import { usd, validInvoiceUpdate, validItem, validRunTransfer } from './fixtures.js';
import { INVOICE_MUTATIONS } from './invoice-mutations.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const compile = (schema: object) => ajv.compile(schema as Record<string, unknown>);
const ajvInvoiceUpdate = compile(invoiceUpdateJsonSchema());
const ajvEvidence = compile(evidenceTextRequestJsonSchema());
const ajvSession = compile(applePaySessionRequestJsonSchema());
const ajvRecur = compile(schemaToJsonSchema(RecurSchema));

const lone = String.fromCharCode(0xd800);

/** [sample, whether JSON Schema can express the rule that decides it]. */
type Sample = [label: string, body: unknown, expressible: boolean];

const withItem = (patch: Record<string, unknown>) => ({ lineItems: { items: [{ ...validItem(), ...patch }] } });

const INVOICE_SAMPLES: Sample[] = [
  ['full valid body', validInvoiceUpdate(), true],
  ['empty body', {}, true],
  ['null dates', { dueDate: null, invoiceDate: null }, true],
  ['unknown field refused', { extra: 1 }, true],
  ['array body', [], true],
  ['description number', { description: 1 }, true],
  ['description lone surrogate', { description: `a${lone}` }, true],
  ['description emoji', { description: '😀' }, true],
  ['status unknown', { status: 'void' }, true],
  ['dueDate Feb 29 leap', { dueDate: '2024-02-29T00:00:00Z' }, true],
  ['dueDate Feb 29 non-leap', { dueDate: '2026-02-29T00:00:00Z' }, true],
  ['dueDate hour 24', { dueDate: '2026-02-03T24:00:00Z' }, true],
  ['dueDate no offset', { dueDate: '2026-02-03T10:00:00' }, true],
  ['dueDate space separator', { dueDate: '2026-02-03 10:00:00Z' }, false],
  ['dueDate offset without colon', { dueDate: '2026-02-03T10:00:00+0530' }, false],
  ['taxAmount empty', { taxAmount: {} }, true],
  ['taxAmount lowercase currency', { taxAmount: { currency: 'usd' } }, true],
  ['taxAmount unknown currency', { taxAmount: { currency: 'ABC' } }, true],
  ['taxAmount 9 dp', { taxAmount: { valueDecimal: '-0.123456789' } }, true],
  ['taxAmount 10 dp', { taxAmount: { valueDecimal: '0.1234567891' } }, true],
  ['taxAmount .5', { taxAmount: { valueDecimal: '.5' } }, true],
  ['taxAmount 2^63', { taxAmount: { valueDecimal: '9223372036854775808' } }, false],
  ['lineItems without items', { lineItems: {} }, true],
  ['item name 150 emoji', withItem({ name: '😀'.repeat(150) }), true],
  ['item name 151 emoji', withItem({ name: '😀'.repeat(151) }), true],
  ['item name combining 150', withItem({ name: 'e\u0301'.repeat(75) }), true],
  ['item name empty', withItem({ name: '' }), true],
  ['item quantity 2^31', withItem({ quantity: 2 ** 31 }), true],
  ['item quantity -2^31', withItem({ quantity: -(2 ** 31) }), true],
  ['item quantity 1.5', withItem({ quantity: 1.5 }), true],
  ['item basePrice missing', withItem({ basePrice: undefined }), true],
  ['item productID typed', withItem({ productID: 'kuoaydiojf7uszaokc2ggnaaaa_xfer' }), true],
  ['item productID spare bits', withItem({ productID: 'kuoaydiojf7uszaokc2ggnaaab_xfer' }), true],
  ['item productID plain', withItem({ productID: 'prod-1' }), true],
  ['image altText 126', withItem({ images: [{ altText: 'a'.repeat(126) }] }), true],
  ['image link relative', withItem({ images: [{ link: '/a.png' }] }), true],
  ['option group 101', withItem({ options: [{ name: 'o', quantity: 1, group: 'g'.repeat(101) }] }), true],
  ['option priceModifier negative', withItem({ options: [{ name: 'o', quantity: 1, priceModifier: usd('-2') }] }), true],
];

const EVIDENCE_SAMPLES: Sample[] = [
  ['valid', { evidenceType: 'receipt', text: 'x' }, true],
  ['text 750 emoji', { evidenceType: 'other', text: '📦'.repeat(750) }, true],
  ['text 751 emoji', { evidenceType: 'other', text: '📦'.repeat(751) }, true],
  ['text lone surrogate', { evidenceType: 'other', text: lone }, true],
  ['type unknown', { evidenceType: 'invoice', text: 'x' }, true],
  ['missing text', { evidenceType: 'other' }, true],
  ['null text', { evidenceType: 'other', text: null }, true],
];

const SESSION_SAMPLES: Sample[] = [
  ['valid', { domain: 'shop.example.com', displayName: 'Shop' }, true],
  ['xn-- label', { domain: 'xn--bcher-kva.example', displayName: 'Shop' }, true],
  ['scheme', { domain: 'https://shop.example', displayName: 'Shop' }, true],
  ['port', { domain: 'shop.example:443', displayName: 'Shop' }, true],
  ['path', { domain: 'shop.example/pay', displayName: 'Shop' }, true],
  ['user-info', { domain: 'me@shop.example', displayName: 'Shop' }, true],
  ['IPv4', { domain: '10.0.0.1', displayName: 'Shop' }, true],
  ['numeric last label', { domain: 'shop.123', displayName: 'Shop' }, true],
  ['wildcard', { domain: '*.shop.example', displayName: 'Shop' }, true],
  ['whitespace', { domain: 'shop.example ', displayName: 'Shop' }, true],
  ['single label', { domain: 'localhost', displayName: 'Shop' }, true],
  ['trailing dot', { domain: 'shop.example.', displayName: 'Shop' }, true],
  ['hyphen edge', { domain: '-shop.example', displayName: 'Shop' }, true],
  ['label 64', { domain: `${'a'.repeat(64)}.example`, displayName: 'Shop' }, true],
  ['non-ASCII', { domain: 'bücher.example', displayName: 'Shop' }, true],
  ['254 characters', { domain: [63, 63, 63, 62].map((n) => 'a'.repeat(n)).join('.'), displayName: 'S' }, true],
  ['253 characters', { domain: [63, 63, 63, 61].map((n) => 'a'.repeat(n)).join('.'), displayName: 'S' }, true],
  ['displayName 64 emoji', { domain: 'a.io', displayName: '🛒'.repeat(64) }, true],
  ['displayName 65 emoji', { domain: 'a.io', displayName: '🛒'.repeat(65) }, true],
  ['displayName lone surrogate', { domain: 'a.io', displayName: lone }, true],
];

const recur = (recurrenceRule: unknown) => ({ recurrenceRule, runTransfer: validRunTransfer() });

const RECUR_SAMPLES: Sample[] = [
  ['valid rule', recur('FREQ=MONTHLY;BYMONTHDAY=1'), true],
  ['rule not a string', recur(5), true],
  ['rule lone surrogate', recur(`FREQ=DAILY${lone}`), true],
  // The RRULE grammar (RFC 5545 3.3.10) is not expressible in JSON Schema.
  ['not an rrule', recur('not an rrule'), false],
  ['COUNT and UNTIL', recur('FREQ=DAILY;COUNT=2;UNTIL=20260101T000000Z'), false],
  ['BYMONTHDAY with WEEKLY', recur('FREQ=WEEKLY;BYMONTHDAY=1'), false],
  ['empty rule', recur(''), false],
];

const CASES = [
  ['update invoice', InvoiceUpdateSchema, ajvInvoiceUpdate, INVOICE_SAMPLES],
  ['evidence text', EvidenceTextRequestSchema, ajvEvidence, EVIDENCE_SAMPLES],
  ['wallet session', ApplePaySessionRequestSchema, ajvSession, SESSION_SAMPLES],
  ['recur', RecurSchema, ajvRecur, RECUR_SAMPLES],
] as const;

describe('JSON Schema accepts and refuses the same samples as valibot where it can express the rule', () => {
  for (const [title, schema, validate, samples] of CASES) {
    describe(title, () => {
      it.each(samples.filter((s) => s[2]))('%s', (_, body) => {
        const clean = JSON.parse(JSON.stringify(body)) as unknown;
        expect(validate(clean)).toBe(v.safeParse(schema, clean).success);
      });
      it.each(samples.filter((s) => !s[2]))('%s: valibot refuses, JSON Schema cannot tell', (_, body) => {
        expect(v.safeParse(schema, body).success).toBe(false);
        expect(validate(body)).toBe(true);
      });
    });
  }
});

describe('JSON Schema agrees on generated bodies', () => {
  it('accepts every generated valid body', () => {
    fc.assert(fc.property(validInvoiceUpdateBody(), (b) => {
        expect(ajvInvoiceUpdate(b)).toBe(true);
      }));
    fc.assert(fc.property(validEvidenceBody, (b) => {
        expect(ajvEvidence(b)).toBe(true);
      }));
    fc.assert(fc.property(validSessionBody, (b) => {
        expect(ajvSession(b)).toBe(true);
      }));
  });

  it.each(INVOICE_MUTATIONS.filter((m) => m.jsonSchema !== false).map((m) => [m.name, m] as const))(
    'refuses the mutation: %s',
    (_, mutation) => {
      fc.assert(
        fc.property(validInvoiceUpdateBody(true), fc.nat(), (valid, pick) => {
          const body = structuredClone(valid) as Record<string, unknown>;
          mutation.apply(body, pick);
          expect(ajvInvoiceUpdate(body)).toBe(false);
        }),
        { numRuns: 10 },
      );
    },
  );
});

describe('other JSON Schema targets', () => {
  it('openapi-3.0 marks the nullable dates with nullable: true', () => {
    const schema = invoiceUpdateJsonSchema({ target: 'openapi-3.0' }) as { properties: Record<string, unknown> };
    expect(schema.properties['dueDate']).toEqual({ type: 'string', format: 'date-time', nullable: true });
  });
  it('draft 2020-12 keeps the limits and patterns', () => {
    const schema = applePaySessionRequestJsonSchema({ target: 'draft-2020-12' }) as {
      $schema: string;
      properties: Record<string, Record<string, unknown>>;
    };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.properties['displayName']).toMatchObject({ type: 'string', maxLength: 64 });
    expect(evidenceTextRequestJsonSchema().required).toEqual(['evidenceType', 'text']);
  });
});
