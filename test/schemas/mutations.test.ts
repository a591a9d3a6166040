import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  validateApplePaySessionRequest,
  validateEvidenceTextRequest,
  validateInvoiceUpdate,
} from '../../src/schemas/index.js';
import { validEvidenceBody, validInvoiceUpdateBody, validSessionBody } from './arbitraries.js';
import { type Body, INVOICE_MUTATIONS } from './invoice-mutations.js';

/** Every leaf of an error body as its path of keys (own keys only). */
function leafPaths(node: unknown, prefix: string[] = []): string[][] {
  if (typeof node === 'string') return [prefix];
  return Object.keys(node as object).flatMap((k) =>
    leafPaths(Object.getOwnPropertyDescriptor(node, k)?.value, [...prefix, k]),
  );
}

describe('each single-rule mutation fails on that field and only that field', () => {
  it.each(INVOICE_MUTATIONS.map((m) => [m.name, m] as const))('update invoice: %s', (_, mutation) => {
    fc.assert(
      fc.property(validInvoiceUpdateBody(true), fc.nat(), (valid, pick) => {
        const body = structuredClone(valid) as Body;
        const expected = mutation.apply(body, pick);
        const result = validateInvoiceUpdate(body);
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.status).toBe(422);
        expect(leafPaths(result.body)).toEqual([expected]);
      }),
      { numRuns: 25 },
    );
  });

  const FLAT_CASES: [string, (b: Body) => void, RegExp][] = [
    ['evidenceType unknown', (b) => (b['evidenceType'] = 'invoice'), /^evidenceType: must be one of/],
    ['evidenceType missing', (b) => delete b['evidenceType'], /^evidenceType: is required$/],
    ['text 751', (b) => (b['text'] = '✓'.repeat(751)), /^text: must be at most 750 characters$/],
    ['text null', (b) => (b['text'] = null), /^text: must be a string$/],
    ['text lone surrogate', (b) => (b['text'] = '\uDBFF'), /^text: must not contain a lone surrogate$/],
  ];
  it.each(FLAT_CASES)('evidence text: %s', (_, mutate, message) => {
    fc.assert(
      fc.property(validEvidenceBody, (valid) => {
        const body = { ...valid } as Body;
        mutate(body);
        const result = validateEvidenceTextRequest(body);
        expect(result.ok).toBe(false);
        if (!result.ok) {
          expect(result.status).toBe(400);
          expect(result.body.error).toMatch(message);
        }
      }),
      { numRuns: 25 },
    );
  });

  const SESSION_CASES: [string, (b: Body) => void, RegExp][] = [
    ['scheme', (b) => (b['domain'] = `https://${b['domain']}`), /^domain: must be a host name without a URL scheme/],
    ['port', (b) => (b['domain'] = `${b['domain']}:8443`), /^domain: must not contain a port$/],
    ['path', (b) => (b['domain'] = `${b['domain']}/pay`), /^domain: must not contain a path/],
    ['user-info', (b) => (b['domain'] = `me@${b['domain']}`), /^domain: must not contain a user-info part/],
    ['wildcard', (b) => (b['domain'] = `*.${b['domain']}`), /^domain: must not contain a wildcard$/],
    ['whitespace', (b) => (b['domain'] = `${b['domain']} `), /^domain: must not contain whitespace$/],
    ['displayName 65', (b) => (b['displayName'] = '🙂'.repeat(65)), /^displayName: must be at most 64 characters$/],
    ['displayName missing', (b) => delete b['displayName'], /^displayName: is required$/],
  ];
  it.each(SESSION_CASES)('wallet session: %s', (_, mutate, message) => {
    fc.assert(
      fc.property(validSessionBody, (valid) => {
        const body = { ...valid } as Body;
        mutate(body);
        const result = validateApplePaySessionRequest(body);
        expect(result.ok).toBe(false);
        if (!result.ok) {
          expect(result.status).toBe(422);
          expect(result.body.error).toMatch(message);
        }
      }),
      { numRuns: 25 },
    );
  });
});
