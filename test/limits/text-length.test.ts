import fc from 'fast-check';
import { anyText } from './code-points.js';
import { describe, expect, it } from 'vitest';
import { hasLoneSurrogate, textLength } from '../../src/limits/index.js';

// Oracle 1: encode to UTF-8 (a lone surrogate becomes U+FFFD) and count the bytes that start
// a code point, i.e. every byte that is not a continuation byte 10xxxxxx.
function codePointsViaUtf8(s: string): number {
  let count = 0;
  for (const byte of Buffer.from(s, 'utf8')) if ((byte & 0xc0) !== 0x80) count += 1;
  return count;
}

// Oracle 2: a string is well-formed UTF-16 exactly when UTF-8 encoding loses nothing.
function hasLoneSurrogateViaUtf8(s: string): boolean {
  return Buffer.from(s, 'utf8').toString('utf8') !== s;
}

const HIGH = fc.integer({ min: 0xd800, max: 0xdbff }).map((u) => String.fromCharCode(u));
const LOW = fc.integer({ min: 0xdc00, max: 0xdfff }).map((u) => String.fromCharCode(u));
const COMBINING = fc.integer({ min: 0x300, max: 0x36f }).map((u) => String.fromCharCode(u));
const SPECIAL = fc.constantFrom(
  '😀', // U+1F600, one surrogate pair
  '👩‍👩‍👧', // ZWJ family: 5 code points, 1 grapheme
  '🇫🇷', // flag: 2 regional indicators
  'e\u0301', // e + combining acute
  '\u0000', // NUL
  '\u200d', // ZWJ alone
  '\ufeff', // BOM
  '\u{10ffff}', // last code point
);
/** Any UTF-16 text: full-range code points, graphemes, lone halves of both kinds, edge pieces. */
const ANY_TEXT = fc.string({
  unit: fc.oneof(
    anyText({ minLength: 1, maxLength: 1 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    HIGH,
    LOW,
    COMBINING,
    SPECIAL,
  ),
  maxLength: 40,
});

describe('textLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['😀', 1],
    ['😀'.repeat(64), 64],
    ['e\u0301', 2],
    ['👩‍👩‍👧', 5],
    ['🇫🇷', 2],
    ['\u0000\u0001', 2],
    ['\ud800', 1],
    ['\udc00\ud800', 2],
    ['\ud83d\ud83d\ude00', 2], // a lone high surrogate, then a pair
  ])('textLength(%j) is %i', (s, expected) => {
    expect(textLength(s)).toBe(expected);
  });

  it('counts code points, not UTF-16 units: an emoji counts once', () => {
    expect('😀'.length).toBe(2);
    expect(textLength('😀')).toBe(1);
  });

  it('equals the UTF-8 leading-byte count for any string, lone surrogates included', () => {
    fc.assert(fc.property(ANY_TEXT, (s) => textLength(s) === codePointsViaUtf8(s)));
  });

  it('equals the spread-iterator count for any string', () => {
    fc.assert(fc.property(ANY_TEXT, (s) => textLength(s) === [...s].length));
  });

  it('is additive over concatenation of well-formed strings', () => {
    const wellFormed = anyText();
    fc.assert(
      fc.property(wellFormed, wellFormed, (a, b) => textLength(a + b) === textLength(a) + textLength(b)),
    );
  });
});

describe('hasLoneSurrogate', () => {
  it.each([
    ['', false],
    ['plain', false],
    ['😀', false],
    ['\ud83d\ude00\ud83d\ude00', false],
    ['\ud800', true],
    ['\udfff', true],
    ['a\ud83d', true], // high at the end
    ['\ude00a', true], // low at the start
    ['\ude00\ud83d', true], // reversed pair
    ['\ud83d\ud83d\ude00', true], // high, then a full pair
    ['\ud83d\ude00\ude00', true], // a full pair, then a low
  ])('hasLoneSurrogate(%j) is %s', (s, expected) => {
    expect(hasLoneSurrogate(s)).toBe(expected);
  });

  it('agrees with a UTF-8 round trip for any string', () => {
    fc.assert(fc.property(ANY_TEXT, (s) => hasLoneSurrogate(s) === hasLoneSurrogateViaUtf8(s)));
  });

  it('is false for every well-formed string', () => {
    fc.assert(fc.property(anyText(), (s) => !hasLoneSurrogate(s)));
  });
});
