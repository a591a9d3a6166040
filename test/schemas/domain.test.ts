import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOMAIN_MESSAGES, DOMAIN_PATTERN, checkDomain } from '../../src/schemas/index.js';

const label63 = 'a'.repeat(63);

describe('checkDomain: accepted host names', () => {
  it.each([
    'example.com',
    'shop.example.com',
    'a.b',
    'EXAMPLE.COM',
    'my-shop.example',
    '123.example.com',
    'xn--bcher-kva.example',
    'shop.xn--p1ai',
    `${label63}.com`,
    `a1-b2.c3`,
  ])('%s', (domain) => {
    expect(checkDomain(domain)).toBeUndefined();
  });

  it('accepts exactly 253 characters and refuses 254', () => {
    // 63 + 1 + 63 + 1 + 63 + 1 + 61 = 253
    const at253 = [label63, label63, label63, 'a'.repeat(61)].join('.');
    expect(at253.length).toBe(253);
    expect(checkDomain(at253)).toBeUndefined();
    const at254 = [label63, label63, label63, 'a'.repeat(62)].join('.');
    expect(checkDomain(at254)).toBe('must be at most 253 characters');
  });

  it('accepts a 63-character label and refuses 64', () => {
    expect(checkDomain(`${label63}.com`)).toBeUndefined();
    expect(checkDomain(`a${label63}.com`)).toBe(DOMAIN_MESSAGES.label);
  });
});

describe('checkDomain: refused, each with its own message', () => {
  it.each([
    ['https://a.com', 'must be a host name without a URL scheme (remove "https://")'],
    ['http://a.com/', 'must be a host name without a URL scheme (remove "https://")'],
    ['//a.com', 'must be a host name without a URL scheme (remove "https://")'],
    ['a.com/checkout', 'must not contain a path, query or fragment'],
    ['a.com?x=1', 'must not contain a path, query or fragment'],
    ['a.com#top', 'must not contain a path, query or fragment'],
    ['a.com:443', 'must not contain a port'],
    ['user@a.com', 'must not contain a user-info part ("user@")'],
    ['user:pw@a.com', 'must not contain a user-info part ("user@")'],
    ['192.168.0.1', 'must be a host name, not an IP address'],
    ['10.1', 'must be a host name, not an IP address'],
    ['a.0x7f', 'must be a host name, not an IP address'],
    ['[::1]', 'must be a host name, not an IP address'],
    ['2001:db8::1', 'must be a host name, not an IP address'],
    ['*.a.com', 'must not contain a wildcard'],
    [' a.com', 'must not contain whitespace'],
    ['a.com ', 'must not contain whitespace'],
    ['a .com', 'must not contain whitespace'],
    ['a.com\n', 'must not contain whitespace'],
    ['bücher.example', 'must be ASCII: write an internationalised name in its "xn--" form'],
    ['localhost', 'must have at least two labels, e.g. shop.example'],
    ['', DOMAIN_MESSAGES.label],
    ['a.com.', 'must not end with a dot'],
    ['.a.com', DOMAIN_MESSAGES.label],
    ['a..com', DOMAIN_MESSAGES.label],
    ['-a.com', DOMAIN_MESSAGES.label],
    ['a-.com', DOMAIN_MESSAGES.label],
    ['a_b.com', DOMAIN_MESSAGES.label],
  ])('%j', (domain, message) => {
    expect(checkDomain(domain)).toBe(message);
  });

  it('the label message explains the rule', () => {
    expect(DOMAIN_MESSAGES.label).toBe(
      'each label must be 1 to 63 letters, digits or hyphens, and must not start or end with a hyphen',
    );
  });
});

describe('checkDomain and DOMAIN_PATTERN (the OpenAPI and JSON Schema form) accept the same names', () => {
  // checkDomain accepts a valid name by a scan of its characters (issue 15), not by the
  // pattern; the two must agree on every string, so a JSON Schema validator and ours agree.
  const pattern = new RegExp(DOMAIN_PATTERN);
  const label = fc.stringMatching(/^[A-Za-z0-9-]{0,64}$/);
  const nameLike = fc.oneof(
    fc.array(fc.oneof(label, fc.constantFrom('0x1f', '0X', '123', 'xn--p1ai', '-a', 'a-', '', 'a'.repeat(63), 'a'.repeat(64))), { minLength: 1, maxLength: 6 }).map((labels) => labels.join('.')),
    fc.array(label, { minLength: 4, maxLength: 5 }).map((labels) => labels.join('.')),
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  );

  it('on names built from labels at and past their limits, and on any string', () => {
    fc.assert(
      fc.property(nameLike, (name) => {
        expect(checkDomain(name) === undefined).toBe(pattern.test(name));
      }),
      { numRuns: 3000 },
    );
  });

  it('at 253 and 254 characters, and with a numeric last label', () => {
    for (const name of [['a'.repeat(63), 'a'.repeat(63), 'a'.repeat(63), 'a'.repeat(61)].join('.'), ['a'.repeat(63), 'a'.repeat(63), 'a'.repeat(63), 'a'.repeat(62)].join('.'), 'shop.123', 'shop.0x', 'shop.0x1g', 'shop.1a']) {
      expect(checkDomain(name) === undefined).toBe(pattern.test(name));
    }
  });
});
