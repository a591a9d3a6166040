import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHostAndPort } from '../../src/node/request-authority.js';

describe('isHostAndPort', () => {
  const host = fc.oneof(
    fc.constantFrom('127.0.0.1:3000', 'api.example.com', 'api.example.com:8443', '[::1]:3000', '[::1', '1.2.3.256', 'x/a', 'a b', 'h:99999', '', 'a%20b', 'h:'),
    fc.stringMatching(/^[a-z0-9.:[\]/%-]{0,14}$/),
  );

  it('answers each Host as it would alone, whatever was asked before (the last good Host and the known ones are remembered)', () => {
    fc.assert(
      fc.property(fc.array(host, { minLength: 1, maxLength: 40 }), (hosts) => {
        const inOrder = hosts.map(isHostAndPort);
        expect([...hosts].reverse().map(isHostAndPort).reverse()).toEqual(inOrder);
        expect(hosts.map((value) => (isHostAndPort(value), isHostAndPort(value)))).toEqual(inOrder);
      }),
    );
  });

  it('refuses a bad Host right after a good one, and takes the good one again after it', () => {
    expect(isHostAndPort('api.example.com')).toBe(true);
    expect(isHostAndPort('api.example.com/x')).toBe(false);
    expect(isHostAndPort('1.2.3.256')).toBe(false);
    expect(isHostAndPort('api.example.com')).toBe(true);
  });
});
