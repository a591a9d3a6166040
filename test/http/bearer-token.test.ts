// bearerToken reads a Bearer credential in one pass: the same answers as the BEARER expression
// it replaces on the request path, on every string (the expression is the definition).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BEARER, bearerToken } from '../../src/http/auth/authenticate.js';

const byExpression = (header: string): string | undefined => BEARER.exec(header)?.[1];

// The characters that matter to either reading, and some that only look like them: the scheme's
// letters in both cases and their non-ASCII case partners (`ſ` upper-cases to S, the Kelvin sign
// lower-cases to k), spaces and tabs, the token's characters, `=`, and ones outside it.
const pieces = fc.constantFrom(
  'Bearer', 'bearer', 'BEARER', 'BeArEr', 'Bearer ', 'Bearer  ', 'Beare', 'Bearers', 'ſ', 'K', 'İ', 'µ', 'ÿ',
  ' ', '  ', '\t', '\n', '=', '==', 'a', 'Z', '0', '9', '-', '.', '_', '~', '+', '/', ',', '"', ':', '@', '%', '\u00a0', 'é', '😀',
);
const headers = fc.oneof(fc.string(), fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join('')));

describe('bearerToken', () => {
  it('answers as the BEARER expression on any header', () => {
    fc.assert(
      fc.property(headers, (header) => {
        expect(bearerToken(header)).toBe(byExpression(header));
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    ['Bearer abc', 'abc'],
    ['bearer  abc.def== ', 'abc.def=='],
    ['BEARER a/b+c~d_e-f.g', 'a/b+c~d_e-f.g'],
    ['Bearer a b', undefined],
    ['Bearer =', undefined],
    ['Bearer a=b', undefined],
    ['Bearerabc', undefined],
    ['Bearer ', undefined],
    [' Bearer abc', undefined],
    ['Bearer\tabc', undefined],
    ['Beaſer abc', undefined],
    ['Basic abc', undefined],
  ])('%j -> %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
    expect(byExpression(header)).toBe(token);
  });
});
