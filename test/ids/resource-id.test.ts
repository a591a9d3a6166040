import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { anyText } from '../limits/code-points.js';
import { describe, expect, it } from 'vitest';
import {
  NON_CANONICAL_TYPED_ID_MESSAGE,
  NOT_A_STRING_MESSAGE,
  RESOURCE_ID_MESSAGE,
  TYPE_SUFFIX_MESSAGE,
  UUID_MESSAGE,
  checkResourceId,
  formatTypedId,
  isResourceId,
  parseResourceId,
} from '../../src/ids/index.js';
import { RESOURCE_ID_PATTERN } from '../../src/schemas/resource-id.js';
import { referenceBase32OfUuid, uuidOfBytes } from './reference.js';

const ANCHOR_ID = 'kuoaydiojf7uszaokc2ggnaaaa_xfer';
const ANCHOR_UUID = '551c0c0d-0e49-7f49-640e-50b463340000';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Any 16 bytes as a lowercase UUID: no version or variant bits are implied. */
const anyUuid = fc.uint8Array({ minLength: 16, maxLength: 16 }).map(uuidOfBytes);
const anySuffix = fc.stringMatching(/^[a-z0-9]{1,9}$/);
const anyTypedId = fc.tuple(anyUuid, anySuffix).map(([u, t]) => formatTypedId(u, t));

