import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FIELD_LIMITS,
  LONE_SURROGATE_MESSAGE,
  checkTextLength,
  tooLongMessage,
  tooShortMessage,
} from '../../src/limits/index.js';
import { isWithinTextLength } from '../../src/limits/check-text-length.js';

describe('checkTextLength', () => {
  it('says what the limit is', () => {
    expect(tooLongMessage(64)).toBe('must be at most 64 characters');
    expect(tooShortMessage(4)).toBe('must be at least 4 characters');
    expect(tooShortMessage(1)).toBe('must be at least 1 character');
    expect(LONE_SURROGATE_MESSAGE).toBe('must not contain a lone surrogate');
  });

  it('accepts exactly max characters and refuses max + 1', () => {
    expect(checkTextLength('x'.repeat(64), FIELD_LIMITS.displayName)).toBeUndefined();
    expect(checkTextLength('x'.repeat(65), FIELD_LIMITS.displayName)).toBe(tooLongMessage(64));
    expect(checkTextLength('x'.repeat(750), FIELD_LIMITS.evidenceText)).toBeUndefined();
    expect(checkTextLength('x'.repeat(751), FIELD_LIMITS.evidenceText)).toBe(tooLongMessage(750));
  });

  it('accepts exactly min characters and refuses min - 1', () => {
    expect(checkTextLength('abcd', FIELD_LIMITS.companyEntryDescription)).toBeUndefined();
    expect(checkTextLength('abc', FIELD_LIMITS.companyEntryDescription)).toBe(tooShortMessage(4));
    expect(checkTextLength('a', FIELD_LIMITS.lineItemName)).toBeUndefined();
    expect(checkTextLength('', FIELD_LIMITS.lineItemName)).toBe(tooShortMessage(1));
  });

  it('accepts the empty string where there is no minimum', () => {
    expect(checkTextLength('', FIELD_LIMITS.displayName)).toBeUndefined();
    expect(checkTextLength('', FIELD_LIMITS.optionGroup)).toBeUndefined();
  });

  it('64 emoji are a valid displayName (code points, not UTF-16 units); 65 are not', () => {
    expect(checkTextLength('😀'.repeat(64), FIELD_LIMITS.displayName)).toBeUndefined();
    expect(checkTextLength('😀'.repeat(65), FIELD_LIMITS.displayName)).toBe(tooLongMessage(64));
  });

  it('counts a combining mark on its own (code points, not grapheme clusters)', () => {
    // Two graphemes, four code points: long enough for a 4-character minimum.
    expect(checkTextLength('e\u0301e\u0301', FIELD_LIMITS.dynamicDescriptor)).toBeUndefined();
    // Eleven code points (ten graphemes): too long for a 10-character maximum.
    expect(checkTextLength('abcdefghie\u0301', FIELD_LIMITS.companyEntryDescription)).toBe(
      tooLongMessage(10),
    );
  });

  it('allows NUL and other control characters (no documented rule forbids them)', () => {
    expect(checkTextLength('\u0000\u0001\n\t', FIELD_LIMITS.companyEntryDescription)).toBeUndefined();
  });

  it('refuses a lone surrogate even when the length is fine', () => {
    expect(checkTextLength('ab\ud800cd', FIELD_LIMITS.displayName)).toBe(LONE_SURROGATE_MESSAGE);
    expect(checkTextLength('\udc00', FIELD_LIMITS.lineItemName)).toBe(LONE_SURROGATE_MESSAGE);
  });

  it('reports the lone surrogate before the length', () => {
    expect(checkTextLength('\ud800'.repeat(100), FIELD_LIMITS.displayName)).toBe(LONE_SURROGATE_MESSAGE);
    expect(checkTextLength('\ud800', FIELD_LIMITS.companyEntryDescription)).toBe(LONE_SURROGATE_MESSAGE);
  });

  it('for any well-formed string and range, passes exactly when min <= code points <= max', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        fc.nat(20),
        fc.nat(20),
        (s, a, b) => {
          const limit = { min: Math.min(a, b), max: Math.max(a, b) };
          const length = Array.from(s).length;
          const expected =
            length < limit.min ? tooShortMessage(limit.min) : length > limit.max ? tooLongMessage(limit.max) : undefined;
          return checkTextLength(s, limit) === expected;
        },
      ),
    );
  });
});

describe('isWithinTextLength', () => {
  it('is true exactly where checkTextLength passes, lone surrogates, astral characters and both bounds included', () => {
    const limit = FIELD_LIMITS.companyEntryDescription; // 4 to 10
    const cases = ['', 'abc', 'abcd', 'x'.repeat(10), 'x'.repeat(11), '😀😀😀😀', '😀'.repeat(10), '😀'.repeat(11), 'abcd\ud800', '\udc00abcd'];
    for (const s of cases) expect(isWithinTextLength(s, limit), JSON.stringify(s)).toBe(checkTextLength(s, limit) === undefined);
    expect(isWithinTextLength('', FIELD_LIMITS.displayName)).toBe(true);
    expect(isWithinTextLength('\ud800', FIELD_LIMITS.displayName)).toBe(false);
  });

  it('for any string, lone surrogates included, and any range, agrees with checkTextLength', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom('\ud800', '\udc00', '😀'), fc.string({ minLength: 1, maxLength: 1 })), maxLength: 30 }), fc.nat(20), fc.nat(20), fc.boolean(), (s, a, b, withMin) => {
        const limit = withMin ? { min: Math.min(a, b), max: Math.max(a, b) } : { max: a };
        return isWithinTextLength(s, limit) === (checkTextLength(s, limit) === undefined);
      }),
    );
  });
});
