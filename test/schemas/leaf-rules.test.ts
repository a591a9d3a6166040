import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ISO_4217_MINOR_UNITS } from '../../src/amount/iso4217.js';
import { REQUEST_LIMITS } from '../../src/limits/index.js';
import { currencyProblem, dateTimeValue, decimalProblem, int32Problem, resourceIdProblem } from '../../src/schemas/leaf-rules.js';
import { isWellFormedText, surelyText, textProblem } from '../../src/schemas/text-rule.js';
import {
  validateApplePaySessionRequest,
  validateEvidenceTextRequest,
  validateInvoiceUpdate,
} from '../../src/schemas/index.js';
import { surelyCurrency, surelyDateTime, surelyDecimal, surelyResourceId } from '../../src/schemas/leaf-rules.js';
import { isInt32 } from '../../src/schemas/int32.js';
import {
  validateApplePaySessionRequestWithSchema,
  validateEvidenceTextRequestWithSchema,
  validateInvoiceUpdateWithSchema,
} from './schema-validators.js';
import { hasLoneSurrogate } from '../../src/limits/index.js';
import { STRING_MESSAGE } from '../../src/schemas/messages.js';
import { validCurrency, validDateTime, validDecimal, validEvidenceBody, validInvoiceUpdateBody, validResourceId, validSessionBody } from './arbitraries.js';
import { TYPED_ID, UUID_ID } from './fixtures.js';
import { binaryText } from '../limits/code-points.js';

// The `surely...` checks in front of each leaf rule (leaf-rules.ts, text-rule.ts) must be
// SOUND: true only for values the rule accepts unchanged. These properties aim at the edges
// where the check and the rule decide differently (UTF-16 units against code points, 18
// against 19 integer digits, a date-time to rewrite), and hold the whole answer of the
// generated validators (verdict, status, value, error body with its key order) to the
// valibot schemas there.

/** The runs of a whole-body property: a tenth in the mutation run, where every mutant pays them again. */
const runs = (n: number): number => (process.env['MUTATION_MODULE'] === undefined ? n : Math.ceil(n / 10));

/** The same answer, key order included. */
function expectSame(fast: unknown, reference: unknown): void {
  expect(fast).toEqual(reference);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(reference));
}

// ---- Values at the edges of each leaf rule, valid and invalid, mixed with random ones. ----

const lowerTZ = (s: string) => s.replace('T', 't').replace(/Z$/, 'z');
const dateEdges = fc.oneof(
  validDateTime,
  validDateTime.map(lowerTZ),
  validDateTime.map((s) => `${s.slice(0, 17)}60${s.slice(19)}`), // leap second, valid only at 23:59 UTC
  validDateTime.map((s) => `${s.slice(0, 19)}.${'123456789'.slice(0, 1 + (s.charCodeAt(5) % 10))}${s.slice(19)}`),
  fc.constantFrom(
    '2016-12-31T23:59:60Z', '2016-12-31t23:59:60z', '9999-12-31T23:59:60Z', '2017-01-01T08:59:60+09:00', '2026-02-29T00:00:00Z',
    '2024-02-29T00:00:00Z', '2100-02-29T00:00:00Z', '2000-02-29T00:00:00Z', '2026-04-31T00:00:00Z', '2026-13-01T00:00:00Z',
    '2026-00-01T00:00:00Z', '2026-01-00T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T23:60:00Z', '2026-01-01T23:59:61Z',
    '2026-01-01T00:00:00+23:59', '2026-01-01T00:00:00+24:00', '2026-01-01T00:00:00-00:60', '2026-01-01T00:00:00.Z',
    '2026-01-01T00:00:00.1234567890Z', '2026-01-01T00:00:00.123456789Z', '2026-01-01 00:00:00Z', '2026-01-01T00:00:00',
    '2026-01-01T00:00:00+0100', '0000-01-01T00:00:00Z', '2026-1-01T00:00:00Z', '2026-01-01T00:00:00Z ', '２026-01-01T00:00:00Z',
  ),
);

const decimalEdges = fc.oneof(
  validDecimal,
  fc.bigInt({ min: 0n, max: 2n ** 64n }).map((n) => `${n}`),
  fc.tuple(fc.bigInt({ min: 0n, max: 2n ** 64n }), fc.nat(12)).map(([n, places]) => `-${n}.${'5'.repeat(places)}`),
  fc.constantFrom(
    '9223372036854775807', '9223372036854775808', '-9223372036854775807.999999999', '999999999999999999', '1000000000000000000',
    '0009223372036854775808', '00000000000000000001', '-0', '0', '1.', '.5', '+1', '1e3', '', ' 1', '1 ', '1.0000000001',
    '1.000000001', '--1', '1..0', '١',
  ),
);

