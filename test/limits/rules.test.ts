// Documented rules of payments-kit/limits that the mutation run showed untested (issue 26):
// what resolveRequestLimits says when it refuses an override, an entry left undefined, and
// hasSurrogate's own answers on short strings (its loop) and long ones (its pattern).
import { describe, expect, it } from 'vitest';
import { REQUEST_LIMITS, resolveRequestLimits } from '../../src/limits/index.js';
import { hasSurrogate } from '../../src/limits/text-length.js';

describe('resolveRequestLimits', () => {
  it('names the unknown limit and the bad value in its RangeError', () => {
    expect(() => resolveRequestLimits({ items: 5 } as never)).toThrow(new RangeError('unknown request limit "items"'));
    expect(() => resolveRequestLimits({ lineItems: 0 })).toThrow(new RangeError('request limit lineItems must be a positive safe integer, got 0'));
    expect(() => resolveRequestLimits({ fieldErrors: 2.5 })).toThrow(new RangeError('request limit fieldErrors must be a positive safe integer, got 2.5'));
  });

  it('reads an entry left undefined (untyped callers) as the default', () => {
    expect(resolveRequestLimits({ lineItems: undefined, fieldErrors: 3 } as never)).toEqual({ ...REQUEST_LIMITS, fieldErrors: 3 });
    expect(resolveRequestLimits({ lineItems: undefined } as never).lineItems).toBe(250);
  });
});

describe('hasSurrogate, on either side of its 32-unit switch from a loop to a pattern', () => {
  it.each([0, 1, 31, 32, 33, 100])('%i units: false without a surrogate, true with one anywhere', (length) => {
    expect(hasSurrogate('a'.repeat(length))).toBe(false);
    if (length === 0) return;
    for (const at of [0, length - 1]) {
      const units = [...'a'.repeat(length)];
      units[at] = '\uD83D';
      expect(hasSurrogate(units.join('')), `high at ${at}`).toBe(true);
      units[at] = '\uDE00';
      expect(hasSurrogate(units.join('')), `low at ${at}`).toBe(true);
    }
  });
});
