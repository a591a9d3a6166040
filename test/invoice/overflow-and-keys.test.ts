// What the invoice module reports where (issue 26): which errors count as "out of range",
// where locateOverflow points, and the position keys of the 422 bodies when an element has
// no usable name or is not in the list the issue names.
import { describe, expect, it } from 'vitest';
import { AmountError, CurrencyMismatchError } from '../../src/amount/index.js';
import {
  LINE_TOTAL_RANGE_MESSAGE,
  currencyMismatchMessage,
  isOutOfRange,
  locateOverflow,
} from '../../src/invoice/index.js';
import { addCurrencyErrors, currencyErrorBody, rangeErrorBody } from '../../src/invoice/error-body.js';
import type { LineItem } from '../../src/invoice/index.js';

const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });
const BIG = '9223372036854775807'; // 2^63 - 1
const item = (name: string, valueDecimal: string, quantity = 1): LineItem => ({ name, quantity, basePrice: usd(valueDecimal) });
const MSG = currencyMismatchMessage('USD', 'EUR');

describe('isOutOfRange: only the amount module out-of-range error', () => {
  it('is true for decimal-out-of-range and false for every other amount error and anything else', () => {
    expect(isOutOfRange(new AmountError('decimal-out-of-range', 'x'))).toBe(true);
    for (const code of ['malformed-decimal', 'too-many-decimal-places', 'unsafe-integer', 'invalid-factor', 'product-too-precise'] as const) {
      expect(isOutOfRange(new AmountError(code, 'x')), code).toBe(false);
    }
    expect(isOutOfRange(new CurrencyMismatchError('USD', 'EUR'))).toBe(false);
    expect(isOutOfRange(new RangeError('decimal-out-of-range'))).toBe(false);
    expect(isOutOfRange({ code: 'decimal-out-of-range' })).toBe(false);
    expect(isOutOfRange(undefined)).toBe(false);
  });
});

describe('locateOverflow: the first amount that leaves the range', () => {
  const tax = usd('1');

  it('the first item whose line total does not fit, by position', () => {
    expect(locateOverflow({ items: [item('a', '1'), item('b', BIG, 2), item('c', BIG, 3)] }, tax)).toEqual({ at: 'item', item: 1 });
    expect(locateOverflow({ items: [item('a', BIG, -2)] }, tax)).toEqual({ at: 'item', item: 0 });
  });

  it('the subtotal when every line fits and their sum does not', () => {
    expect(locateOverflow({ items: [item('a', BIG), item('b', '1')] }, tax)).toEqual({ at: 'subtotal' });
    expect(locateOverflow({ items: [item('a', `-${BIG}`), item('b', '-1')] }, tax)).toEqual({ at: 'subtotal' });
  });

  it('the total when the subtotal fits and the tax takes it out', () => {
    expect(locateOverflow({ items: [item('a', BIG)] }, tax)).toEqual({ at: 'total' });
    expect(locateOverflow({ items: [item('a', `-${BIG}`)] }, usd('-0.000000001'))).toEqual({ at: 'total' });
  });

  it('rethrows an error that is not out of range instead of reporting a place', () => {
    expect(() => locateOverflow({ items: [item('a', '1.')] }, tax)).toThrow(AmountError);
    const mixed: LineItem = { name: 'm', quantity: 1, basePrice: usd('1'), options: [{ name: 'o', quantity: 1, priceModifier: { currency: 'EUR', valueDecimal: '1' } }] };
    expect(() => locateOverflow({ items: [mixed] }, tax)).toThrow(CurrencyMismatchError);
  });
});

describe('position keys when an element has no usable name', () => {
  it('an issue on an item the list does not hold is keyed by its position', () => {
    expect(addCurrencyErrors({}, [], [{ at: 'basePrice', item: 2, currency: 'EUR' }], 'USD')).toEqual({
      lineItems: { items: { '[2]': { basePrice: { currency: MSG } } } },
    });
  });

  it('an issue on an option of an item the list does not hold (or that is not an object) is keyed by positions', () => {
    const issue = { at: 'priceModifier' as const, item: 1, option: 2, currency: 'EUR' };
    const want = { lineItems: { items: { '[1]': { options: { '[2]': { priceModifier: { currency: MSG } } } } } } };
    expect(addCurrencyErrors({}, [{ name: 'Tea' }], [issue], 'USD')).toEqual(want);
    expect(addCurrencyErrors({}, [{ name: 'Tea' }, 'x'], [issue], 'USD')).toEqual(want);
  });

  it('an issue on an option of an item without an options array is keyed by its position', () => {
    const items = [{ name: 'Tea' }, { name: 'Cake', options: 'none' }];
    expect(
      addCurrencyErrors({}, items, [
        { at: 'priceModifier', item: 0, option: 1, currency: 'EUR' },
        { at: 'priceModifier', item: 1, option: 0, currency: 'EUR' },
      ], 'USD'),
    ).toEqual({
      lineItems: {
        items: {
          Tea: { options: { '[1]': { priceModifier: { currency: MSG } } } },
          Cake: { options: { '[0]': { priceModifier: { currency: MSG } } } },
        },
      },
    });
  });

  it('items and options without a usable name (none, empty, not a string, too long) are keyed by position', () => {
    const options = [{ name: '' }, { quantity: 1 }, { name: 'x'.repeat(151) }, { name: 'Milk' }];
    const items = [{ name: 7, options }, { name: 'Tea' }];
    const issues = [0, 1, 2, 3].map((option) => ({ at: 'priceModifier' as const, item: 0, option, currency: 'EUR' }));
    expect(addCurrencyErrors({}, items, issues, 'USD')).toEqual({
      lineItems: {
        items: {
          '[0]': {
            options: {
              '[0]': { priceModifier: { currency: MSG } },
              '[1]': { priceModifier: { currency: MSG } },
              '[2]': { priceModifier: { currency: MSG } },
              Milk: { priceModifier: { currency: MSG } },
            },
          },
        },
      },
    });
  });

  it('currencyErrorBody of an update without line items keys an item issue by position', () => {
    expect(currencyErrorBody({}, [{ at: 'basePrice', item: 0, currency: 'EUR' }], 'USD')).toEqual({
      lineItems: { items: { '[0]': { basePrice: { currency: MSG } } } },
    });
  });

  it('rangeErrorBody keys the item by name, else by position, with an own plain key', () => {
    const update = { lineItems: { items: [item('', '1'), item('__proto__', '1')] } };
    expect(rangeErrorBody(update, { at: 'item', item: 0 })).toEqual({ lineItems: { items: { '[0]': LINE_TOTAL_RANGE_MESSAGE } } });
    expect(rangeErrorBody({}, { at: 'item', item: 3 })).toEqual({ lineItems: { items: { '[3]': LINE_TOTAL_RANGE_MESSAGE } } });
    const body = rangeErrorBody(update, { at: 'item', item: 1 });
    const items = (body.lineItems as { items: Record<string, unknown> }).items;
    expect(Object.getOwnPropertyDescriptor(items, '__proto__')).toEqual({ value: LINE_TOTAL_RANGE_MESSAGE, enumerable: true, writable: true, configurable: true });
    expect(Object.getPrototypeOf(items)).toBe(Object.prototype);
  });

  it('adds nothing when there is no issue: the body is returned as it was', () => {
    const body = { description: 'must be a string' };
    expect(addCurrencyErrors(body, [], [], 'USD')).toBe(body);
    expect(body).toEqual({ description: 'must be a string' });
  });
});