const idEdges = fc.oneof(
  validResourceId,
  fc.uuid().map((u) => u.toUpperCase()),
  fc.constantFrom(
    TYPED_ID, UUID_ID, 'kuoaydiojf7uszaokc2ggnaaab_xfer', 'kuoaydiojf7uszaokc2ggnaaac_xfer', 'kuoaydiojf7uszaokc2ggnaaae_xfer',
    'KUOAYDIOJF7USZAOKC2GGNAAAA_xfer', 'kuoaydiojf7uszaokc2ggnaaaa_', 'kuoaydiojf7uszaokc2ggnaaaa_abcdefghi',
    'kuoaydiojf7uszaokc2ggnaaaa_abcdefghij', 'kuoaydiojf7uszaokc2ggnaaaa_Xfer', 'kuoaydiojf7uszaokc2ggnaaaa-xfer',
    'kuoaydiojf7uszaokc2ggnaa1a_xfer', 'kuoaydiojf7uszaokc2ggnaa8a_xfer', '551c0c0d-0e49-7f49-640e-50b46334000g',
    '551c0c0d0e49-7f49-640e-50b463340000-', '{551c0c0d-0e49-7f49-640e-50b463340000}', '551c0c0d-0e49-7f49-640e-50b4633400000',
    'x'.repeat(37), '😀'.repeat(18), '',
  ),
);

