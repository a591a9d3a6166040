// Documented rules of payments-kit/version that the mutation run showed untested (issue 26):
// the optional whitespace around comma-joined header values and nothing else, non-string
// inputs from untyped callers, and the conflict message's own words.
import { describe, expect, it } from 'vitest';
import { CONFLICTING_VERSION_HEADERS_MESSAGE, VERSION_MESSAGE, parseVersion, resolveVersion } from '../../src/version/index.js';

const header = (value: unknown) => ({ 'x-service-version': value as string });

describe('resolveVersion: optional whitespace (SP, HTAB, any amount) around joined values, not inside them', () => {
  it('takes off every space and tab around each value', () => {
    for (const value of ['  v2026.04.00 \t ,\t\tv2026.04.00  ', 'v2026.04.00  ,v2026.04.00', '\t\tv2026.04.00,v2026.04.00']) {
      const result = resolveVersion(header(value));
      expect(result.ok && result.value.text, JSON.stringify(value)).toBe('v2026.04.00');
    }
  });

  it('keeps whitespace inside a value, which is then not a version', () => {
    expect(resolveVersion(header('v2026. 04.00, v2026. 04.00'))).toEqual({ ok: false, error: VERSION_MESSAGE });
    expect(resolveVersion(header('v2026 .04.00,v2026 .04.00'))).toEqual({ ok: false, error: VERSION_MESSAGE });
  });

  it('refuses a value that is not a string, whatever its type, without throwing', () => {
    for (const value of [5, true, {}, ['v2026.04.00'], null]) {
      expect(resolveVersion(header(value)), String(value)).toEqual({ ok: false, error: VERSION_MESSAGE });
    }
  });

  it('says in its own words that the header came twice with different values', () => {
    expect(resolveVersion(header('v2026.04.00, dev'))).toEqual({ ok: false, error: CONFLICTING_VERSION_HEADERS_MESSAGE });
    expect(CONFLICTING_VERSION_HEADERS_MESSAGE).toBe('X-Service-Version is given more than once with different values');
  });
});

describe('parseVersion: only strings', () => {
  it('refuses an array or object that would stringify to a version', () => {
    expect(parseVersion(['v2026.04.00'] as never)).toEqual({ ok: false, error: VERSION_MESSAGE });
    expect(parseVersion({ toString: () => 'v2026.04.00' } as never)).toEqual({ ok: false, error: VERSION_MESSAGE });
    expect(parseVersion(['dev'] as never)).toEqual({ ok: false, error: VERSION_MESSAGE });
  });
});
