import { randomBytes } from 'node:crypto';
import { type JetStreamManager, type NatsConnection, connect, nanos } from 'nats';
import { afterAll, expect, it } from 'vitest';
import { type DeliverableEffect, type DeliveryContext, createEffectDispatcher } from '../../src/http/index.js';
import { NATS_MESSAGES, createNatsRelay } from '../../src/relay/nats/index.js';
import { ACCOUNT_A, fixtureEffect } from '../../src/testing/index.js';
import { INVOICE, describeRealServer, effectIDs, pause, startOutageDispatcher, storeWithEffects, tally, until } from './helpers.js';
import { startOwnNatsServer } from './nats-server.js';

// Real NATS with JetStream (PAYMENTS_KIT_NATS_URL, .ci/run sets it). The shared server on 4222
// is used by other suites, so the stop-and-start scenario runs on a nats-server this test
// starts itself (its own port and store directory) and stops and starts by PID.
const RUN = `pk_relay_${process.pid}_${randomBytes(3).toString('hex')}`;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** A stream capturing `<name>.>` with a 2-minute duplicate window. */
async function stream(jsm: JetStreamManager, name: string): Promise<void> {
  await jsm.streams.add({ name, subjects: [`${name}.>`], duplicate_window: nanos(120_000) });
  cleanups.push(() => jsm.streams.delete(name));
}

/** The Nats-Msg-Id of every message the stream holds, in order. */
async function storedIDs(jsm: JetStreamManager, name: string): Promise<string[]> {
  const info = await jsm.streams.info(name);
  const ids: string[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq += 1) {
    const message = await jsm.streams.getMessage(name, { seq });
    ids.push(message.header.get('Nats-Msg-Id'));
    expect(message.json<{ effectID: string }>().effectID).toBe(message.header.get('Nats-Msg-Id'));
  }
  return ids;
}

async function natsConnection(servers: string): Promise<NatsConnection> {
  const nc = await connect({ servers, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
  cleanups.push(() => nc.close());
  return nc;
}

describeRealServer('createNatsRelay on a real NATS JetStream', 'PAYMENTS_KIT_NATS_URL', 'nats://127.0.0.1:4222', (url) => {
  it('each effect is stored once with Nats-Msg-Id = effect ID; a redelivery inside the window is acknowledged as a duplicate', async () => {
    const nc = await natsConnection(url);
    const jsm = await nc.jetstreamManager();
    const name = `${RUN}_once`;
    await stream(jsm, name);
    const store = await storeWithEffects(30, 'nats');
    const deliver = createNatsRelay({ jetstream: nc.jetstream(), subject: (e) => `${name}.${e.type}`, stream: name });
    expect(await createEffectDispatcher({ store, deliver }).drain()).toBe(30);
    // The same effect again (a retry after a lost PubAck): resolved, and not stored twice.
    await deliver({ ...fixtureEffect(INVOICE, 'INV-3'), effectID: 'nats-3' }, { accountID: ACCOUNT_A, requestId: 'req-3' });
    const ids = await storedIDs(jsm, name);
    expect([...tally(ids).entries()].sort()).toEqual(effectIDs('nats', 30).sort().map((id) => [id, 1]));
    const first = await jsm.streams.getMessage(name, { seq: (await jsm.streams.info(name)).state.first_seq });
    expect(first.subject).toBe(`${name}.invoice.finalized`);
  });

  it('no stream for the subject, or the wrong stream, makes the delivery throw; options are checked at construction', async () => {
    const nc = await natsConnection(url);
    const jsm = await nc.jetstreamManager();
    const name = `${RUN}_other`;
    await stream(jsm, name);
    const effect = { ...fixtureEffect(INVOICE), effectID: 'x-1' };
    const context = { accountID: ACCOUNT_A, requestId: 'r' };
    await expect(createNatsRelay({ jetstream: nc.jetstream(), subject: `${RUN}_nostream.x`, timeoutMs: 2_000 })(effect, context)).rejects.toThrow();
    await expect(createNatsRelay({ jetstream: nc.jetstream(), subject: `${name}.x`, stream: 'another' })(effect, context)).rejects.toThrow();
    expect(() => createNatsRelay({ jetstream: {} as never })).toThrow(NATS_MESSAGES.jetstream);
    expect(() => createNatsRelay({ jetstream: nc.jetstream(), subject: '' })).toThrow(NATS_MESSAGES.subject);
    expect(() => createNatsRelay({ jetstream: nc.jetstream(), timeoutMs: 0 })).toThrow(NATS_MESSAGES.timeout);
    expect(() => createNatsRelay({ jetstream: nc.jetstream(), stream: '' })).toThrow(NATS_MESSAGES.stream);
  });

  it('with the server stopped and started mid-run every effect is stored, and none twice (duplicate window)', async () => {
    const server = await startOwnNatsServer();
    cleanups.push(() => server.dispose());
    const nc = await natsConnection(server.url);
    const jsm = await nc.jetstreamManager();
    const name = `${RUN}_outage`;
    await jsm.streams.add({ name, subjects: [`${name}.>`], duplicate_window: nanos(120_000) });
    const count = 200;
    const store = await storeWithEffects(count, 'out');
    const acked: string[] = [];
    const relay = createNatsRelay({ jetstream: nc.jetstream(), subject: (e) => `${name}.${e.type}`, timeoutMs: 1_000 });
    const failures: unknown[] = [];
    const deliver = async (effect: DeliverableEffect, context: DeliveryContext): Promise<void> => {
      await relay(effect, context);
      acked.push(effect.effectID);
    };
    const dispatcher = startOutageDispatcher(store, deliver, failures);
    await until(() => acked.length >= 20, 20_000, '20 PubAcks before the stop');
    await server.stop();
    const ackedAtStop = acked.length;
    await pause(1_000);
    await server.start();
    await until(() => new Set(acked).size >= count, 60_000, `all ${count} effects after the restart`);
    await dispatcher.stop();
    expect(ackedAtStop).toBeLessThan(count);
    expect(failures.length).toBeGreaterThan(0);
    const ids = await storedIDs(jsm, name);
    expect(ids.length).toBe(count);
    expect([...new Set(ids)].sort()).toEqual(effectIDs('out', count).sort());
  }, 120_000);
});
