import { describe, expect, it } from 'vitest';
import { freshUuid } from '../../src/shared/fresh-uuid.js';

// RFC 9562: version 4 in the 13th hex digit, variant 10xx in the 17th; lower-case hex.
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('freshUuid', () => {
  it('gives version 4 UUIDs in lower case, all different, across several batches of 256', () => {
    const draws = Array.from({ length: 256 * 4 + 3 }, () => freshUuid());
    for (const id of draws) expect(id).toMatch(UUID_V4);
    expect(new Set(draws).size).toBe(draws.length);
  });

  it('uses every hex digit in every random position (the formatting table covers all byte values)', () => {
    const seen = Array.from({ length: 36 }, () => new Set<string>());
    for (let i = 0; i < 256 * 8; i++) {
      const id = freshUuid();
      for (let at = 0; at < 36; at++) seen[at]?.add(id[at] ?? '');
    }
    const sizes = seen.map((digits) => digits.size);
    // Dashes at 8, 13, 18, 23; the version digit at 14; the variant digit (8, 9, a, b) at 19.
    const expected = sizes.map((_, at) => ([8, 13, 18, 23, 14].includes(at) ? 1 : at === 19 ? 4 : 16));
    expect(sizes).toEqual(expected);
  });
});
