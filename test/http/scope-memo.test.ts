// The scope step remembers the last frozen list of scopes that held a scope (a static token's
// grant): it must never answer for another list, nor for a list that can still change.
import { describe, expect, it } from 'vitest';
import { createHandler, createMemoryStore } from '../../src/http/index.js';
import type { AuthPort, TokenGrant } from '../../src/http/index.js';
import { DEMO_IDS, DEMO_SEED } from '../../src/reference/demo-data.js';

const path = `http://localhost/accounts/${DEMO_IDS.accountID}/schedules/${DEMO_IDS.scheduleID}`;
const READ = `/accounts/${DEMO_IDS.accountID}/transfers.read`;
const get = (handler: (r: Request) => Promise<Response>, token: string) =>
  handler(new Request(path, { headers: { authorization: `Bearer ${token}` } })).then((r) => r.status);

describe('the scope step over grants', () => {
  it('answers each frozen list by its own content, in any order', async () => {
    const grants: Record<string, TokenGrant> = {
      yes: Object.freeze({ scopes: Object.freeze([READ]) }),
      no: Object.freeze({ scopes: Object.freeze([`/accounts/${DEMO_IDS.accountID}/invoices.write`]) }),
      also: Object.freeze({ scopes: Object.freeze(['x', READ]) }),
    };
    const auth: AuthPort = { verify: (token) => grants[token] };
    const handler = createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth });
    const seen = [];
    for (const token of ['yes', 'yes', 'no', 'yes', 'also', 'no', 'also']) seen.push(await get(handler, token));
    expect(seen).toEqual([200, 200, 403, 200, 200, 403, 200]);
  });

  it('walks a list that is not frozen each time: a scope taken out of it is refused on the next request', async () => {
    const scopes = [READ];
    const auth: AuthPort = { verify: () => ({ scopes }) };
    const handler = createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth });
    expect(await get(handler, 't')).toBe(200);
    expect(await get(handler, 't')).toBe(200);
    scopes.pop();
    expect(await get(handler, 't')).toBe(403);
  });
});
