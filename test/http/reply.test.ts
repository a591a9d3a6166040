import { describe, expect, it } from 'vitest';
import { createHandler, createMemoryStore } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { A, SCHEDULE_ID, bearer, listen, schedule, seed, testOptions } from './helpers.js';

describe('a cached answer', () => {
  it('over HTTP: a long non-ASCII schedule answer, first and cached, has the Content-Length of its UTF-8 bytes', async () => {
    const long = { ...schedule, description: `rent 🏠 ${'é'.repeat(900)}`.slice(0, 255) };
    const store = createMemoryStore({ seed: { accounts: { [A]: { ...seed().accounts?.[A], schedules: [long] } } } });
    const s = await listen(toNodeListener(createHandler(testOptions({ store }))));
    try {
      for (let i = 0; i < 2; i++) {
        // The second answer is the cached body.
        const response = await fetch(`${s.url}/accounts/${A}/schedules/${SCHEDULE_ID}`, { headers: bearer('all') });
        const bytes = new Uint8Array(await response.arrayBuffer());
        expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
        const answer = JSON.parse(new TextDecoder().decode(bytes)) as { description: string };
        expect(answer.description).toBe(long.description);
        // Multi-byte characters: a length counted in UTF-16 units would cut the answer short.
        expect(bytes.byteLength).toBeGreaterThan(new TextDecoder().decode(bytes).length);
      }
    } finally {
      await s.close();
    }
  });
});
