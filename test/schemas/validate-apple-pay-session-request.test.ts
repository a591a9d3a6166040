import { UNKNOWN_FIELD_MESSAGE } from '../../src/schemas/error-limit.js';
import { describe, expect, it } from 'vitest';
import { validateApplePaySessionRequest } from '../../src/schemas/index.js';
import { validateApplePaySessionRequestWithSchema } from './schema-validators.js';

const BODY_NOT_OBJECT = { error: 'request body must be a JSON object' };

describe('validateApplePaySessionRequest', () => {
  it.each([null, [], 'shop.example', 7, false])('answers 400 for the non-object body %j', (body) => {
    expect(validateApplePaySessionRequest(body)).toEqual({ ok: false, status: 400, body: BODY_NOT_OBJECT });
  });

  it('accepts a valid body and refuses unknown fields with a 422 naming each one', () => {
    expect(validateApplePaySessionRequest({ domain: 'shop.example', displayName: 'Shop' })).toEqual({
      ok: true,
      value: { domain: 'shop.example', displayName: 'Shop' },
    });
    expect(validateApplePaySessionRequest({ domain: 'shop.example', displayName: 'Shop', theme: 'dark' })).toEqual({
      ok: false,
      status: 422,
      body: { error: `theme: ${UNKNOWN_FIELD_MESSAGE}` },
    });
  });

  it('accepts a displayName of 64 emoji or 64 letters with combining marks counted per code point', () => {
    expect(validateApplePaySessionRequest({ domain: 'a.io', displayName: '🛒'.repeat(64) }).ok).toBe(true);
    expect(validateApplePaySessionRequest({ domain: 'a.io', displayName: 'e\u0301'.repeat(32) }).ok).toBe(true);
    expect(validateApplePaySessionRequest({ domain: 'a.io', displayName: '' }).ok).toBe(true);
  });

  it('answers 422 naming displayName for 65 code points or a lone surrogate', () => {
    expect(validateApplePaySessionRequest({ domain: 'a.io', displayName: '🛒'.repeat(65) })).toEqual({
      ok: false,
      status: 422,
      body: { error: 'displayName: must be at most 64 characters' },
    });
    expect(validateApplePaySessionRequest({ domain: 'a.io', displayName: 'e\u0301'.repeat(32) + 'e\u0301' })).toEqual({
      ok: false,
      status: 422,
      body: { error: 'displayName: must be at most 64 characters' },
    });
    expect(validateApplePaySessionRequest({ domain: 'a.io', displayName: '\uD83D' })).toEqual({
      ok: false,
      status: 422,
      body: { error: 'displayName: must not contain a lone surrogate' },
    });
  });

  it('answers 422 naming domain with the rule it breaks', () => {
    expect(validateApplePaySessionRequest({ domain: 'https://shop.example', displayName: 'Shop' })).toEqual({
      ok: false,
      status: 422,
      body: { error: 'domain: must be a host name without a URL scheme (remove "https://")' },
    });
  });

  it('answers 422 naming every failed field: missing, null, wrong type', () => {
    expect(validateApplePaySessionRequest({})).toEqual({
      ok: false,
      status: 422,
      body: { error: 'domain: is required; displayName: is required' },
    });
    expect(validateApplePaySessionRequest({ domain: null, displayName: 5 })).toEqual({
      ok: false,
      status: 422,
      body: { error: 'domain: must be a string; displayName: must be a string' },
    });
  });

  it('a required field given as undefined is present: its rule answers, as the schema does', () => {
    const body = { domain: undefined, displayName: undefined };
    const expected = { ok: false, status: 422, body: { error: 'domain: must be a string; displayName: must be a string' } };
    expect(validateApplePaySessionRequestWithSchema(body)).toEqual(expected);
    expect(validateApplePaySessionRequest(body)).toEqual(expected);
  });
});
