import type * as FastCheck from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { EVIDENCE_TYPES, INVOICE_STATUSES } from '../../schemas/index.js';

/** The fast-check module (`import * as fc from 'fast-check'`), passed in so the arbitraries use your copy of it. */
export type FastCheckModule = typeof FastCheck;

/** Options of the invoice-update body arbitraries. */
export type InvoiceBodyOptions = {
  /** The currency of every amount (the invoice's); default `'USD'`. */
  readonly currency?: string;
};

/** The arbitraries behind the conformance kit, made with the caller's fast-check (see {@link conformanceArbitraries}). */
export type ConformanceArbitraries = {
  /** Decimal strings with 0 to 9 decimal places (the spec's limit), non-negative, at most 6 integer digits. */
  readonly valueDecimal: Arbitrary<string>;
  /** `{ currency, valueDecimal }` in `currency`. */
  readonly amountDecimal: (currency?: string) => Arbitrary<{ currency: string; valueDecimal: string }>;
  /** `{ currency, value }` (spec 2.1): a non-negative int64-safe integer of minor units. */
  readonly amount: (currency?: string) => Arbitrary<{ currency: string; value: number }>;
  /** Text of `min` to `max` code points, often at a boundary, mixing ASCII, accents and astral characters (emoji). */
  readonly text: (min: number, max: number) => Arbitrary<string>;
  /** Valid update-invoice bodies (spec 4.2) without `status`: fields at their limits, counted in code points. */
  readonly invoiceUpdate: (options?: InvoiceBodyOptions) => Arbitrary<Record<string, unknown>>;
  /** Update-invoice bodies with at least one invalid field (a limit one past, 10 decimals, a non-int32 quantity, a lone surrogate, an unknown field, ...). */
  readonly invalidInvoiceUpdate: (options?: InvoiceBodyOptions) => Arbitrary<unknown>;
  /** Valid evidence-text bodies (spec 4.3). */
  readonly evidenceText: Arbitrary<{ evidenceType: string; text: string }>;
  /** Evidence-text bodies with at least one invalid field. */
  readonly invalidEvidenceText: Arbitrary<unknown>;
  /** Valid wallet-session bodies (spec 4.4) for `domain`. */
  readonly walletSession: (domain: string) => Arbitrary<{ domain: string; displayName: string }>;
  /** Wallet-session bodies with at least one invalid field. */
  readonly invalidWalletSession: (domain: string) => Arbitrary<unknown>;
  /** RRULE strings (RFC 5545 3.3.10) within the engine's limits: DAILY to YEARLY with COUNT or UNTIL, BYDAY, BYMONTHDAY, BYSETPOS. */
  readonly recurrenceRule: Arbitrary<string>;
  /** Invoices (spec 2.6) whose totals are consistent with their line items (in `currency`). */
  readonly invoice: (currency?: string) => Arbitrary<Record<string, unknown>>;
};

/**
 * Update bodies at the limits, valid and invalid, that a conformance run always sends before
 * its random ones: names of 150 and 151 code points (ASCII and emoji), 9 and 10 decimal
 * places, int32 bounds, a lone surrogate, an unknown field.
 *
 * @example
 * invoiceUpdateBoundaries('USD').length // 12
 */
export function invoiceUpdateBoundaries(currency = 'USD'): unknown[] {
  const item = (name: string, extra: Record<string, unknown> = {}) => ({ lineItems: { items: [{ name, quantity: 1, basePrice: { currency, valueDecimal: '1.00' }, ...extra }] } });
  return [
    item('😀'.repeat(150)),
    item('a'.repeat(150)),
    item('a'.repeat(151)),
    item('💸'.repeat(151)),
    item('Latte', { basePrice: { currency, valueDecimal: '0.123456789' } }),
    item('Latte', { basePrice: { currency, valueDecimal: '0.1234567891' } }),
    item('Latte', { quantity: 2_147_483_647, basePrice: { currency, valueDecimal: '0.01' } }),
    item('Latte', { quantity: 2_147_483_648 }),
    item('Latte', { options: [{ name: 'Extra', quantity: 1, group: '🧾'.repeat(101) }] }),
    { description: 'a\uD800b' },
    { discount: '1.00' },
    { taxAmount: { currency, valueDecimal: '1.0000000001' } },
  ];
}

