// The documented performance rule of lineItemTotal and invoiceTotals: "in the common case one
// pass over scaled safe integers, else BigInt" (src/invoice/totals.ts). Results cannot show
// which path answered (both are exact: test/invoice/fast-paths.test.ts), so this file counts
// calls into the amount module's BigInt-backed functions: none for amounts whose scaled
// values stay within 2^53, at every boundary of the fused path (the largest safe sum, both
// signs, mixed scales in either order, a tax with more places than the items); and the
// fallback for what is past it.
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/amount/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/amount/index.js')>();
  return {
    ...actual,
    addDecimal: vi.fn(actual.addDecimal),
    multiplyDecimal: vi.fn(actual.multiplyDecimal),
    sumDecimal: vi.fn(actual.sumDecimal),
  };
});

const amount = await import('../../src/amount/index.js');
const { TOTALS_CURRENCY_UNKNOWN_MESSAGE, invoiceTotals, lineItemTotal } = await import('../../src/invoice/index.js');
type LineItem = import('../../src/invoice/index.js').LineItem;

const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });
const item = (valueDecimal: string, quantity = 1, options?: LineItem['options']): LineItem =>
  options === undefined ? { name: 'x', quantity, basePrice: usd(valueDecimal) } : { name: 'x', quantity, basePrice: usd(valueDecimal), options };
const exactCalls = () =>
  vi.mocked(amount.addDecimal).mock.calls.length + vi.mocked(amount.multiplyDecimal).mock.calls.length + vi.mocked(amount.sumDecimal).mock.calls.length;

afterEach(() => {
  vi.mocked(amount.addDecimal).mockClear();
  vi.mocked(amount.multiplyDecimal).mockClear();
  vi.mocked(amount.sumDecimal).mockClear();
});

describe('the fused path answers whatever stays within 2^53, without the BigInt functions', () => {
  it.each<[string, LineItem[], string | undefined, string, string]>([
    ['one small line', [item('4.50', 2)], '0.48', '9.00', '9.48'],
    ['a line with options', [item('4.50', 2, [{ name: 'o', quantity: 1, priceModifier: usd('0.75') }])], undefined, '10.50', '10.50'],
    ['the largest safe total, positive', [item('9007199254740990')], '1', '9007199254740990', '9007199254740991'],
    ['the largest safe total, negative', [item('-9007199254740990')], '-1', '-9007199254740990', '-9007199254740991'],
    ['the largest safe subtotal, two lines', [item('4503599627370495'), item('4503599627370496')], undefined, '9007199254740991', '9007199254740991'],
    ['the smallest safe subtotal, two lines', [item('-4503599627370495'), item('-4503599627370496')], undefined, '-9007199254740991', '-9007199254740991'],
    ['more places later (the subtotal is rescaled)', [item('1'), item('0.25')], undefined, '1.25', '1.25'],
    ['more places first (the new line is rescaled)', [item('0.25'), item('1')], undefined, '1.25', '1.25'],
    ['a tax with more places than the lines', [item('1.5')], '0.005', '1.5', '1.505'],
    ['a tax with fewer places than the lines', [item('1.005')], '2', '1.005', '3.005'],
    ['no lines', [], '0.10', '0', '0.10'],
  ])('%s', (_, items, tax, subtotal, total) => {
    const totals = invoiceTotals({ items }, tax === undefined ? undefined : usd(tax), { currency: 'USD' });
    expect([totals.subtotalAmount.valueDecimal, totals.totalAmount.valueDecimal]).toEqual([subtotal, total]);
    for (const line of items) lineItemTotal(line);
    expect(exactCalls()).toBe(0);
  });
});

describe('past 2^53 the exact path answers', () => {
  it('a line, a subtotal or a total past it goes through the BigInt functions', () => {
    expect(lineItemTotal(item('9007199254740991', 2)).valueDecimal).toBe('18014398509481982');
    expect(exactCalls()).toBeGreaterThan(0);
    vi.mocked(amount.multiplyDecimal).mockClear();
    expect(invoiceTotals({ items: [item('9007199254740991'), item('2')] }).subtotalAmount.valueDecimal).toBe('9007199254740993');
    expect(exactCalls()).toBeGreaterThan(0);
  });

  it('a tax in another currency is refused by the exact path', () => {
    expect(() => invoiceTotals({ items: [item('1')] }, { currency: 'EUR', valueDecimal: '1' })).toThrow(amount.CurrencyMismatchError);
  });

  it('without any currency it says what it needs', () => {
    expect(() => invoiceTotals({ items: [] })).toThrow(new RangeError(TOTALS_CURRENCY_UNKNOWN_MESSAGE));
    expect(TOTALS_CURRENCY_UNKNOWN_MESSAGE).toBe('invoiceTotals needs a currency: give a taxAmount, at least one line item, or options.currency');
  });
});
