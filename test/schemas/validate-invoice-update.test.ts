import { UNKNOWN_FIELD_MESSAGE } from '../../src/schemas/error-limit.js';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { elementKeys, validateInvoiceUpdate } from '../../src/schemas/index.js';
import { TYPED_ID, usd, validInvoiceUpdate, validItem, validOption } from './fixtures.js';

const BODY_NOT_OBJECT = { error: 'request body must be a JSON object' };

/** Runs the validator and returns the 422 body, failing the test on any other outcome. */
/** True when `s` has no lone surrogate: `encodeURIComponent` throws a URIError on one (an oracle independent of payments-kit/limits). */
function wellFormed(s: string): boolean {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
}

function errorsOf(body: unknown): Record<string, unknown> {
  const result = validateInvoiceUpdate(body);
  if (result.ok || result.status !== 422) throw new Error(`expected 422, got ${JSON.stringify(result)}`);
  return result.body as Record<string, unknown>;
}

describe('validateInvoiceUpdate: 400 for a body that is not a JSON object', () => {
  it.each([null, [], [{}], 'x', 1, true, undefined])('refuses %j with 400', (body) => {
    expect(validateInvoiceUpdate(body)).toEqual({ ok: false, status: 400, body: BODY_NOT_OBJECT });
  });
});

describe('validateInvoiceUpdate: valid bodies', () => {
  it('accepts the empty body (every field is optional) and returns an empty update', () => {
    const result = validateInvoiceUpdate({});
    expect(result).toEqual({ ok: true, value: {} });
    if (result.ok) expect(Object.keys(result.value)).toEqual([]);
  });

  it('accepts a full body and returns it unchanged', () => {
    const body = validInvoiceUpdate();
    expect(validateInvoiceUpdate(body)).toEqual({ ok: true, value: body });
  });

  it('keeps null (unset) apart from omitted (unchanged) for dueDate and invoiceDate', () => {
    const nulled = validateInvoiceUpdate({ dueDate: null, invoiceDate: null });
    expect(nulled.ok && nulled.value).toEqual({ dueDate: null, invoiceDate: null });
    const omitted = validateInvoiceUpdate({ description: 'x' });
    expect(omitted.ok).toBe(true);
    if (omitted.ok) {
      expect('dueDate' in omitted.value).toBe(false);
      expect('invoiceDate' in omitted.value).toBe(false);
    }
  });

  it('accepts taxAmount with either field alone, or neither', () => {
    for (const taxAmount of [{}, { currency: 'EUR' }, { valueDecimal: '0.5' }]) {
      expect(validateInvoiceUpdate({ taxAmount })).toEqual({ ok: true, value: { taxAmount } });
    }
  });

  it('refuses unknown fields with a 422 naming each one (issue 13: amountDetails must not vanish behind a 200)', () => {
    const result = validateInvoiceUpdate({ description: 'x', invoiceNumber: 'INV-9', amountDetails: { deep: 1 } });
    expect(result).toEqual({
      ok: false,
      status: 422,
      body: { invoiceNumber: UNKNOWN_FIELD_MESSAGE, amountDetails: UNKNOWN_FIELD_MESSAGE },
    });
  });

  it('accepts every invoice status (which moves are allowed is the invoice module\'s 409)', () => {
    for (const status of ['draft', 'unpaid', 'payment-pending', 'paid', 'overdue', 'canceled']) {
      expect(validateInvoiceUpdate({ status }).ok).toBe(true);
    }
  });

  it('accepts a negative or zero priceModifier', () => {
    for (const value of ['-1.00', '0', '-0.000000001']) {
      const item = { ...validItem(), options: [{ name: 'o', quantity: 1, priceModifier: usd(value) }] };
      expect(validateInvoiceUpdate({ lineItems: { items: [item] } }).ok).toBe(true);
    }
  });
});