/**
 * Evidence and wallet-session bodies at their limits (750 and 64 code points, emoji
 * included, one past), sent before the random ones.
 *
 * @example
 * evidenceTextBoundaries().length // 4
 */
export function evidenceTextBoundaries(): unknown[] {
  return [
    { evidenceType: 'receipt', text: '😀'.repeat(750) },
    { evidenceType: 'receipt', text: 'a'.repeat(751) },
    { evidenceType: 'receipt', text: '💸'.repeat(751) },
    { evidenceType: 'receipt', text: 'x\uDC00' },
  ];
}

/**
 * Wallet-session bodies at the `displayName` limit for `domain`.
 *
 * @example
 * walletSessionBoundaries('shop.example.com')[0] // { domain: 'shop.example.com', displayName: '😀😀…' (64) }
 */
export function walletSessionBoundaries(domain: string): unknown[] {
  return [
    { domain, displayName: '😀'.repeat(64) },
    { domain, displayName: 'a'.repeat(65) },
    { domain, displayName: '💸'.repeat(65) },
    { domain: `https://${domain}`, displayName: 'Shop' },
  ];
}

const ASCII = 'abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789-';

/**
 * The fast-check arbitraries of the conformance kit, built with your `fast-check` (an optional
 * peer dependency of payments-kit, needed only here): valid and invalid bodies of the three
 * writes, amounts, texts at their limits, RRULEs and invoices. Use them to property-test your
 * own service against the library's validators.
 *
 * @example
 * import * as fc from 'fast-check';
 * import { validateInvoiceUpdate } from 'payments-kit/schemas';
 * const arbitraries = conformanceArbitraries(fc);
 * fc.assert(fc.property(arbitraries.invalidInvoiceUpdate(), (body) => !validateInvoiceUpdate(body).ok), { seed: 1 });
 */
