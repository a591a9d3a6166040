// The invoice module's own words (issue 26: a test that compares a message with its own
// constant cannot notice it is empty).
import { describe, expect, it } from 'vitest';
import { NOW_INVALID_MESSAGE, applyInvoiceUpdate } from '../../src/invoice/index.js';
import { makeInvoice } from './fixtures.js';

describe('applyInvoiceUpdate refuses a bad now in its own words', () => {
  it('says it needs options.now to be a valid Date', () => {
    expect(NOW_INVALID_MESSAGE).toBe('applyInvoiceUpdate needs options.now to be a valid Date');
    expect(() => applyInvoiceUpdate(makeInvoice(), {}, { now: new Date(Number.NaN) })).toThrow(new TypeError(NOW_INVALID_MESSAGE));
  });
});
