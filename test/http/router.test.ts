// The router against a plain reference: split the path, compare it segment by segment with
// every catalog template, decode the parameters. (The catalog has no literal and parameter at
// the same place after the same prefix, so at most one template can match a path.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CatalogEntry, OPERATION_CATALOG } from '../../src/http/operations/catalog.js';
import { createRouter } from '../../src/http/core/router.js';

const router = createRouter(OPERATION_CATALOG);
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'get'] as const;

type Expected =
  | { kind: 'found'; id: string; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string }
  | { kind: 'not-found' };

function paramsOf(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 1; i < want.length; i++) {
    const w = want[i] ?? '';
    const g = got[i] ?? '';
    if (!w.startsWith('{')) {
      if (w !== g) return undefined;
      continue;
    }
    let value: string;
    try {
      value = decodeURIComponent(g);
    } catch {
      return undefined;
    }
    if (value === '') return undefined;
    params[w.slice(1, -1)] = value;
  }
  return params;
}

function reference(method: string, path: string): Expected {
  const matching: { entry: CatalogEntry; params: Record<string, string> }[] = [];
  for (const entry of OPERATION_CATALOG) {
    const params = paramsOf(entry.path, path);
    if (params !== undefined) matching.push({ entry, params });
  }
  if (matching.length === 0) return { kind: 'not-found' };
  // HEAD is answered by the path's GET operation.
  const hit = matching.find(({ entry }) => entry.method === method) ?? (method === 'HEAD' ? matching.find(({ entry }) => entry.method === 'GET') : undefined);
  if (hit !== undefined) return { kind: 'found', id: hit.entry.id, params: hit.params };
  const methods = new Set(matching.map(({ entry }) => entry.method as string));
  if (methods.has('GET')) methods.add('HEAD');
  return { kind: 'method-not-allowed', allow: [...methods].sort().join(', ') };
}

function actual(method: string, path: string): Expected {
  const match = router.match(method, path);
  if (match.kind === 'found') return { kind: 'found', id: match.entry.id, params: { ...match.params } };
  return match.kind === 'method-not-allowed' ? { kind: 'method-not-allowed', allow: match.allow } : { kind: 'not-found' };
}

const LITERALS = [...new Set(OPERATION_CATALOG.flatMap((e) => e.path.split('/').filter((s) => s !== '' && !s.startsWith('{'))))];
const segment = fc.oneof(
  fc.constantFrom(...LITERALS),
  fc.constantFrom('acc_1', '__proto__', 'toString', 'constructor', '%zz', '%2F', '%41cc', 'a%20b', '%F0%9F%92%B8', '', '\u{1F4B8}', '\ud800'),
  fc.string({ maxLength: 6 }),
);
const pathOfTemplate = fc
  .tuple(fc.constantFrom(...OPERATION_CATALOG.map((e) => e.path)), fc.array(segment, { minLength: 8, maxLength: 8 }))
  .map(([template, fills]) =>
    template
      .split('/')
      .map((s, i) => (s.startsWith('{') ? (fills[i % fills.length] ?? 'x') : s))
      .join('/'),
  );
const anyPath = fc.oneof(
  pathOfTemplate,
  pathOfTemplate.map((p) => `${p}/`),
  fc.array(segment, { maxLength: 6 }).map((s) => `/${s.join('/')}`),
  fc.string({ maxLength: 20 }),
);

describe('createRouter', () => {
  it('answers what a segment-by-segment reference answers, for any method and path', () => {
    fc.assert(
      fc.property(fc.constantFrom(...METHODS), anyPath, (method, path) => {
        expect(actual(method, path)).toEqual(reference(method, path));
      }),
      { numRuns: 400 },
    );
  });

  it('routes every catalog entry, with its decoded parameters', () => {
    for (const entry of OPERATION_CATALOG) {
      const path = entry.path.replace(/\{([A-Za-z]+)\}/g, (_m, name: string) => encodeURIComponent(`${name} 1/é`));
      const match = router.match(entry.method, path);
      expect(match.kind).toBe('found');
      if (match.kind !== 'found') continue;
      expect(match.entry).toBe(entry);
      for (const [name, value] of Object.entries(match.params)) expect(value).toBe(`${name} 1/é`);
    }
  });

  it('gives params that inherit no names (toString, constructor, __proto__ are not parameters)', () => {
    const match = router.match('GET', '/accounts/toString/schedules/__proto__');
    expect(match.kind).toBe('found');
    if (match.kind !== 'found') return;
    expect({ ...match.params }).toEqual({ accountID: 'toString', scheduleID: '__proto__' });
    const params = match.params as Record<string, unknown>;
    expect(params['constructor']).toBeUndefined();
    expect(params['hasOwnProperty']).toBeUndefined();
    expect(params['__proto__']).toBeUndefined();
    expect('toString' in params).toBe(false);
    expect(Object.keys(params)).toEqual(['accountID', 'scheduleID']);
  });

  it('shares no writable prototype: a host holding one params object cannot plant a name in the next', () => {
    const first = router.match('GET', '/accounts/a1/schedules/s1');
    if (first.kind !== 'found') throw new Error('not found');
    expect(() => {
      'use strict';
      (Object.getPrototypeOf(first.params) as Record<string, string>)['accountID'] = 'victim';
    }).toThrow(TypeError);
    const next = router.match('GET', '/receipts');
    const params = next.kind === 'found' ? next.params : {};
    expect(params['accountID']).toBeUndefined();
  });

  it('refuses empty segments, a trailing slash and paths that do not start with "/"', () => {
    expect(router.match('GET', '/accounts//schedules/s1').kind).toBe('not-found');
    expect(router.match('GET', '/accounts/a1/schedules/s1/').kind).toBe('not-found');
    expect(router.match('GET', 'accounts/a1/schedules/s1').kind).toBe('not-found');
    expect(router.match('GET', '').kind).toBe('not-found');
  });
});