const currencyEdges = fc.oneof(
  validCurrency,
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ@[a'), minLength: 2, maxLength: 4 }),
  fc.constantFrom('USD', 'usd', 'XAU', 'XXX', 'HRK', 'ZWL', 'US', 'USDD', 'ÜSD', 'U\uD800D'),
);

const surrogatePair = '😀';
const textEdges = fc.oneof(
  binaryText({ maxLength: 160 }),
  fc.string({ unit: 'binary-ascii', maxLength: 160 }),
  fc.string({ unit: fc.constantFrom('a', surrogatePair, '\uD800', '\uDC00', 'é', '\u0301'), maxLength: 160 }),
  fc.nat(4).map((d) => 'x'.repeat(148 + d)),
  fc.nat(4).map((d) => surrogatePair.repeat(73 + d)),
  fc.nat(4).map((d) => `${surrogatePair.repeat(60)}${'x'.repeat(28 + d)}`),
  fc.constantFrom('', '\uD800', 'a\uDC00', `${surrogatePair}\uD83D`, 'x'.repeat(751), surrogatePair.repeat(400), 'y'.repeat(65)),
);

const int32Edges = fc.oneof(
  fc.integer(),
  fc.constantFrom(2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, -0, 0.5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '1', null),
  fc.double(),
);

const anyValue = fc.oneof(fc.constantFrom(undefined, null, true, 1, {}, [], 'USD'), fc.string({ maxLength: 5 }));

describe('the quick leaf checks answer only for values the exact rules accept unchanged', () => {
  it('date-time: surelyDateTime is true only when canonicalDateTime returns the string itself; true for canonical valid ones', () => {
    fc.assert(
      fc.property(fc.oneof(dateEdges, anyValue), (value) => {
        const exact = dateTimeValue(value);
        if (surelyDateTime(value)) expect(exact).toBe(value);
      }),
    );
    fc.assert(fc.property(validDateTime, (value) => {
      expect(surelyDateTime(value)).toBe(true);
    }));
  });

  it('date-time: surelyDateTime is true at every bound of a canonical value (last days, 23:59:59, offsets up to 23:59, nine fraction digits)', () => {
    const lastDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31].map((day, month) => `2026-${String(month + 1).padStart(2, '0')}-${day}T00:00:00Z`);
    const bounds = [
      ...lastDays,
      '2024-02-29T00:00:00Z', '2000-02-29T00:00:00Z', '2026-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '1999-11-30T09:09:09Z',
      '2026-12-31T23:59:59+23:59', '2026-12-31T23:59:59-23:59', '2026-06-15T19:19:19+19:09', '2026-06-15T10:10:10-10:10',
      '2026-04-30T12:00:00.123456789Z', '2026-04-30T12:00:00.1-00:00', '2026-04-30T12:00:00.000000000+00:00',
    ];
    for (const value of bounds) {
      expect(dateTimeValue(value), value).toBe(value);
      expect(surelyDateTime(value), value).toBe(true);
    }
  });

  it('decimal: surelyDecimal is true at its bounds (18 integer digits, 9 places, a sign, zero)', () => {
    for (const value of ['999999999999999999', '-999999999999999999.999999999', '0.000000001', '-0', '0', '7', '-1.5']) {
      expect(decimalProblem(value), value).toBeUndefined();
      expect(surelyDecimal(value), value).toBe(true);
    }
  });

  /** Every string made from `valid` by putting one of `units` at one position (and by cutting or extending it by one unit). */
  const oneUnitChanges = (valid: string, units: string): string[] => [
    valid.slice(0, -1),
    `${valid}0`,
    ...[...valid].flatMap((_, at) => [...units].map((unit) => `${valid.slice(0, at)}${unit}${valid.slice(at + 1)}`)),
  ];

  it('date-time: surelyDateTime is sound on every one-unit change of canonical values (a digit, a mark, a letter, a sign at each place)', () => {
    const values = ['2026-12-31T23:59:59.123456789+23:59', '2024-02-29T00:00:00Z', '1999-10-20T10:20:30-05:30', '2026-04-30T09:09:09.1Z'];
    for (const value of values.flatMap((valid) => oneUnitChanges(valid, '0129/:-+.TtZz:@ '))) {
      if (surelyDateTime(value)) expect(dateTimeValue(value), value).toBe(value);
    }
  });

  it('resource ID: surelyResourceId agrees with checkResourceId on every one-unit change of a typed ID and a UUID', () => {
    const values = [TYPED_ID, UUID_ID, UUID_ID.toUpperCase(), 'kuoaydiojf7uszaokc2ggnaaaa_abcdefghi', 'kuoaydiojf7uszaokc2ggnaaaa_x'];
    for (const value of values.flatMap((valid) => oneUnitChanges(valid, '01479afgzAFG_-/:`{'))) {
      expect(surelyResourceId(value), value).toBe(resourceIdProblem(value) === undefined);
    }
  });

  it('currency: surelyCurrency agrees with the table on every string of three units from A-Z and the units around them', () => {
    const units = '@ABCDEFGHIJKLMNOPQRSTUVWXYZ[`a';
    const disagreeing: string[] = [];
    for (const a of units) for (const b of units) for (const c of units) {
      const code = `${a}${b}${c}`;
      if (surelyCurrency(code) !== (currencyProblem(code) === undefined)) disagreeing.push(code);
    }
    expect(disagreeing).toEqual([]);
  });

  it('currency: units outside A-Z are refused even where their arithmetic lands on a listed code', () => {
    // Each string borrows 26 between neighbouring units of a listed code, so (a * 26 + b) * 26 + c
    // is that code's own index while a unit lies outside A-Z: only the range checks refuse it.
    const borrows = [[-1, 26, 0], [0, -1, 26], [1, -26, 0], [0, 1, -26], [-1, 25, 26], [1, -25, -26]] as const;
    const accepted: string[] = [];
    for (const code of Object.keys(ISO_4217_MINOR_UNITS)) {
      for (const shift of borrows) {
        const units = [...code].map((unit, i) => unit.charCodeAt(0) + (shift[i] ?? 0));
        if (units.some((unit) => unit < 0)) continue;
        const value = String.fromCharCode(...units);
        if (surelyCurrency(value) || currencyProblem(value) === undefined) accepted.push(value);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('every leaf rule answers a non-string with the string message', () => {
    for (const value of [5, null, undefined, {}, ['USD'], true]) {
      expect(currencyProblem(value)).toBe(STRING_MESSAGE);
      expect(decimalProblem(value)).toBe(STRING_MESSAGE);
      expect(resourceIdProblem(value)).toBe(STRING_MESSAGE);
      expect(dateTimeValue(value)).toEqual({ error: STRING_MESSAGE });
    }
  });

  it('decimal: surelyDecimal is true only for strings checkDecimalString accepts; true for those of at most 18 integer digits', () => {
    fc.assert(
      fc.property(fc.oneof(decimalEdges, anyValue), (value) => {
        if (surelyDecimal(value)) expect(decimalProblem(value)).toBeUndefined();
      }),
    );
    fc.assert(fc.property(validDecimal, (value) => {
      expect(surelyDecimal(value)).toBe(true);
    }));
  });

  it('resource ID: surelyResourceId agrees with checkResourceId both ways', () => {
    fc.assert(
      fc.property(fc.oneof(idEdges, anyValue), (value) => {
        expect(surelyResourceId(value)).toBe(resourceIdProblem(value) === undefined);
      }),
    );
  });

  it('currency: surelyCurrency agrees with the ISO 4217 table both ways', () => {
    fc.assert(
      fc.property(fc.oneof(currencyEdges, anyValue), (value) => {
        expect(surelyCurrency(value)).toBe(currencyProblem(value) === undefined);
      }),
    );
  });

  it('int32: int32Problem agrees with isInt32 both ways', () => {
    fc.assert(
      fc.property(fc.oneof(int32Edges, anyValue), (value) => {
        expect(isInt32(value)).toBe(int32Problem(value) === undefined);
      }),
    );
  });

  it('text: surelyText is true only for text within its limits in code points; true for any within them in UTF-16 units', () => {
    const limits = [
      { min: 1 as const, max: 150 },
      { min: 0 as const, max: 100 },
      { min: 0 as const, max: Number.POSITIVE_INFINITY },
    ];
    fc.assert(
      fc.property(fc.oneof(textEdges, anyValue), fc.constantFrom(...limits), (value, { min, max }) => {
        const limit = Number.isFinite(max) ? (min === 1 ? { min, max } : { max }) : undefined;
        const exact = textProblem(value, limit);
        if (surelyText(value, min, max)) expect(exact).toBeUndefined();
        if (typeof value === 'string' && value.length >= min && value.length <= max && exact === undefined) {
          expect(surelyText(value, min, max)).toBe(true);
        }
      }),
    );
  });

  it('isWellFormedText is the negation of hasLoneSurrogate', () => {
    fc.assert(
      fc.property(textEdges, (s) => {
        expect(isWellFormedText(s)).toBe(!hasLoneSurrogate(s));
      }),
    );
  });
});

// ---- Whole bodies: a valid body with edge values put at random leaves. ----

type Node = Record<string, unknown>;

/** The leaves of an update-invoice body an edit can reach, with the edge values each takes. */
const LEAVES: readonly (readonly [string, fc.Arbitrary<unknown>])[] = [
  ['description', textEdges],
  ['dueDate', dateEdges],
  ['invoiceDate', dateEdges],
  ['status', fc.constantFrom('draft', 'paid', 'void', 'PAID', undefined, null)],
  ['taxAmount.currency', currencyEdges],
  ['taxAmount.valueDecimal', decimalEdges],
  ['item.name', textEdges],
  ['item.quantity', int32Edges],
  ['item.productID', idEdges],
  ['item.basePrice.currency', currencyEdges],
  ['item.basePrice.valueDecimal', decimalEdges],
  ['option.name', textEdges],
  ['option.quantity', int32Edges],
  ['option.group', textEdges],
  ['option.priceModifier.currency', currencyEdges],
  ['option.priceModifier.valueDecimal', decimalEdges],
  ['image.altText', textEdges],
  ['image.imageID', idEdges],
  ['image.publicID', textEdges],
  ['image.link', fc.constantFrom('https://cdn.example/a.png', '/a.png', 'mailto:x@y', '', 'https://')],
  // Fields the spec does not define, in each kind of object (an unknown field is an error even when undefined).
  ...['extra', 'lineItems.extra', 'taxAmount.extra', 'item.extra', 'item.basePrice.extra', 'option.extra', 'option.priceModifier.extra', 'image.extra'].map(
    (path) => [path, fc.constantFrom(1, undefined, 'USD')] as const,
  ),
];

const editArb = fc.nat(LEAVES.length - 1).chain((leaf) =>
  fc.tuple(fc.constant(leaf), (LEAVES[leaf] as (typeof LEAVES)[number])[1], fc.nat(), fc.nat(), fc.boolean()),
);

/** Puts `value` at the leaf `path` of `body` (in the item, option and image picked by `pick`), or deletes it. */
function putLeaf(body: Node, path: string, value: unknown, pick: number, pick2: number, remove: boolean): void {
  const items = ((body['lineItems'] as Node | undefined)?.['items'] as Node[] | undefined) ?? [];
  const item = items[pick % Math.max(1, items.length)];
  const options = (item?.['options'] as Node[] | undefined) ?? [];
  const option = options[pick2 % Math.max(1, options.length)];
  const imageOwner = pick2 % 2 === 0 ? item : option;
  if (imageOwner !== undefined && path.startsWith('image.') && !Array.isArray(imageOwner['images'])) imageOwner['images'] = [{}];
  const images = (imageOwner?.['images'] as Node[] | undefined) ?? [];
  const roots: Record<string, Node | undefined> = { item, option, image: images[pick % Math.max(1, images.length)] };
  const parts = path.split('.');
  let node: Node | undefined = parts[0] !== undefined && parts[0] in roots ? roots[parts[0]] : body;
  const rest = parts[0] !== undefined && parts[0] in roots ? parts.slice(1) : parts;
  for (const part of rest.slice(0, -1)) {
    if (node === undefined) return;
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Node;
  }
  const last = rest.at(-1);
  if (node === undefined || last === undefined) return;
  if (remove) delete node[last];
  else node[last] = value;
}

describe('validateInvoiceUpdate agrees with the valibot schema', () => {
  it('on valid bodies, and the quick path answers them itself', () => {
    fc.assert(
      fc.property(fc.oneof(validInvoiceUpdateBody(true), validInvoiceUpdateBody(false)), (body) => {
        const reference = validateInvoiceUpdateWithSchema(structuredClone(body));
        expect(reference.ok).toBe(true);
        expectSame(validateInvoiceUpdate(structuredClone(body)), reference);
      }),
      { numRuns: runs(300) },
    );
  });

  it('on bodies with one to four edge values (valid or not) at random leaves: verdict, value and whole error body', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(validInvoiceUpdateBody(true), fc.array(editArb, { minLength: 1, maxLength: 4 }), (valid, edits) => {
        const body = structuredClone(valid) as Node;
        for (const [leaf, value, pick, pick2, remove] of edits) putLeaf(body, (LEAVES[leaf] as (typeof LEAVES)[number])[0], value, pick, pick2, remove);
        const reference = validateInvoiceUpdateWithSchema(structuredClone(body));
        expectSame(validateInvoiceUpdate(structuredClone(body)), reference);
        if (reference.ok) accepted += 1;
        else refused += 1;
      }),
      { numRuns: runs(1000) },
    );
    // Both sides of the edge were reached: bodies accepted and bodies refused.
    expect(accepted).toBeGreaterThan(runs(1000) / 20);
    expect(refused).toBeGreaterThan(runs(1000) / 20);
  });

  it('on objects with inherited, non-enumerable or accessor fields, as the exact validator reads them', () => {
    const base = { status: 'paid', taxAmount: { currency: 'USD', valueDecimal: '1.00' } };
    const inherited = Object.assign(Object.create({ extra: 1, status: 'void' }) as Node, base);
    const hidden = { ...base };
    Object.defineProperty(hidden, 'extra', { value: 1, enumerable: false });
    const hiddenKnown = { ...base };
    Object.defineProperty(hiddenKnown, 'description', { value: '\uD800', enumerable: false });
    const accessor = { ...base, get description() { return 'ok'; } };
    const nullProto = Object.assign(Object.create(null) as Node, base);
    for (const body of [inherited, hidden, hiddenKnown, accessor, nullProto]) {
      expectSame(validateInvoiceUpdate(body), validateInvoiceUpdateWithSchema(body));
    }
  });
});

describe('the evidence-text and wallet-session validators agree with their schemas', () => {
  it('evidence text: valid bodies and edge texts', () => {
    fc.assert(
      fc.property(validEvidenceBody, fc.option(textEdges), fc.option(fc.constantFrom('receipt', 'invoice', undefined, 1)), (valid, text, type) => {
        const body: Node = { ...valid };
        if (text !== null) body['text'] = text;
        if (type !== null) body['evidenceType'] = type;
        expectSame(validateEvidenceTextRequest(body), validateEvidenceTextRequestWithSchema(body));
      }),
      { numRuns: runs(300) },
    );
  });

  it('wallet session: valid bodies and edge names and domains', () => {
    fc.assert(
      fc.property(
        validSessionBody,
        fc.option(textEdges),
        fc.option(fc.constantFrom('https://shop.example', 'shop', 'shop.example.', '1.2.3.4', undefined)),
        (valid, name, domain) => {
          const body: Node = { ...valid };
          if (name !== null) body['displayName'] = name;
          if (domain !== null) body['domain'] = domain;
          expectSame(validateApplePaySessionRequest(body), validateApplePaySessionRequestWithSchema(body));
        },
      ),
      { numRuns: runs(300) },
    );
  });
});