describe('validateInvoiceUpdate: 422 bodies mirror the request', () => {
  it('gives a string for each failed top-level field', () => {
    expect(
      errorsOf({ description: 5, dueDate: '2026-02-30T00:00:00Z', invoiceDate: 'tomorrow', status: 'void' }),
    ).toEqual({
      description: 'must be a string',
      dueDate: 'day 30 does not exist in 2026-02',
      invoiceDate: 'must be an RFC 3339 date-time with a time offset, e.g. 2026-04-01T09:00:00Z',
      status: 'must be one of: draft, unpaid, payment-pending, paid, overdue, canceled',
    });
  });

  it('refuses null where only dueDate and invoiceDate allow it', () => {
    expect(errorsOf({ description: null, status: null, taxAmount: null, lineItems: null })).toEqual({
      description: 'must be a string',
      status: 'must be one of: draft, unpaid, payment-pending, paid, overdue, canceled',
      taxAmount: 'must be a JSON object',
      lineItems: 'must be a JSON object',
    });
  });

  it('refuses a date-time without an offset and hour 24', () => {
    expect(errorsOf({ dueDate: '2026-05-01T09:00:00', invoiceDate: '2026-05-01T24:00:00Z' })).toEqual({
      dueDate: 'must be an RFC 3339 date-time with a time offset, e.g. 2026-04-01T09:00:00Z',
      invoiceDate: 'hour 24 does not exist',
    });
  });

  it('mirrors taxAmount as an object of its failed fields', () => {
    expect(errorsOf({ taxAmount: { currency: 'usd', valueDecimal: 1 } })).toEqual({
      taxAmount: { currency: 'must be a 3-letter ISO 4217 currency code', valueDecimal: 'must be a string' },
    });
    expect(errorsOf({ taxAmount: [] })).toEqual({ taxAmount: 'must be a JSON object' });
  });

  it('requires items in lineItems and an array there', () => {
    expect(errorsOf({ lineItems: {} })).toEqual({ lineItems: { items: 'is required' } });
    expect(errorsOf({ lineItems: { items: {} } })).toEqual({ lineItems: { items: 'must be an array' } });
  });

  it('keys items and options by name, with each failed field as a string', () => {
    const bad = validItem('Mocha');
    const body = {
      lineItems: {
        items: [
          validItem('Latte'),
          { ...bad, quantity: 1.5, basePrice: usd('1.0000000001'), options: [validOption(), { name: 'Syrup', quantity: 2 ** 31 }] },
        ],
      },
    };
    expect(errorsOf(body)).toEqual({
      lineItems: {
        items: {
          Mocha: {
            quantity: 'must be an integer from -2147483648 to 2147483647',
            basePrice: { valueDecimal: expect.any(String) },
            options: { Syrup: { quantity: 'must be an integer from -2147483648 to 2147483647' } },
          },
        },
      },
    });
  });

  it('reports every required field of an item and an option as "is required"', () => {
    const body = { lineItems: { items: [{ name: 'Bare', options: [{ name: 'Opt' }] }] } };
    expect(errorsOf(body)).toEqual({
      lineItems: {
        items: {
          Bare: { basePrice: 'is required', quantity: 'is required', options: { Opt: { quantity: 'is required' } } },
        },
      },
    });
  });

  it('keys images by position and checks altText, imageID and link', () => {
    const item = {
      ...validItem('Pie'),
      images: [{}, { altText: 'x'.repeat(126), imageID: 'img-1', link: 'not a url' }],
    };
    expect(errorsOf({ lineItems: { items: [item] } })).toEqual({
      lineItems: {
        items: {
          Pie: {
            images: {
              '[1]': {
                altText: 'must be at most 125 characters',
                imageID: expect.stringMatching(/^must be a Resource ID/),
                link: 'must be an absolute URL',
              },
            },
          },
        },
      },
    });
  });

  it('loses no error when two items share a name: the later ones get #2, #3', () => {
    const items = [
      { ...validItem('Tea'), quantity: 'one' },
      { ...validItem('Tea'), quantity: 'two' },
      { ...validItem('Tea'), quantity: 'three' },
    ];
    expect(errorsOf({ lineItems: { items } })).toEqual({
      lineItems: {
        items: {
          Tea: { quantity: 'must be an integer from -2147483648 to 2147483647' },
          'Tea#2': { quantity: 'must be an integer from -2147483648 to 2147483647' },
          'Tea#3': { quantity: 'must be an integer from -2147483648 to 2147483647' },
        },
      },
    });
  });

  it('counts duplicates over all items, so a key names the same item whether or not others failed', () => {
    const items = [validItem('Tea'), { ...validItem('Tea'), quantity: null }];
    expect(errorsOf({ lineItems: { items } })).toEqual({
      lineItems: { items: { 'Tea#2': { quantity: 'must be an integer from -2147483648 to 2147483647' } } },
    });
  });

  it('takes the next free suffix when a name already looks like a suffixed key', () => {
    const items = [
      { ...validItem('Tea#2'), quantity: -0.5 },
      { ...validItem('Tea'), quantity: -0.5 },
      { ...validItem('Tea'), quantity: -0.5 },
    ];
    expect(Object.keys((errorsOf({ lineItems: { items } }).lineItems as { items: object }).items)).toEqual([
      'Tea#2',
      'Tea',
      'Tea#3',
    ]);
  });

  it('keys an item with a missing or non-string name by its position "[i]"', () => {
    const items = [validItem('Latte'), { ...validItem(), name: 42 }, { basePrice: usd('1'), quantity: 1 }, 'oops'];
    expect(errorsOf({ lineItems: { items } })).toEqual({
      lineItems: {
        items: {
          '[1]': { name: 'must be a string' },
          '[2]': { name: 'is required' },
          '[3]': 'must be a JSON object',
        },
      },
    });
  });

  it('keys an item with an invalid name by position, so the 422 body never repeats an oversized name', () => {
    const long = 'n'.repeat(151);
    const items = [{ ...validItem(), name: '' }, { ...validItem(), name: long }];
    expect(errorsOf({ lineItems: { items } })).toEqual({
      lineItems: {
        items: { '[0]': { name: 'must be at least 1 character' }, '[1]': { name: 'must be at most 150 characters' } },
      },
    });
  });

  it('keeps an item literally named "[1]" apart from the position key of item 1', () => {
    const items = [{ ...validItem('[1]'), quantity: 'x' }, { basePrice: usd('1'), quantity: 1 }];
    const errors = errorsOf({ lineItems: { items } }) as { lineItems: { items: Record<string, unknown> } };
    expect(Object.keys(errors.lineItems.items)).toEqual(['[1]', '[1]#2']);
  });

  it('uses __proto__, constructor and toString as plain own keys and pollutes nothing', () => {
    const body = JSON.parse(
      JSON.stringify({
        lineItems: {
          items: [
            { ...validItem('__proto__'), quantity: 'x', options: [{ name: '__proto__', quantity: 'y' }] },
            { ...validItem('constructor'), quantity: 'x' },
            { ...validItem('toString'), quantity: 'x' },
          ],
        },
      }),
    );
    const errors = errorsOf(body) as { lineItems: { items: Record<string, unknown> } };
    const items = errors.lineItems.items;
    expect(Object.keys(items)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(items)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(items, '__proto__')?.value).toEqual({
      quantity: 'must be an integer from -2147483648 to 2147483647',
      options: { ['__proto__']: { quantity: 'must be an integer from -2147483648 to 2147483647' } },
    });
    expect(JSON.parse(JSON.stringify(errors))).toEqual(
      JSON.parse(
        '{"lineItems":{"items":{"__proto__":{"quantity":"must be an integer from -2147483648 to 2147483647","options":{"__proto__":{"quantity":"must be an integer from -2147483648 to 2147483647"}}},"constructor":{"quantity":"must be an integer from -2147483648 to 2147483647"},"toString":{"quantity":"must be an integer from -2147483648 to 2147483647"}}}}',
      ),
    );
    expect(JSON.stringify(errors)).toContain('"__proto__":{"quantity"');
    expect(({} as Record<string, unknown>)['quantity']).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'quantity')).toBe(false);
  });

  it('refuses a __proto__ key at the top level as an unknown field, as a plain own key, and reads nothing through it', () => {
    const body = JSON.parse('{"__proto__": {"status": "paid"}, "description": "x"}');
    const result = validateInvoiceUpdate(body);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.getOwnPropertyDescriptor(result.body, '__proto__')?.value).toBe(UNKNOWN_FIELD_MESSAGE);
    expect(Object.getPrototypeOf(result.body)).toBe(Object.prototype);
    expect(Object.keys(result.body)).toEqual(['__proto__']);
  });

  it('reports lone surrogates and counts emoji as one character', () => {
    const items = [
      { ...validItem('😀'.repeat(150)) },
      { ...validItem('😀'.repeat(151)) },
      { ...validItem('bad\uD800') },
    ];
    expect(errorsOf({ description: 'x\uDC00', lineItems: { items } })).toEqual({
      description: 'must not contain a lone surrogate',
      lineItems: {
        items: {
          '[1]': { name: 'must be at most 150 characters' },
          '[2]': { name: 'must not contain a lone surrogate' },
        },
      },
    });
  });

  it('keys an item or option named with a lone surrogate by position, so the body is well-formed text', () => {
    const option = { name: 'x\uDBFF', quantity: 1.5 };
    const items = [
      { ...validItem('[1]'), quantity: 'no' },
      { ...validItem('\uD800tea'), quantity: 'no' },
      { ...validItem('Tea'), options: [{ name: 'Oat', quantity: 1 }, option] },
    ];
    const errors = errorsOf({ lineItems: { items } });
    const int32 = 'must be an integer from -2147483648 to 2147483647';
    expect(errors).toEqual({
      lineItems: {
        items: {
          '[1]': { quantity: int32 },
          '[1]#2': { name: 'must not contain a lone surrogate', quantity: int32 },
          Tea: { options: { '[1]': { name: 'must not contain a lone surrogate', quantity: int32 } } },
        },
      },
    });
    expect(wellFormed(JSON.stringify(errors))).toBe(true);
    expect(JSON.stringify(errors)).not.toMatch(/\\u[dD][89abAB]/);
  });

  it('reports Resource ID fields: productID, and imageID inside invoices', () => {
    const items = [{ ...validItem('A'), productID: 'prod-1' }, { ...validItem('B'), productID: TYPED_ID.replace('aaaa_', 'aaab_') }];
    const errors = errorsOf({ lineItems: { items } }) as { lineItems: { items: Record<string, { productID: string }> } };
    expect(Object.keys(errors.lineItems.items)).toEqual(['A', 'B']);
    expect(errors.lineItems.items['A']?.productID).toMatch(/Resource ID/);
    expect(errors.lineItems.items['B']?.productID).toMatch(/spare bits/);
  });
});

