import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONFLICTING_VERSION_HEADERS_MESSAGE,
  DEFAULT_VERSION,
  VERSION_MESSAGE,
  parseVersion,
  resolveVersion,
} from '../../src/version/index.js';

/** Parsed in each test: a call at collection time would make parseVersion's mutants static (run against every test). */
const defaultVersion = () => parseVersion(DEFAULT_VERSION);
const reference = { kind: 'dated', year: 2026, month: 4, build: 0, text: 'v2026.04.00' };

/** Random casings of the header name. */
const anyCasing = fc
  .array(fc.boolean(), { minLength: 17, maxLength: 17 })
  .map((upper) => [...'x-service-version'].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));

describe('resolveVersion', () => {
  it('defaults to v2024.01.00 when the header is absent', () => {
    expect(defaultVersion().ok).toBe(true);
    expect(resolveVersion({})).toStrictEqual(defaultVersion());
    expect(resolveVersion(new Headers())).toStrictEqual(defaultVersion());
    expect(resolveVersion({ 'content-type': 'application/json' })).toStrictEqual(defaultVersion());
    expect(resolveVersion({ 'x-service-version': undefined })).toStrictEqual(defaultVersion());
  });

  it('reads the header in any casing of its name, from Headers and from records', () => {
    fc.assert(
      fc.property(anyCasing, (name) => {
        const fromRecord = resolveVersion({ [name]: 'v2026.04.00' });
        const fromHeaders = resolveVersion(new Headers([[name, 'v2026.04.00']]));
        return (
          fromRecord.ok &&
          fromHeaders.ok &&
          JSON.stringify(fromRecord.value) === JSON.stringify(reference) &&
          JSON.stringify(fromHeaders.value) === JSON.stringify(reference)
        );
      }),
    );
  });

  it('reads dev', () => {
    expect(resolveVersion({ 'X-Service-Version': 'dev' })).toStrictEqual({
      ok: true,
      value: { kind: 'dev', text: 'dev' },
    });
  });

  it('refuses an invalid value with the format message', () => {
    for (const value of ['latest', 'v2024.02.00', 'DEV', 'v2024.01.00 ']) {
      expect(resolveVersion({ 'x-service-version': value })).toStrictEqual({ ok: false, error: VERSION_MESSAGE });
    }
    expect(resolveVersion(new Headers({ 'X-Service-Version': 'latest' }))).toStrictEqual({
      ok: false,
      error: VERSION_MESSAGE,
    });
  });

  it('refuses an empty header value rather than defaulting', () => {
    expect(resolveVersion({ 'x-service-version': '' })).toStrictEqual({ ok: false, error: VERSION_MESSAGE });
    expect(resolveVersion(new Headers({ 'x-service-version': '' }))).toStrictEqual({
      ok: false,
      error: VERSION_MESSAGE,
    });
  });

  it('refuses a header sent twice with different values as a conflict (Headers joins them with ", ")', () => {
    const headers = new Headers();
    headers.append('x-service-version', 'v2026.04.00');
    headers.append('X-Service-Version', 'dev');
    expect(headers.get('x-service-version')).toBe('v2026.04.00, dev');
    expect(resolveVersion(headers)).toStrictEqual({ ok: false, error: CONFLICTING_VERSION_HEADERS_MESSAGE });
  });

  it('accepts the same value sent twice, in Headers as in a record', () => {
    const headers = new Headers();
    headers.append('x-service-version', 'v2026.04.00');
    headers.append('x-service-version', 'v2026.04.00');
    expect(headers.get('x-service-version')).toBe('v2026.04.00, v2026.04.00');
    expect(resolveVersion(headers)).toStrictEqual({ ok: true, value: reference });
    // Node's req.headers joins repeated lines the same way.
    expect(resolveVersion({ 'x-service-version': 'v2026.04.00, v2026.04.00' })).toStrictEqual({ ok: true, value: reference });
    expect(resolveVersion({ 'x-service-version': 'dev,dev', 'X-Service-Version': 'dev' })).toStrictEqual({
      ok: true,
      value: { kind: 'dev', text: 'dev' },
    });
    // The same invalid value twice is still invalid.
    expect(resolveVersion(new Headers([['x-service-version', 'latest'], ['x-service-version', 'latest']]))).toStrictEqual({
      ok: false,
      error: VERSION_MESSAGE,
    });
  });

  it('reads comma-joined values with or without the optional whitespace, and an empty value as a value', () => {
    const conflict = { ok: false, error: CONFLICTING_VERSION_HEADERS_MESSAGE };
    for (const joined of ['v2026.04.00,dev', 'v2026.04.00 ,\tdev', 'dev, latest', 'dev, ', ', dev', 'dev, dev, v2024.01.00']) {
      expect(resolveVersion({ 'x-service-version': joined })).toStrictEqual(conflict);
    }
    const empty = new Headers();
    empty.append('x-service-version', 'dev');
    empty.append('x-service-version', '');
    expect(resolveVersion(empty)).toStrictEqual(conflict);
    // Without a comma nothing is trimmed: a trailing space is still refused.
    expect(resolveVersion({ 'x-service-version': 'dev ' })).toStrictEqual({ ok: false, error: VERSION_MESSAGE });
  });

  it('property: n appended values resolve like one value when all equal, else conflict', () => {
    const value = fc.constantFrom('v2026.04.00', 'v2024.01.00', 'dev', 'latest', 'v9999.10.99');
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 4 }), (values) => {
        const headers = new Headers();
        for (const v of values) headers.append('X-Service-Version', v);
        const expected = values.every((v) => v === values[0])
          ? resolveVersion({ 'x-service-version': values[0] })
          : { ok: false, error: CONFLICTING_VERSION_HEADERS_MESSAGE };
        expect(resolveVersion(headers)).toStrictEqual(expected);
      }),
    );
  });

  it('in a record, two spellings with different values are a conflict; equal values are fine', () => {
    expect(resolveVersion({ 'X-Service-Version': 'v2026.04.00', 'x-service-version': 'dev' })).toStrictEqual({
      ok: false,
      error: CONFLICTING_VERSION_HEADERS_MESSAGE,
    });
    expect(resolveVersion({ 'X-Service-Version': 'dev', 'x-service-version': 'dev' })).toStrictEqual({
      ok: true,
      value: { kind: 'dev', text: 'dev' },
    });
    expect(resolveVersion({ 'X-Service-Version': undefined, 'x-service-version': 'dev' })).toStrictEqual({
      ok: true,
      value: { kind: 'dev', text: 'dev' },
    });
  });

  it('refuses a non-string record value (e.g. an array from a raw header map)', () => {
    const record = { 'x-service-version': ['dev'] } as unknown as Record<string, string>;
    expect(resolveVersion(record)).toStrictEqual({ ok: false, error: VERSION_MESSAGE });
  });

  it('never reads inherited or prototype keys as headers', () => {
    const record = JSON.parse('{"__proto__": {"x-service-version": "dev"}}') as Record<string, string>;
    expect(resolveVersion(record)).toStrictEqual(defaultVersion());
    const inherited = Object.create({ 'x-service-version': 'dev' }) as Record<string, string>;
    expect(resolveVersion(inherited)).toStrictEqual(defaultVersion());
    expect(resolveVersion(Object.create(null) as Record<string, string>)).toStrictEqual(defaultVersion());
  });

  it('reads a missing headers object (untyped callers) as no header, without throwing', () => {
    expect(resolveVersion(undefined as unknown as Headers)).toStrictEqual(defaultVersion());
    expect(resolveVersion(null as unknown as Headers)).toStrictEqual(defaultVersion());
  });

  it('does not read a similar but different header name', () => {
    expect(resolveVersion({ 'x-service-versions': 'dev', 'service-version': 'dev' })).toStrictEqual(defaultVersion());
  });
});
