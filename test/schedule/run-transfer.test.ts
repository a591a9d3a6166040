import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LINE_ITEMS_TOTAL_FAILED_MESSAGE,
  LINE_ITEM_TOTAL_FIELD_MESSAGE,
  noMinorUnitMessage,
  runTransferCurrencyMessage,
  validateRunTransfer,
} from '../../src/schedule/run-transfer.js';

// Oracle: decimal.js with 60 significant digits (exact for every sum and product here).
const D = Decimal.clone({ precision: 60 });

// ISO 4217 minor-unit digits, as published (not read from src/amount).
const EXPONENT = { USD: 2, JPY: 0, KWD: 3, CLF: 4 } as const;
type Code = keyof typeof EXPONENT;

const endpoint = (id: string) => ({ paymentMethodID: id });
const base = (value: number, currency = 'USD') => ({
  amount: { currency, value },
  description: 'Monthly rent',
  partnerAccountID: 'partner-1',
  source: endpoint('pm-source'),
  destination: endpoint('pm-destination'),
});
const dec = (valueDecimal: string, currency = 'USD') => ({ currency, valueDecimal });
const item = (basePrice: string, quantity: number, options: unknown[] = [], currency = 'USD') => ({
  name: 'Item',
  basePrice: dec(basePrice, currency),
  quantity,
  options,
});
const option = (priceModifier: string, quantity: number, currency = 'USD') => ({
  name: 'Option',
  quantity,
  priceModifier: dec(priceModifier, currency),
});

const errorOf = (input: unknown): string => {
  const result = validateRunTransfer(input);
  if (result.ok) throw new Error('expected a failure');
  return result.error;
};

describe('validateRunTransfer: schema rules', () => {
  it('accepts a minimal run transfer and returns its validated value', () => {
    const result = validateRunTransfer(base(1000));
    expect(result).toEqual({ ok: true, value: base(1000) });
  });

  it('refuses a non-object', () => {
    for (const input of [null, [], 'x', 42, undefined]) expect(validateRunTransfer(input).ok).toBe(false);
  });

  it('names a missing required field', () => {
    const { description: _, ...rest } = base(1000);
    expect(errorOf(rest)).toContain('description');
  });

  it('names a bad nested field (unknown currency, fractional value, short ACH description)', () => {
    expect(errorOf({ ...base(1000), amount: { currency: 'XXY', value: 1 } })).toContain('amount.currency');
    expect(errorOf({ ...base(1000), amount: { currency: 'USD', value: 1.5 } })).toContain('amount.value');
    expect(
      errorOf({ ...base(1000), source: { paymentMethodID: 'pm', achDetails: { companyEntryDescription: 'abc' } } }),
    ).toContain('source.achDetails.companyEntryDescription');
  });
});

