import fc from 'fast-check';
import type { Invoice, LineItem, LineItemOption } from '../../src/invoice/index.js';

/** USD amount shorthand. */
export const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });

/** A hand-written consistent invoice: 2 x 4.50 + 1 x (3.00 + 2 x 0.25) = 12.50, tax 1.00, total 13.50. */
export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    invoiceID: '8d4b6a8e-6f0e-4d8e-9a43-1c2f5b7e9a10',
    invoiceNumber: 'INV-1001',
    customerAccountID: '1b3c5d7e-0000-4000-8000-000000000001',
    partnerAccountID: '1b3c5d7e-0000-4000-8000-000000000002',
    createdOn: '2026-04-01T09:00:00Z',
    status: 'draft',
    lineItems: {
      items: [
        { name: 'Latte', quantity: 2, basePrice: usd('4.50') },
        {
          name: 'Bagel',
          quantity: 1,
          basePrice: usd('3.00'),
          options: [{ name: 'Cream cheese', quantity: 2, priceModifier: usd('0.25') }],
        },
      ],
    },
    subtotalAmount: usd('12.50'),
    taxAmount: usd('1.00'),
    totalAmount: usd('13.50'),
    paidAmount: usd('0.00'),
    pendingAmount: usd('0.00'),
    refundedAmount: usd('0.00'),
    disputedAmount: usd('0.00'),
    description: 'Breakfast',
    invoiceDate: '2026-04-01T00:00:00Z',
    dueDate: '2026-04-30T00:00:00Z',
    ...overrides,
  };
}

/** Freezes `value` and everything reachable from it, so that any write throws in strict mode. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

export const INT32_MIN = -(2 ** 31);
export const INT32_MAX = 2 ** 31 - 1;

/** An int32 quantity, biased toward 0, 1, -1 and the extremes. */
export const quantityArb = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 20 }), weight: 6 },
  { arbitrary: fc.constantFrom(0, 1, -1, INT32_MAX, INT32_MIN), weight: 2 },
  { arbitrary: fc.integer({ min: INT32_MIN, max: INT32_MAX }), weight: 1 },
);

/** A decimal string of at most 9 places (sign optional), built digit by digit, not from a float. */
export const decimalArb = (opts: { negative?: boolean } = {}) =>
  fc
    .tuple(
      opts.negative === false ? fc.constant('') : fc.constantFrom('', '', '-'),
      fc.oneof(
        { arbitrary: fc.integer({ min: 0, max: 100_000 }).map(String), weight: 6 },
        { arbitrary: fc.constantFrom('0', '1', '999999999999999', '9223372036854775807'), weight: 1 },
        { arbitrary: fc.bigInt({ min: 0n, max: 10n ** 15n }).map(String), weight: 1 },
      ),
      fc.oneof(
        fc.constant(''),
        fc.constantFrom('.000000001', '.999999999', '.5', '.00'),
        fc.stringMatching(/^\.[0-9]{1,9}$/),
      ),
    )
    .map(([sign, int, frac]) => `${sign}${int}${frac}`);

export const optionArb = (currency: string): fc.Arbitrary<LineItemOption> =>
  fc.record(
    {
      name: fc.string({ minLength: 1, maxLength: 8 }),
      quantity: quantityArb,
      priceModifier: decimalArb().map((valueDecimal) => ({ currency, valueDecimal })),
    },
    { requiredKeys: ['name', 'quantity'] },
  );

export const itemArb = (currency: string): fc.Arbitrary<LineItem> =>
  fc
    .record({
      name: fc.string({ minLength: 1, maxLength: 8 }),
      quantity: quantityArb,
      basePrice: decimalArb({ negative: false }).map((valueDecimal) => ({ currency, valueDecimal })),
      options: fc.option(fc.array(optionArb(currency), { maxLength: 4 }), { nil: undefined }),
    })
    .map(({ options, ...rest }) => (options === undefined ? rest : { ...rest, options }));
