import { describe, expect, it } from 'vitest';
import { createHandler, createMemoryStore } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { TEXT_BODY_MAX_LENGTH, cachedBody } from '../../src/http/core/reply.js';
import { A, SCHEDULE_ID, bearer, listen, schedule, seed, testOptions } from './helpers.js';

const text = (body: string | Uint8Array): string => (typeof body === 'string' ? body : new TextDecoder().decode(body));

describe('cachedBody', () => {
  it('keeps short bodies as text and long ones as their UTF-8 bytes, same content either way', () => {
    // JSON text of exactly `length` characters (quotes included), with two-byte and four-byte characters.
    for (const length of [2, 3, TEXT_BODY_MAX_LENGTH - 1, TEXT_BODY_MAX_LENGTH, TEXT_BODY_MAX_LENGTH + 1, 20_000]) {
      const inner = length - 2;
      const json = JSON.stringify(`${'🙂'.repeat(Math.floor(inner / 2))}${'é'.repeat(inner % 2)}`);
      expect(json.length).toBe(length);
      const body = cachedBody(json);
      expect(typeof body === 'string').toBe(json.length <= TEXT_BODY_MAX_LENGTH);
      expect(text(body)).toBe(json);
    }
  });

  it('over HTTP: a long non-ASCII schedule answer is sent as bytes with the right Content-Length', async () => {
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
        expect(bytes.byteLength).toBeGreaterThan(TEXT_BODY_MAX_LENGTH);
      }
    } finally {
      await s.close();
    }
  });
});
