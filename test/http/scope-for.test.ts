// scopeFor remembers the filled scopes of recent accounts per template: what it answers must
// stay exactly the template with its first `{accountID}` replaced literally, for any account
// text (emoji, lone surrogates, "$&", the placeholder itself, `__proto__`, empty), when asked
// again, and past the number of accounts it remembers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scopeFor } from '../../src/http/auth/authenticate.js';
import { binaryText } from '../limits/code-points.js';

const PLACEHOLDER = '{accountID}';

/** The definition: the first placeholder replaced by the account, literally. */
function filled(template: string, accountID: string | undefined): string {
  const at = template.indexOf(PLACEHOLDER);
  return at < 0 ? template : template.slice(0, at) + (accountID ?? '') + template.slice(at + PLACEHOLDER.length);
}

const text = fc.oneof(
  binaryText({ maxLength: 16 }),
  fc.constantFrom('', PLACEHOLDER, '$&', "$'", '😀', '\uD800', '\uDC00x', '__proto__', 'constructor', 'acc_1'),
);
const template = fc.oneof(
  fc.tuple(text, text).map(([before, after]) => `${before}${PLACEHOLDER}${after}`),
  text,
  fc.constantFrom('/accounts/{accountID}/transfers.read', `${PLACEHOLDER}${PLACEHOLDER}`),
);

describe('scopeFor', () => {
  it('fills the first {accountID} literally, the first time and every time after', () => {
    fc.assert(
      fc.property(template, fc.array(fc.option(text, { nil: undefined }), { minLength: 1, maxLength: 8 }), (tpl, accounts) => {
        for (const account of [...accounts, ...accounts]) expect(scopeFor(tpl, account)).toBe(filled(tpl, account));
      }),
      { numRuns: 300 },
    );
  });

  it('stays exact past the accounts it remembers for a template', () => {
    const tpl = '/accounts/{accountID}/invoices.write';
    const accounts = Array.from({ length: 2_500 }, (_, i) => `acc_${i}`);
    for (const round of [0, 1]) {
      for (const account of round === 0 ? accounts : [...accounts].reverse()) expect(scopeFor(tpl, account)).toBe(`/accounts/${account}/invoices.write`);
    }
  });
});
