import { UNKNOWN_FIELD_MESSAGE } from '../../src/schemas/error-limit.js';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_TYPES, validateEvidenceTextRequest } from '../../src/schemas/index.js';
import { validateEvidenceTextRequestWithSchema } from './schema-validators.js';

const TYPES_MESSAGE =
  'must be one of: receipt, proof-of-delivery, cancelation-policy, terms-of-service, customer-communication, generic-evidence, cover-letter, other';

describe('validateEvidenceTextRequest', () => {
  it.each([null, [], 'text', 1])('answers 400 for the non-object body %j', (body) => {
    expect(validateEvidenceTextRequest(body)).toEqual({
      ok: false,
      status: 400,
      body: { error: 'request body must be a JSON object' },
    });
  });

  it('accepts each of the eight evidence types', () => {
    expect(EVIDENCE_TYPES).toHaveLength(8);
    for (const evidenceType of EVIDENCE_TYPES) {
      expect(validateEvidenceTextRequest({ evidenceType, text: 'x' })).toEqual({
        ok: true,
        value: { evidenceType, text: 'x' },
      });
    }
  });

  it('accepts 750 code points (emoji, combining marks) and refuses 751 with 400 naming text', () => {
    expect(validateEvidenceTextRequest({ evidenceType: 'other', text: '📦'.repeat(750) }).ok).toBe(true);
    expect(validateEvidenceTextRequest({ evidenceType: 'other', text: 'a\u0308'.repeat(375) }).ok).toBe(true);
    expect(validateEvidenceTextRequest({ evidenceType: 'other', text: '📦'.repeat(751) })).toEqual({
      ok: false,
      status: 400,
      body: { error: 'text: must be at most 750 characters' },
    });
    expect(validateEvidenceTextRequest({ evidenceType: 'other', text: 'x'.repeat(751) })).toEqual({
      ok: false,
      status: 400,
      body: { error: 'text: must be at most 750 characters' },
    });
  });

  it('refuses a lone surrogate in text', () => {
    expect(validateEvidenceTextRequest({ evidenceType: 'other', text: 'ok \uDE00' })).toEqual({
      ok: false,
      status: 400,
      body: { error: 'text: must not contain a lone surrogate' },
    });
  });

  it('never answers 422: missing, null and unknown values are 400 naming the field', () => {
    expect(validateEvidenceTextRequest({})).toEqual({
      ok: false,
      status: 400,
      body: { error: 'evidenceType: is required; text: is required' },
    });
    expect(validateEvidenceTextRequest({ evidenceType: 'invoice', text: null })).toEqual({
      ok: false,
      status: 400,
      body: { error: `evidenceType: ${TYPES_MESSAGE}; text: must be a string` },
    });
  });

  it('refuses unknown fields with a 400 naming each one (the operation has no 422)', () => {
    expect(validateEvidenceTextRequest({ evidenceType: 'receipt', text: 't', disputeID: 'd' })).toEqual({
      ok: false,
      status: 400,
      body: { error: `disputeID: ${UNKNOWN_FIELD_MESSAGE}` },
    });
  });

  it('a required field given as undefined is present: its rule answers, as the schema does', () => {
    const body = { evidenceType: 'receipt', text: undefined };
    const expected = { ok: false, status: 400, body: { error: 'text: must be a string' } };
    expect(validateEvidenceTextRequestWithSchema(body)).toEqual(expected);
    expect(validateEvidenceTextRequest(body)).toEqual(expected);
  });
});
