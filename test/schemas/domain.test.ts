import { describe, expect, it } from 'vitest';
import { DOMAIN_MESSAGES, checkDomain } from '../../src/schemas/index.js';

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