describe('elementKeys', () => {
  it('gives unique keys in linear time for many equal names', () => {
    // Quadratic work would take tens of seconds here; the bound leaves room for a loaded machine.
    const items = Array.from({ length: 20_000 }, () => ({ name: 'Tea' }));
    const started = performance.now();
    const keys = elementKeys(items);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(new Set(keys).size).toBe(20_000);
    expect(keys.slice(0, 3)).toEqual(['Tea', 'Tea#2', 'Tea#3']);
    expect(keys.at(-1)).toBe('Tea#20000');
  });

  it('never keys by a name with a lone surrogate: property over names with lone surrogates', () => {
    const lone = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
    const name = fc.oneof(fc.constantFrom('a', '[0]', '[1]', '😀'), fc.tuple(fc.constantFrom('', 'a'), lone).map(([a, b]) => a + b));
    fc.assert(
      fc.property(fc.array(name, { maxLength: 8 }), (names) => {
        const keys = elementKeys(names.map((n) => ({ name: n })));
        expect(new Set(keys).size).toBe(keys.length);
        keys.forEach((key, i) => {
          expect(wellFormed(key)).toBe(true);
          const base = wellFormed(names[i] as string) ? (names[i] as string) : `[${i}]`;
          expect(key === base || key.startsWith(`${base}#`)).toBe(true);
        });
      }),
    );
  });

  it('never reuses a key: property over names drawn from a tiny alphabet', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom('a', 'a#2', 'a#3', '[0]', '[1]', '[1]#2'), fc.constant(undefined)), {
          maxLength: 12,
        }),
        (names) => {
          const elements = names.map((name) => (name === undefined ? {} : { name }));
          const keys = elementKeys(elements);
          expect(new Set(keys).size).toBe(keys.length);
          keys.forEach((key, i) => {
            const base = names[i] ?? `[${i}]`;
            expect(key === base || key.startsWith(`${base}#`)).toBe(true);
          });
        },
      ),
    );
  });
});
