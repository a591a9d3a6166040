// Documented rules of payments-kit/ids that the mutation run showed untested (issue 26): what
// each message says (docs/ids.md), the anchors of the UUID form, non-string arguments from
// untyped callers, and the base32 check on exactly 26 characters.
import { describe, expect, it } from 'vitest';
import { checkUuidBase32 } from '../../src/ids/base32.js';
import {
  NON_CANONICAL_TYPED_ID_MESSAGE,
  NOT_A_STRING_MESSAGE,
  RESOURCE_ID_MESSAGE,
  TYPE_SUFFIX_MESSAGE,
  UUID_MESSAGE,
  checkResourceId,
  formatTypedId,
  isUuid,
  parseResourceId,
} from '../../src/ids/index.js';

const UUID = '551c0c0d-0e49-7f49-640e-50b463340000';
const TYPED = 'kuoaydiojf7uszaokc2ggnaaaa_xfer';

describe('each message says the rule it reports (docs/ids.md)', () => {
  it('names the two forms and their parts', () => {
    expect(RESOURCE_ID_MESSAGE).toMatch(/^must be a Resource ID: a UUID \(8-4-4-4-12 hex digits\) or a typed ID /);
    expect(RESOURCE_ID_MESSAGE).toMatch(/26 lowercase base32 characters, "_", then a type suffix of 1 to 9 lowercase letters or digits/);
    expect(NON_CANONICAL_TYPED_ID_MESSAGE).toMatch(/^must be the canonical typed ID: .*2 spare bits zero /);
    expect(NON_CANONICAL_TYPED_ID_MESSAGE).toMatch(/one of a, e, i, m, q, u, y, 4/);
    expect(NOT_A_STRING_MESSAGE).toBe('must be a string');
    expect(UUID_MESSAGE).toMatch(/^must be a UUID of 8-4-4-4-12 hex digits/);
    expect(TYPE_SUFFIX_MESSAGE).toMatch(/^type suffix must be 1 to 9 lowercase letters or digits/);
  });

  it('gives them where the table of docs/ids.md says', () => {
    expect(parseResourceId(5 as never)).toEqual({ ok: false, error: NOT_A_STRING_MESSAGE });
    expect(checkResourceId('kuoaydiojf7uszaokc2ggnaaab_xfer')).toBe(NON_CANONICAL_TYPED_ID_MESSAGE);
    expect(checkResourceId('prod-1')).toBe(RESOURCE_ID_MESSAGE);
    expect(() => formatTypedId('551c0c0d', 'xfer')).toThrow(new TypeError(UUID_MESSAGE));
    expect(() => formatTypedId(UUID, 'Xfer')).toThrow(new TypeError(TYPE_SUFFIX_MESSAGE));
  });
});

describe('the UUID form is the whole string: nothing before or after it', () => {
  it.each([`x${UUID}`, `${UUID}x`, `urn:uuid:${UUID}`, ` ${UUID}`, `${UUID}\n`, `${UUID}0`])('refuses %j', (s) => {
    expect(isUuid(s)).toBe(false);
    expect(checkResourceId(s)).not.toBeUndefined();
  });
});

describe('formatTypedId refuses non-strings with its own TypeError', () => {
  it('an array holding a UUID is not a UUID, and an array holding a suffix is not a suffix', () => {
    expect(() => formatTypedId([UUID] as never, 'xfer')).toThrow(new TypeError(UUID_MESSAGE));
    expect(() => formatTypedId(UUID, ['xfer'] as never)).toThrow(new TypeError(TYPE_SUFFIX_MESSAGE));
    expect(formatTypedId(UUID, 'xfer')).toBe(TYPED);
  });
});

describe('checkUuidBase32 judges the first 26 characters', () => {
  it('accepts exactly 26 canonical characters, with or without a suffix after them', () => {
    expect(checkUuidBase32(TYPED.slice(0, 26))).toBeUndefined();
    expect(checkUuidBase32(TYPED)).toBeUndefined();
  });

  it('refuses fewer than 26 characters as outside the alphabet', () => {
    expect(checkUuidBase32(TYPED.slice(0, 25))).toBe('alphabet');
    expect(checkUuidBase32('')).toBe('alphabet');
  });

  it('tells spare bits from the alphabet', () => {
    expect(checkUuidBase32('kuoaydiojf7uszaokc2ggnaaab')).toBe('spare-bits');
    expect(checkUuidBase32('kuoaydiojf7uszaokc2ggnaaa1')).toBe('alphabet');
  });
});
