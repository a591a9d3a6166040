// Every factory refuses an option key it does not know, naming the key and the nearest known one
// (src/shared/known-options.ts); the options a call takes never make it reject.
import { describe, expect, it } from 'vitest';
import { createClient, createTransport } from '../src/client/index.js';
import { createEffectDispatcher, createHandler, createMemoryStore, createStaticAuth } from '../src/http/index.js';
import { createPostgresStore } from '../src/postgres/index.js';
import { createAmqpRelay } from '../src/relay/amqp/index.js';
import { createNatsRelay } from '../src/relay/nats/index.js';
import { createWebhookRelay } from '../src/relay/webhook/index.js';

const store = createMemoryStore();
const secret = `whsec_${btoa('k'.repeat(32))}`;
// Each factory with valid options and a misspelled key (extra options are passed as `never`: a
// JavaScript caller or a typo, which TypeScript alone would have caught).
const cases: readonly [factory: string, typo: string, nearest: string, make: (extra: Record<string, unknown>) => unknown][] = [
  ['createHandler', 'scheduleTimezone', 'scheduleTimeZone', (extra) => createHandler({ store, ...(extra as object) })],
  ['createHandler', 'timeZone', 'scheduleTimeZone', (extra) => createHandler({ store, ...(extra as object) })],
  ['createHandler', 'basepath', 'basePath', (extra) => createHandler({ store, ...(extra as object) })],
  ['createClient', 'timeoutMS', 'timeoutMs', (extra) => createClient({ baseUrl: 'https://api.example.com', ...(extra as object) })],
  ['createClient', 'retry', 'retries', (extra) => createClient({ baseUrl: 'https://api.example.com', ...(extra as object) })],
  ['createTransport', 'baseURL', 'baseUrl', (extra) => createTransport({ baseUrl: 'https://api.example.com', ...(extra as object) })],
  ['createEffectDispatcher', 'concurency', 'concurrency', (extra) => createEffectDispatcher({ store, deliver: () => undefined, ...(extra as object) })],
  ['createWebhookRelay', 'timeout', 'timeoutMs', (extra) => createWebhookRelay({ url: 'https://hooks.example.com/', secret, ...(extra as object) })],
  ['createAmqpRelay', 'routingkey', 'routingKey', (extra) => createAmqpRelay({ channel: () => Promise.reject(new Error('unused')), ...(extra as object) })],
  ['createNatsRelay', 'subjet', 'subject', (extra) => createNatsRelay({ jetstream: { publish: () => Promise.reject(new Error('unused')) }, ...(extra as object) })],
];

describe('factories refuse an option key they do not know', () => {
  it.each(cases)('%s({ %s }) throws a TypeError naming it and "%s"', (factory, typo, nearest, make) => {
    expect(() => make({})).not.toThrow();
    expect(() => make({ [typo]: 1 })).toThrow(new TypeError(`${factory}: unknown option "${typo}"; did you mean "${nearest}"?`));
  });

  it('createPostgresStore({ schemaName }) rejects with a TypeError naming it and "schema", before touching the client', async () => {
    let touched = false;
    const client = new Proxy({}, { get: () => { touched = true; return undefined; } });
    await expect(createPostgresStore({ client, schemaName: 'x' } as never)).rejects.toThrow(
      new TypeError('createPostgresStore: unknown option "schemaName"; did you mean "schema"?'),
    );
    expect(touched).toBe(false);
  });

  it("a call's own options never make it reject: an unknown key there is left alone", async () => {
    const handler = createHandler({ store, auth: createStaticAuth({ t: { scopes: ['/accounts/a/transfers.read'] } }) });
    const client = createClient({ baseUrl: 'https://api.example.com', token: 't', fetch: handler });
    const result = await client.getSchedule({ accountID: 'a', scheduleID: 's' }, { timeoutMS: 5 } as never);
    expect(result).toMatchObject({ ok: false, kind: 'answer', status: 404 });
  });
});
