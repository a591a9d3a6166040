import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scopeFor } from '../../src/http/auth/authenticate.js';

const TEMPLATES = ['/accounts/{accountID}/wallets.read', '/accounts/{accountID}/invoices.write', '/terminal-applications.read', '{accountID}', '/a/{accountID}/{accountID}'];

describe('scopeFor', () => {
  it('fills the account in literally: "$&", "$`" and "$\'" are not replacement patterns', () => {
    expect(scopeFor('/accounts/{accountID}/wallets.read', '$&')).toBe('/accounts/$&/wallets.read');
    expect(scopeFor('/accounts/{accountID}/wallets.read', "$`$'")).toBe("/accounts/$`$'/wallets.read");
  });

  it('fills only the first placeholder; a template without one is its own scope; no account is empty', () => {
    expect(scopeFor('/a/{accountID}/{accountID}', 'x')).toBe('/a/x/{accountID}');
    expect(scopeFor('/terminal-applications.read', 'x')).toBe('/terminal-applications.read');
    expect(scopeFor('/accounts/{accountID}/wallets.read', undefined)).toBe('/accounts//wallets.read');
  });

  it('equals a replacement by function (which has no $ patterns) for any account string', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TEMPLATES), fc.string({ unit: 'binary' }), (template, account) => {
        expect(scopeFor(template, account)).toBe(template.replace('{accountID}', () => account));
      }),
    );
  });

  it('gives the same answer for any template, however many templates it has split before', () => {
    const template = fc
      .tuple(fc.string({ maxLength: 12 }), fc.boolean(), fc.string({ maxLength: 12 }))
      .map(([before, placeholder, after]) => (placeholder ? `${before}{accountID}${after}` : `${before}${after}`));
    fc.assert(
      fc.property(fc.array(fc.tuple(template, fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 400 }), (pairs) => {
        for (const [t, account] of pairs) expect(scopeFor(t, account)).toBe(t.replace('{accountID}', () => account));
        // again, now that each template has been split (and the cache has been cleared along the way)
        for (const [t, account] of pairs) expect(scopeFor(t, account)).toBe(t.replace('{accountID}', () => account));
      }),
      { numRuns: 20 },
    );
  });
});
