import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authenticate, scopeFor } from '../../src/http/auth/authenticate.js';
import type { AuthContext, AuthVerdict } from '../../src/http/core/ports.js';
import { binaryText } from '../limits/code-points.js';

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
      fc.property(fc.constantFrom(...TEMPLATES), binaryText(), (template, account) => {
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

describe('authenticate: the context given to the verifier', () => {
  const clock = () => new Date();

  it('gives a verifier that does not answer in time a signal that aborts with a TimeoutError', async () => {
    let signal: AbortSignal | undefined;
    const auth = {
      verify: (_token: string, context?: AuthContext): Promise<AuthVerdict> => {
        signal = context?.signal;
        return new Promise(() => undefined);
      },
    };
    expect(await authenticate('Bearer abc', auth, clock, 30)).toMatchObject({ ok: false, status: 504 });
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as DOMException).name).toBe('TimeoutError');
  });

  it('hands each request its own signal, the same on every read, left alone when the verifier answers in time', async () => {
    const seen: AbortSignal[] = [];
    const auth = {
      verify: async (_token: string, context?: AuthContext): Promise<AuthVerdict> => {
        if (context === undefined) throw new Error('no context');
        expect(context.signal).toBe(context.signal);
        seen.push(context.signal);
        return { scopes: [] };
      },
    };
    expect(await authenticate('Bearer abc', auth, clock, 1_000)).toMatchObject({ ok: true, token: 'abc' });
    expect(await authenticate('Bearer abc', auth, clock, 1_000)).toMatchObject({ ok: true, token: 'abc' });
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen.map((signal) => signal.aborted)).toEqual([false, false]);
  });
});