describe('validateRunTransfer: line items plus sales tax equal the amount', () => {
  it('accepts line items that add up exactly (2 x (4.50 + 1 x 0.75) + tax 0.80 = 11.30 USD)', () => {
    const input = { ...base(1130), lineItems: { items: [item('4.50', 2, [option('0.75', 1)])] }, salesTaxAmount: { currency: 'USD', value: 80 } };
    expect(validateRunTransfer(input).ok).toBe(true);
  });

  it('refuses a total one cent off, naming both amounts', () => {
    const input = { ...base(1131), lineItems: { items: [item('4.50', 2, [option('0.75', 1)])] }, salesTaxAmount: { currency: 'USD', value: 80 } };
    const message = errorOf(input);
    expect(message).toContain('amount');
    expect(message).toContain('salesTaxAmount');
    expect(message).toMatch(/is 11\.30* USD/);
    expect(message).toContain('11.31');
  });

  it('without salesTaxAmount the line items alone must equal the amount', () => {
    expect(validateRunTransfer({ ...base(900), lineItems: { items: [item('4.50', 2)] } }).ok).toBe(true);
    expect(errorOf({ ...base(901), lineItems: { items: [item('4.50', 2)] } })).toContain('9.01');
  });

  it('compares through the currency exponent: JPY has none, KWD three, CLF four', () => {
    expect(validateRunTransfer({ ...base(1500, 'JPY'), lineItems: { items: [item('500', 3, [], 'JPY')] } }).ok).toBe(true);
    expect(validateRunTransfer({ ...base(1500, 'JPY'), lineItems: { items: [item('5.00', 3, [], 'JPY')] } }).ok).toBe(false);
    expect(validateRunTransfer({ ...base(1234, 'KWD'), lineItems: { items: [item('1.234', 1, [], 'KWD')] } }).ok).toBe(true);
    expect(validateRunTransfer({ ...base(1234, 'USD'), lineItems: { items: [item('1.234', 1)] } }).ok).toBe(false);
    expect(validateRunTransfer({ ...base(12345, 'CLF'), lineItems: { items: [item('1.2345', 1, [], 'CLF')] } }).ok).toBe(true);
  });

  it('a total with more decimals than the currency never equals (no rounding): 10.005 USD', () => {
    expect(validateRunTransfer({ ...base(1000), lineItems: { items: [item('10.005', 1)] } }).ok).toBe(false);
    expect(validateRunTransfer({ ...base(1001), lineItems: { items: [item('10.005', 1)] } }).ok).toBe(false);
  });

  it('extra decimals that cancel out are exact: 8 x 0.125 = 1.000 USD', () => {
    expect(validateRunTransfer({ ...base(100), lineItems: { items: [item('0.125', 8)] } }).ok).toBe(true);
    expect(validateRunTransfer({ ...base(100), lineItems: { items: [item('0.333333333', 3)] } }).ok).toBe(false);
  });

  it('negative modifiers, zero quantities and options without a modifier', () => {
    const items = [
      item('10.00', 1, [option('-2.50', 1), { name: 'No charge', quantity: 3 }]),
      item('99.99', 0),
    ];
    expect(validateRunTransfer({ ...base(750), lineItems: { items } }).ok).toBe(true);
  });

  it('an empty items list totals zero (decision)', () => {
    expect(validateRunTransfer({ ...base(0), lineItems: { items: [] } }).ok).toBe(true);
    expect(validateRunTransfer({ ...base(80), lineItems: { items: [] }, salesTaxAmount: { currency: 'USD', value: 80 } }).ok).toBe(true);
    expect(validateRunTransfer({ ...base(100), lineItems: { items: [] } }).ok).toBe(false);
  });

  it('salesTaxAmount without line items is not totalled (decision)', () => {
    expect(validateRunTransfer({ ...base(100), salesTaxAmount: { currency: 'USD', value: 500 } }).ok).toBe(true);
  });

  it('works with int64-sized amounts (no float rounding)', () => {
    // 9007199254740991 cents = 90071992547409.91 USD.
    const input = { ...base(9_007_199_254_740_991), lineItems: { items: [item('90071992547409.90', 1)] }, salesTaxAmount: { currency: 'USD', value: 1 } };
    expect(validateRunTransfer(input).ok).toBe(true);
    expect(validateRunTransfer({ ...input, salesTaxAmount: { currency: 'USD', value: 2 } }).ok).toBe(false);
  });

  it('requires the fields a line total needs (schedule items mark none required)', () => {
    const message = errorOf({
      ...base(100),
      lineItems: { items: [{ name: 'A', quantity: 1 }, { name: 'B', basePrice: dec('1.00') }, { basePrice: dec('1.00'), quantity: 1, options: [{ name: 'o', priceModifier: dec('0.10') }] }] },
    });
    expect(message).toContain(`lineItems.items[0].basePrice: ${LINE_ITEM_TOTAL_FIELD_MESSAGE}`);
    expect(message).toContain(`lineItems.items[1].quantity: ${LINE_ITEM_TOTAL_FIELD_MESSAGE}`);
    expect(message).toContain(`lineItems.items[2].options[0].quantity: ${LINE_ITEM_TOTAL_FIELD_MESSAGE}`);
  });

  it('an option with neither modifier nor quantity needs nothing', () => {
    expect(validateRunTransfer({ ...base(100), lineItems: { items: [{ basePrice: dec('1.00'), quantity: 1, options: [{ name: 'gift wrap' }] }] } }).ok).toBe(true);
  });
});

describe('validateRunTransfer: totals the arithmetic refuses', () => {
  it('a currency with no minor unit (XAU) cannot be totalled against line items', () => {
    expect(validateRunTransfer(base(5, 'XAU')).ok).toBe(true);
    expect(errorOf({ ...base(5, 'XAU'), lineItems: { items: [item('5', 1, [], 'XAU')] } })).toBe(noMinorUnitMessage('XAU'));
  });

  it('a line total beyond the exact range is an error, not a crash or a rounding', () => {
    const message = errorOf({ ...base(100), lineItems: { items: [item('9223372036854775807', 2)] } });
    expect(message.startsWith(LINE_ITEMS_TOTAL_FAILED_MESSAGE)).toBe(true);
  });
});

