// The router remembers its answers for recent paths: a remembered answer must be exactly the
// answer of a walk (a router with nothing remembered), for any mix of paths and methods, past
// the bounds (paths, path length, methods per path), and shared answers must be frozen.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CatalogEntry, OPERATION_CATALOG } from '../../src/http/operations/catalog.js';
import {
  MATCH_CACHE_MAX_METHODS,
  MATCH_CACHE_MAX_PATHS,
  MATCH_CACHE_MAX_PATH_LENGTH,
  type RouteMatch,
  createRouter,
} from '../../src/http/core/router.js';
import { binaryText } from '../limits/code-points.js';

/** A comparable view of an answer (params as a plain object). */
const view = (match: RouteMatch<CatalogEntry>): unknown =>
  match.kind === 'found' ? { kind: match.kind, id: match.entry.id, params: { ...match.params } } : match;

/** What a router that remembers nothing answers: a new router per call. */
const walked = (method: string, path: string): unknown => view(createRouter(OPERATION_CATALOG).match(method, path));

const ACCOUNT = 'acc_1';
const pathPool = fc.constantFrom(
  `/accounts/${ACCOUNT}/schedules/s1`,
  `/accounts/${ACCOUNT}/schedules/s%201`,
  `/accounts/${ACCOUNT}/schedules/%E0%A4%A`,
  `/accounts/${ACCOUNT}/invoices/i1`,
  `/accounts/${ACCOUNT}/adjustments/__proto__`,
  `/accounts/${ACCOUNT}/schedules/`,
  '/accounts//schedules/s1',
  '/no/such/path',
  '',
  'accounts',
  `/accounts/${'x'.repeat(MATCH_CACHE_MAX_PATH_LENGTH)}/schedules/s1`,
);
const methodPool = fc.constantFrom('GET', 'HEAD', 'PATCH', 'POST', 'DELETE', 'OPTIONS', 'get', 'BREW');

describe('the router remembers answers for recent paths', () => {
  it('answers a repeated path exactly as a walk does, for any sequence of paths and methods', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(methodPool, fc.oneof(pathPool, binaryText({ maxLength: 40 }).map((s) => `/accounts/${s}/invoices/x`))), { maxLength: 60 }), (calls) => {
        const router = createRouter(OPERATION_CATALOG);
        for (const [method, path] of calls) expect(view(router.match(method, path))).toEqual(walked(method, path));
      }),
      { numRuns: 100 },
    );
  });

  it('hands out one frozen answer per path and method, with frozen params', () => {
    const router = createRouter(OPERATION_CATALOG);
    const path = `/accounts/${ACCOUNT}/schedules/s1`;
    const first = router.match('GET', path);
    const again = router.match('GET', `${path.slice(0, 10)}${path.slice(10)}`);
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    if (first.kind !== 'found') throw new Error('the schedule path must be routed');
    expect(Object.isFrozen(first.params)).toBe(true);
    expect(() => {
      (first.params as Record<string, string>)['accountID'] = 'other';
    }).toThrow(TypeError);
    expect(router.match('GET', path)).toMatchObject({ params: { accountID: ACCOUNT, scheduleID: 's1' } });
    expect(Object.isFrozen(router.match('DELETE', path))).toBe(true);
  });

  it('stays exact past its bounds: more paths than it keeps, longer paths, more methods', () => {
    const router = createRouter(OPERATION_CATALOG);
    const paths = Array.from({ length: MATCH_CACHE_MAX_PATHS * 2 + 3 }, (_, i) => `/accounts/a${i}/schedules/s${i}`);
    for (const round of [0, 1]) {
      for (const [i, path] of paths.entries()) {
        const match = router.match(round === 0 ? 'GET' : 'HEAD', path);
        expect(match.kind === 'found' && match.params['scheduleID']).toBe(`s${i}`);
      }
    }
    const long = `/accounts/${'y'.repeat(MATCH_CACHE_MAX_PATH_LENGTH)}/invoices/i1`;
    expect(router.match('PATCH', long)).not.toBe(router.match('PATCH', long));
    expect(view(router.match('PATCH', long))).toEqual(walked('PATCH', long));
    const methods = Array.from({ length: MATCH_CACHE_MAX_METHODS * 3 }, (_, i) => (i === 5 ? 'GET' : `M${i}`));
    for (const method of [...methods, ...methods]) {
      expect(view(router.match(method, `/accounts/${ACCOUNT}/schedules/s1`))).toEqual(walked(method, `/accounts/${ACCOUNT}/schedules/s1`));
    }
  });
});