function hasPython(): boolean {
  try {
    execFileSync('python3', ['-c', 'pass'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function refusedWith(s: string): string | undefined {
  const result = parseResourceId(s);
  return result.ok ? undefined : result.error;
}

describe('the anchor example', () => {
  it(`${ANCHOR_ID} is ${ANCHOR_UUID}`, () => {
    expect(parseResourceId(ANCHOR_ID)).toStrictEqual({
      ok: true,
      value: { form: 'typed', uuid: ANCHOR_UUID, type: 'xfer' },
    });
    expect(formatTypedId(ANCHOR_UUID, 'xfer')).toBe(ANCHOR_ID);
  });

  it('agrees with the BigInt reference encoder', () => {
    expect(`${referenceBase32OfUuid(ANCHOR_UUID)}_xfer`).toBe(ANCHOR_ID);
  });

  // Python is looked for when this test runs, not while the file loads: a mutation run loads
  // this file once for each mutant.
  it('agrees with python base64.b32encode on the anchor and 200 random UUIDs', (context) => {
    if (!hasPython()) context.skip();
    const uuids = [ANCHOR_UUID, ...fc.sample(anyUuid, { numRuns: 200, seed: 7 })];
    const script =
      'import base64,sys,uuid\n' +
      'for line in sys.stdin.read().split():\n' +
      '  print(base64.b32encode(uuid.UUID(line).bytes).decode().rstrip("=").lower())';
    const lines = execFileSync('python3', ['-c', script], { input: uuids.join('\n') }).toString().trim().split('\n');
    expect(lines[0]).toBe(ANCHOR_ID.slice(0, 26));
    expect(uuids.map((u) => formatTypedId(u, 't').slice(0, 26))).toStrictEqual(lines);
  });
});

describe('parseResourceId: UUID form', () => {
  it('accepts either case and returns lowercase', () => {
    expect(parseResourceId(ANCHOR_UUID.toUpperCase())).toStrictEqual({
      ok: true,
      value: { form: 'uuid', uuid: ANCHOR_UUID },
    });
    expect(parseResourceId('551C0c0D-0e49-7F49-640e-50B463340000')).toStrictEqual({
      ok: true,
      value: { form: 'uuid', uuid: ANCHOR_UUID },
    });
  });

  it('has no `type` key for the UUID form', () => {
    const result = parseResourceId(ANCHOR_UUID);
    expect(result.ok && Object.hasOwn(result.value, 'type')).toBe(false);
  });

  it('does not check version or variant bits (only the 8-4-4-4-12 shape is documented)', () => {
    expect(isResourceId('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(isResourceId('ffffffff-ffff-ffff-ffff-ffffffffffff')).toBe(true);
    expect(isResourceId(ANCHOR_UUID)).toBe(true); // version 7, variant bits 0b01 (not RFC 9562)
  });

  it('accepts any 16 bytes in any casing', () => {
    fc.assert(
      fc.property(anyUuid, fc.array(fc.boolean(), { minLength: 36, maxLength: 36 }), (u, upper) => {
        const cased = [...u].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
        const result = parseResourceId(cased);
        return result.ok && result.value.form === 'uuid' && result.value.uuid === u;
      }),
    );
  });

  it.each([
    [ANCHOR_UUID.replace(/-/g, '')],
    [`${ANCHOR_UUID.slice(0, 35)}`],
    [` ${ANCHOR_UUID.slice(1)}`],
    [`{${ANCHOR_UUID.slice(1, 35)}}`],
    ['551c0c0d0-e49-7f49-640e-50b463340000'], // hyphen in the wrong place
    ['551c0c0g-0e49-7f49-640e-50b463340000'], // not hex
    ['551c0c0d_0e49_7f49_640e_50b463340000'],
    [''],
  ])('refuses %j', (s) => {
    expect(refusedWith(s)).toBe(RESOURCE_ID_MESSAGE);
  });

  it.each([[`{${ANCHOR_UUID}}`], [`urn:uuid:${ANCHOR_UUID}`], [` ${ANCHOR_UUID}`], [`${ANCHOR_UUID}\n`]])(
    'refuses %j (braces, URN, whitespace: longer than 36)',
    (s) => {
      expect(refusedWith(s)).toBe('must be at most 36 characters');
    },
  );
});

describe('parseResourceId: typed form', () => {
  it('round-trips every UUID and suffix through formatTypedId', () => {
    fc.assert(
      fc.property(anyUuid, anySuffix, (u, t) => {
        const result = parseResourceId(formatTypedId(u, t));
        return result.ok && result.value.form === 'typed' && result.value.uuid === u && result.value.type === t;
      }),
    );
  });

  it('encodes like the BigInt reference for every UUID', () => {
    fc.assert(fc.property(anyUuid, (u) => formatTypedId(u, 'x') === `${referenceBase32OfUuid(u)}_x`));
  });

  it('formatTypedId takes the UUID in either case', () => {
    fc.assert(fc.property(anyUuid, anySuffix, (u, t) => formatTypedId(u.toUpperCase(), t) === formatTypedId(u, t)));
  });

  it('every typed ID is at most 36 characters; the longest suffix reaches exactly 36', () => {
    fc.assert(fc.property(anyTypedId, (id) => id.length <= 36));
    expect(formatTypedId(ANCHOR_UUID, 'abcdefghi')).toHaveLength(36);
  });

  it('refuses non-zero spare bits (a second spelling of the same UUID)', () => {
    expect(refusedWith('kuoaydiojf7uszaokc2ggnaaab_xfer')).toBe(NON_CANONICAL_TYPED_ID_MESSAGE);
    fc.assert(
      fc.property(anyTypedId, fc.integer({ min: 1, max: 3 }), (id, spare) => {
        const last = BASE32.indexOf(id.charAt(25));
        const flipped = `${id.slice(0, 25)}${BASE32.charAt(last | spare)}${id.slice(26)}`;
        return refusedWith(flipped) === NON_CANONICAL_TYPED_ID_MESSAGE;
      }),
    );
  });

  it('refuses any uppercase letter in the base32 part', () => {
    fc.assert(
      fc.property(anyTypedId, fc.nat(25), (id, at) => {
        fc.pre(/[a-z]/.test(id.charAt(at)));
        const upper = `${id.slice(0, at)}${id.charAt(at).toUpperCase()}${id.slice(at + 1)}`;
        return refusedWith(upper) === RESOURCE_ID_MESSAGE;
      }),
    );
  });

  it('refuses any character outside a-z2-7 (0, 1, 8, 9, =, and others) in the base32 part', () => {
    fc.assert(
      fc.property(anyTypedId, fc.nat(25), fc.constantFrom('0', '1', '8', '9', '=', '-', '_', 'é', ' '), (id, at, c) => {
        return !isResourceId(`${id.slice(0, at)}${c}${id.slice(at + 1)}`);
      }),
    );
  });

  it('refuses padding', () => {
    expect(isResourceId('kuoaydiojf7uszaokc2ggnaaaa======_xfer')).toBe(false);
    expect(isResourceId('kuoaydiojf7uszaokc2ggnaaaa=_xfer')).toBe(false);
    expect(isResourceId('kuoaydiojf7uszaokc2ggnaaa=_xfer')).toBe(false);
  });

  it('refuses 25 or 27 base32 characters', () => {
    fc.assert(
      fc.property(anyTypedId, fc.nat(25), fc.constantFrom(...BASE32), (id, at, c) => {
        const shorter = `${id.slice(0, at)}${id.slice(at + 1)}`;
        const longer = `${id.slice(0, at)}${c}${id.slice(at)}`;
        return !isResourceId(shorter) && !isResourceId(longer);
      }),
    );
  });

  it.each([
    ['kuoaydiojf7uszaokc2ggnaaaa_', 'empty suffix'],
    ['kuoaydiojf7uszaokc2ggnaaaa', 'no separator'],
    ['kuoaydiojf7uszaokc2ggnaaaaxfer', 'no separator, suffix glued on'],
    ['kuoaydiojf7uszaokc2ggnaaaa-xfer', 'hyphen separator'],
    ['kuoaydiojf7uszaokc2ggnaaaa__xfer', 'double separator'],
    ['kuoaydiojf7uszaokc2ggnaaaa_Xfer', 'uppercase suffix'],
    ['kuoaydiojf7uszaokc2ggnaaaa_x_fer', 'separator inside suffix'],
    ['kuoaydiojf7uszaokc2ggnaaaa_xfér', 'non-ASCII suffix'],
    ['kuoaydiojf7uszaokc2ggnaaaa_xfer ', 'trailing space'],
    ['_xfer', 'no base32 part'],
  ])('refuses %j (%s)', (s) => {
    expect(refusedWith(s)).toBe(RESOURCE_ID_MESSAGE);
  });

  it('accepts a suffix of digits only and of 1 and 9 characters', () => {
    expect(isResourceId('kuoaydiojf7uszaokc2ggnaaaa_1')).toBe(true);
    expect(isResourceId('kuoaydiojf7uszaokc2ggnaaaa_123456789')).toBe(true);
  });
});

describe('parseResourceId: length and bad input', () => {
  it('refuses anything past 36 characters, with the limit in the message', () => {
    expect(refusedWith('kuoaydiojf7uszaokc2ggnaaaa_abcdefghij')).toBe('must be at most 36 characters');
    expect(refusedWith(`${ANCHOR_UUID}0`)).toBe('must be at most 36 characters');
    expect(refusedWith('a'.repeat(1_000_000))).toBe('must be at most 36 characters');
  });

  it('counts the length in code points: 36 emoji are not "too long", merely not an ID', () => {
    expect(refusedWith('😀'.repeat(36))).toBe(RESOURCE_ID_MESSAGE);
    expect(refusedWith('😀'.repeat(37))).toBe('must be at most 36 characters');
  });

  it('refuses a non-string without throwing', () => {
    for (const value of [undefined, null, 42, {}, ['a'], Symbol('x')]) {
      expect(refusedWith(value as unknown as string)).toBe(NOT_A_STRING_MESSAGE);
    }
  });

  it('never throws, and isResourceId agrees with parseResourceId, for any string', () => {
    fc.assert(
      fc.property(fc.oneof(anyText({ maxLength: 40 }), anyTypedId, anyUuid), (s) => {
        return isResourceId(s) === parseResourceId(s).ok;
      }),
    );
  });

  it('a parsed value is frozen', () => {
    const result = parseResourceId(ANCHOR_ID);
    expect(result.ok && Object.isFrozen(result.value)).toBe(true);
  });
});

describe('formatTypedId: bad arguments', () => {
  it.each([
    [`{${ANCHOR_UUID}}`],
    [ANCHOR_UUID.replace(/-/g, '')],
    ['not-a-uuid'],
    [ANCHOR_ID],
    [undefined],
  ])('throws TypeError(UUID_MESSAGE) for uuid %j', (u) => {
    expect(() => formatTypedId(u as string, 'xfer')).toThrow(new TypeError(UUID_MESSAGE));
  });

  it.each([[''], ['abcdefghij'], ['Xfer'], ['x_y'], ['x-y'], ['é'], [undefined]])(
    'throws TypeError(TYPE_SUFFIX_MESSAGE) for suffix %j',
    (t) => {
      expect(() => formatTypedId(ANCHOR_UUID, t as string)).toThrow(new TypeError(TYPE_SUFFIX_MESSAGE));
    },
  );

  it('throws a TypeError specifically', () => {
    expect(() => formatTypedId('x', 'xfer')).toThrow(TypeError);
  });
});

describe('checkResourceId (issue 15: the rules of parseResourceId without decoding)', () => {
  const pattern = new RegExp(RESOURCE_ID_PATTERN);
  /** Typed IDs with any last character, any suffix, and one character replaced anywhere. */
  const nearIds = fc.oneof(
    anyTypedId,
    fc.tuple(anyTypedId, fc.nat(35), fc.constantFrom(...'aA019=_-.xyz7\u00e9'.split(''))).map(([id, at, c]) => id.slice(0, at) + c + id.slice(at + 1)),
    fc.tuple(fc.stringMatching(/^[a-z2-7]{25}$/), fc.constantFrom(...BASE32.split('')), anySuffix).map(([head, last, suffix]) => `${head}${last}_${suffix}`),
    anyUuid,
    fc.string({ maxLength: 40 }),
  );

  it('gives the message parseResourceId gives, and accepts exactly what RESOURCE_ID_PATTERN matches', () => {
    fc.assert(
      fc.property(nearIds, (s) => {
        const message = checkResourceId(s);
        expect(message).toBe(refusedWith(s));
        expect(message === undefined).toBe(pattern.test(s));
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a non-string with the string message', () => {
    for (const value of [null, 1, {}, ['kuoaydiojf7uszaokc2ggnaaaa_xfer']]) expect(checkResourceId(value)).toBe(NOT_A_STRING_MESSAGE);
  });
});