describe('validateRunTransfer: currencies agree', () => {
  it('refuses salesTaxAmount in another currency', () => {
    expect(errorOf({ ...base(100), salesTaxAmount: { currency: 'EUR', value: 0 } })).toBe(
      runTransferCurrencyMessage('salesTaxAmount', 'EUR', 'USD'),
    );
  });

  it('refuses a basePrice or priceModifier in another currency, naming each', () => {
    const message = errorOf({
      ...base(100),
      lineItems: { items: [item('1.00', 1, [option('0.00', 1, 'EUR')]), item('0.00', 1, [], 'GBP')] },
    });
    expect(message).toContain(runTransferCurrencyMessage('lineItems.items[0].options[0].priceModifier', 'EUR', 'USD'));
    expect(message).toContain(runTransferCurrencyMessage('lineItems.items[1].basePrice', 'GBP', 'USD'));
  });

  it('refuses a mismatch even when the numbers would add up', () => {
    expect(validateRunTransfer({ ...base(100), lineItems: { items: [item('1.00', 1, [], 'EUR')] } }).ok).toBe(false);
  });
});

describe('validateRunTransfer: properties (oracle: decimal.js, precision 60)', () => {
  const code = fc.constantFrom<Code>('USD', 'JPY', 'KWD', 'CLF');
  // A decimal string with up to `digits` places, as minor units scaled down.
  const priced = (exp: number) =>
    fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }).map((minor) => new D(minor.toString()).div(new D(10).pow(exp)).toFixed(exp));
  const lineItems = (exp: number) =>
    fc.array(
      fc.record({
        basePrice: priced(exp),
        quantity: fc.integer({ min: 0, max: 1000 }),
        options: fc.array(fc.record({ priceModifier: priced(exp), quantity: fc.integer({ min: -5, max: 5 }) }), { maxLength: 3 }),
      }),
      { maxLength: 5 },
    );
  const caseArb = code.chain((currency) =>
    fc.record({ currency: fc.constant(currency), items: lineItems(EXPONENT[currency]), tax: fc.option(fc.integer({ min: 0, max: 10 ** 9 }), { nil: undefined }) }),
  );

  type Generated = {
    currency: Code;
    items: { basePrice: string; quantity: number; options: { priceModifier: string; quantity: number }[] }[];
    tax: number | undefined;
  };
  type Money = { currency: string; valueDecimal: string };
  type Body = ReturnType<typeof base> & {
    lineItems: { items: { name: string; quantity: number; basePrice: Money; options: { name: string; quantity: number; priceModifier: Money }[] }[] };
    salesTaxAmount?: { currency: string; value: number };
  };
  const build = (c: Generated, delta: number): Body => {
    const exp = EXPONENT[c.currency];
    let total = new D(0);
    for (const it of c.items) {
      let unit = new D(it.basePrice);
      for (const o of it.options) unit = unit.plus(new D(o.priceModifier).times(o.quantity));
      total = total.plus(unit.times(it.quantity));
    }
    const minor = total.times(new D(10).pow(exp)).plus(c.tax ?? 0).plus(delta);
    expect(minor.isInteger()).toBe(true);
    return {
      ...base(minor.toNumber(), c.currency),
      lineItems: {
        items: c.items.map((it) => ({
          name: 'x',
          quantity: it.quantity,
          basePrice: dec(it.basePrice, c.currency),
          options: it.options.map((o) => ({ name: 'o', quantity: o.quantity, priceModifier: dec(o.priceModifier, c.currency) })),
        })),
      },
      ...(c.tax === undefined ? {} : { salesTaxAmount: { currency: c.currency, value: c.tax } }),
    };
  };

  it('line items whose total plus tax equals the amount pass', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        expect(validateRunTransfer(build(c, 0))).toMatchObject({ ok: true });
      }),
    );
  });

  it('one minor unit off either way fails', () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom(-1, 1), (c, delta) => {
        const result = validateRunTransfer(build(c, delta));
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error).toMatch(/^amount: lineItems total/);
      }),
    );
  });

  it('a currency mismatch anywhere fails', () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom('tax', 'base', 'modifier'), (c, where) => {
        const input = build(c, 0);
        const other = c.currency === 'USD' ? 'EUR' : 'USD';
        if (where === 'tax') input.salesTaxAmount = { currency: other, value: 0 };
        else if (where === 'base') input.lineItems.items.push({ name: 'y', quantity: 0, basePrice: dec('0', other), options: [] });
        else input.lineItems.items.push({ name: 'y', quantity: 0, basePrice: dec('0', c.currency), options: [{ name: 'o', quantity: 0, priceModifier: dec('0', other) }] });
        const result = validateRunTransfer(input);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error).toContain(`does not match amount.currency ${c.currency}`);
      }),
    );
  });
});
