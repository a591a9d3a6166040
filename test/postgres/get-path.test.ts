// The GET path over PGlite, where it differs from the memory store's: the store's reads are
// promises and every read gives a new schedule object (the schedule view's last-schedule memo
// misses each time), and the handler's remembered bearer header, scope and router answers are
// the same. Each answer must be byte for byte the memory store's, for clients that alternate.
import { describe, expect, it } from 'vitest';
import { createHandler, createMemoryStore, createStaticAuth } from '../../src/http/index.js';
import { createPostgresStore } from '../../src/postgres/index.js';
import { A, NOW, SCHEDULE_ID, TOKENS, bearer, seed } from '../http/helpers.js';
import { PGLITE_START_MS, usePGlite } from './helpers.js';

describe('GET schedule over PGlite answers as over the memory store', () => {
  const db = usePGlite();

  it('for alternating tokens, repeated', async () => {
    const clock = () => NOW;
    const pglite = createHandler({ store: await createPostgresStore({ client: db(), seed: seed() }), auth: createStaticAuth(TOKENS), clock });
    const memory = createHandler({ store: createMemoryStore({ seed: seed() }), auth: createStaticAuth(TOKENS), clock });
    const answer = async (handler: (r: Request) => Promise<Response>, token: string) => {
      const response = await handler(new Request(`http://localhost/accounts/${A}/schedules/${SCHEDULE_ID}`, { headers: { ...bearer(token), 'x-request-id': 'r-1' } }));
      return [response.status, await response.text()] as const;
    };
    const tokens = Object.keys(TOKENS);
    for (const token of [...tokens, ...tokens, tokens[0]!, tokens[0]!, 'unknown', tokens[0]!]) {
      const fromPglite = await answer(pglite, token);
      expect(fromPglite).toEqual(await answer(memory, token));
    }
  }, PGLITE_START_MS);
});
