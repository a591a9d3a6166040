import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scopeFor } from '../../src/http/auth.js';

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
});