export function conformanceArbitraries(fc: FastCheckModule): ConformanceArbitraries {
  const char = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...ASCII) },
    { weight: 1, arbitrary: fc.constantFrom('é', 'ß', '中', '€') },
    { weight: 2, arbitrary: fc.constantFrom('😀', '💸', '🧾', '𝄞') },
  );
  const text = (min: number, max: number): Arbitrary<string> =>
    fc
      .oneof(fc.constantFrom(min, max), fc.integer({ min, max }))
      .chain((length) => fc.array(char, { minLength: length, maxLength: length }))
      .map((chars) => chars.join(''));
  const valueDecimal = fc
    .tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 999_999_999 }))
    .map(([whole, places, fraction]) => (places === 0 ? String(whole) : `${whole}.${String(fraction).padStart(9, '0').slice(0, places)}`));
  const amountDecimal = (currency = 'USD') => valueDecimal.map((v) => ({ currency, valueDecimal: v }));
  const amount = (currency = 'USD') => fc.integer({ min: 0, max: 2 ** 40 }).map((value) => ({ currency, value }));
  const dateTime = fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
    .map((d) => d.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  const image = fc.record({ altText: text(0, 125), link: fc.constant('https://images.example.com/a.png') }, { requiredKeys: ['altText'] });
  const option = (currency: string) =>
    fc.record(
      { name: text(1, 150), quantity: fc.integer({ min: 0, max: 20 }), group: text(0, 100), priceModifier: amountDecimal(currency), images: fc.array(image, { maxLength: 1 }) },
      { requiredKeys: ['name', 'quantity'] },
    );
  const item = (currency: string) =>
    fc.record(
      {
        name: text(1, 150),
        quantity: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 0, max: 1000 }) }, { weight: 1, arbitrary: fc.constant(2_147_483_647) }),
        basePrice: amountDecimal(currency),
        options: fc.array(option(currency), { maxLength: 2 }),
        images: fc.array(image, { maxLength: 1 }),
      },
      { requiredKeys: ['name', 'quantity', 'basePrice'] },
    );
  // Names are unique within a body, so each item's 422 key is its name.
  const items = (currency: string) => fc.uniqueArray(item(currency), { maxLength: 3, selector: (i) => i.name });
  const invoiceUpdate = ({ currency = 'USD' }: InvoiceBodyOptions = {}) =>
    fc.record(
      {
        description: text(0, 200),
        dueDate: fc.option(dateTime, { nil: null }),
        invoiceDate: fc.option(dateTime, { nil: null }),
        lineItems: items(currency).map((list) => ({ items: list })),
        taxAmount: fc.record({ currency: fc.constant(currency), valueDecimal }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    );

  const loneSurrogate = fc.constantFrom('\uD800', 'a\uDC00b', '😀\uD83D');
  const badDecimal = fc.constantFrom('1.0000000001', '0.1234567890', '1,00', 'abc', '', '1e3', '--1', '1.');
  const badQuantity = fc.constantFrom<unknown>(2_147_483_648, -2_147_483_649, 1.5, '2', null, 1e20);
  const badDate = fc.constantFrom('2026-13-01T00:00:00Z', '2026-01-01', 'tomorrow', '2026-02-30T00:00:00Z', 42);
  const badCurrency = fc.constantFrom('usd', 'US', 'DOLLAR', 7);
  const unknownKey = fc.constantFrom('amount', 'Status', 'lineitems', 'extra', 'totalAmount');
  const tooLong = (max: number) => text(max + 1, max + 3);

  // One invalid change to a valid body: which field, and how.
  const invalidInvoiceUpdate = ({ currency = 'USD' }: InvoiceBodyOptions = {}): Arbitrary<unknown> => {
    const withItem = (change: (item: Record<string, unknown>) => Arbitrary<Record<string, unknown>>) =>
      fc.tuple(invoiceUpdate({ currency }), item(currency)).chain(([body, one]) =>
        change(one).map((changed) => ({ ...body, lineItems: { items: [...((body.lineItems as { items?: unknown[] } | undefined)?.items ?? []).slice(0, 1), changed] } })),
      );
    return fc.oneof(
      withItem((one) => fc.oneof(tooLong(150), fc.constant('')).map((name) => ({ ...one, name }))),
      withItem((one) => badDecimal.map((v) => ({ ...one, basePrice: { currency, valueDecimal: v } }))),
      withItem((one) => badQuantity.map((quantity) => ({ ...one, quantity }))),
      withItem((one) => loneSurrogate.map((name) => ({ ...one, name }))),
      withItem((one) => fc.constantFrom('name', 'quantity', 'basePrice').map((key) => Object.fromEntries(Object.entries(one).filter(([k]) => k !== key)))),
      withItem((one) => unknownKey.map((key) => ({ ...one, [key]: 1 }))),
      withItem((one) => tooLong(100).map((group) => ({ ...one, options: [{ name: 'Extra', quantity: 1, group }] }))),
      withItem((one) => tooLong(125).map((altText) => ({ ...one, images: [{ altText }] }))),
      withItem((one) => badCurrency.map((c) => ({ ...one, basePrice: { currency: c, valueDecimal: '1.00' } }))),
      invoiceUpdate({ currency }).chain((body) => badDate.map((dueDate) => ({ ...body, dueDate }))),
      invoiceUpdate({ currency }).chain((body) => badDecimal.map((v) => ({ ...body, taxAmount: { currency, valueDecimal: v } }))),
      invoiceUpdate({ currency }).chain((body) => loneSurrogate.map((description) => ({ ...body, description }))),
      invoiceUpdate({ currency }).chain((body) => unknownKey.map((key) => ({ ...body, [key]: 'x' }))),
      invoiceUpdate({ currency }).chain((body) => fc.constantFrom('void', 'PAID', '', 3).map((status) => ({ ...body, status }))),
      invoiceUpdate({ currency }).map((body) => ({ ...body, lineItems: { items: 'none' } })),
    );
  };

  const evidenceText = fc.record({ evidenceType: fc.constantFrom(...EVIDENCE_TYPES), text: text(0, 750) });
  const invalidEvidenceText = fc.oneof(
    evidenceText.chain((body) => tooLong(750).map((t) => ({ ...body, text: t }))),
    evidenceText.chain((body) => fc.constantFrom('invoice', 'RECEIPT', '', 1).map((evidenceType) => ({ ...body, evidenceType }))),
    evidenceText.chain((body) => loneSurrogate.map((t) => ({ ...body, text: t }))),
    evidenceText.chain((body) => fc.constantFrom('evidenceType', 'text').map((key) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== key)))),
    evidenceText.chain((body) => unknownKey.map((key) => ({ ...body, [key]: 'x' }))),
  );

  const walletSession = (domain: string) => fc.record({ domain: fc.constant(domain), displayName: text(1, 64) });
  const invalidWalletSession = (domain: string) =>
    fc.oneof(
      walletSession(domain).chain((body) => tooLong(64).map((displayName) => ({ ...body, displayName }))),
      walletSession(domain).chain((body) => fc.constantFrom(`https://${domain}`, `${domain}/pay`, '', 'a b.com').map((d) => ({ ...body, domain: d }))),
      walletSession(domain).chain((body) => loneSurrogate.map((displayName) => ({ ...body, displayName }))),
      walletSession(domain).chain((body) => fc.constantFrom('domain', 'displayName').map((key) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== key)))),
      walletSession(domain).chain((body) => unknownKey.map((key) => ({ ...body, [key]: 'x' }))),
    );

  const weekday = fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU');
  const recurrenceRule = fc
    .record({
      freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
      interval: fc.integer({ min: 1, max: 4 }),
      end: fc.oneof(fc.integer({ min: 1, max: 50 }).map((n) => `COUNT=${n}`), dateTime.map((d) => `UNTIL=${d.replace(/[-:]/g, '')}`)),
      byday: fc.option(fc.uniqueArray(weekday, { minLength: 1, maxLength: 3 }), { nil: undefined }),
      bymonthday: fc.option(fc.constantFrom(1, 15, 28, -1), { nil: undefined }),
    })
    .map(({ freq, interval, end, byday, bymonthday }) => {
      const parts = [`FREQ=${freq}`, `INTERVAL=${interval}`, end];
      if (byday !== undefined) parts.push(`BYDAY=${byday.join(',')}`);
      if (bymonthday !== undefined && (freq === 'MONTHLY' || freq === 'YEARLY')) parts.push(`BYMONTHDAY=${bymonthday}`);
      return parts.join(';');
    });

  const invoice = (currency = 'USD') =>
    fc
      .record({
        invoiceID: fc.uuid({ version: 4 }),
        invoiceNumber: fc.integer({ min: 1, max: 99_999 }).map((n) => `INV-${n}`),
        customerAccountID: fc.uuid({ version: 4 }),
        partnerAccountID: fc.uuid({ version: 4 }),
        createdOn: dateTime,
        status: fc.constantFrom(...INVOICE_STATUSES),
        quantity: fc.integer({ min: 1, max: 10 }),
        cents: fc.integer({ min: 0, max: 1_000_000 }),
        taxCents: fc.integer({ min: 0, max: 100_000 }),
      })
      .map(({ quantity, cents, taxCents, ...rest }) => {
        const money = (minor: number) => ({ currency, valueDecimal: (minor / 100).toFixed(2) });
        const zero = money(0);
        return {
          ...rest,
          lineItems: { items: [{ name: 'Item', quantity, basePrice: money(cents) }] },
          subtotalAmount: money(cents * quantity),
          taxAmount: money(taxCents),
          totalAmount: money(cents * quantity + taxCents),
          paidAmount: zero,
          pendingAmount: zero,
          refundedAmount: zero,
          disputedAmount: zero,
        };
      });

  return Object.freeze({
    valueDecimal,
    amountDecimal,
    amount,
    text,
    invoiceUpdate,
    invalidInvoiceUpdate,
    evidenceText,
    invalidEvidenceText,
    walletSession,
    invalidWalletSession,
    recurrenceRule,
    invoice,
  });
}
