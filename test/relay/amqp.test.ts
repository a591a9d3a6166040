import { randomBytes } from 'node:crypto';
import amqplib, { type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEffectDispatcher } from '../../src/http/index.js';
import { AMQP_MESSAGES, createAmqpRelay } from '../../src/relay/amqp/index.js';
import { ACCOUNT_A, fixtureEffect } from '../../src/testing/index.js';
import { INVOICE, describeRealServer, effectIDs, pause, startOutageDispatcher, storeWithEffects, tally, until } from './helpers.js';
import { startTcpProxy } from './tcp-proxy.js';

// Real RabbitMQ (PAYMENTS_KIT_AMQP_URL, .ci/run sets it). The outage is simulated with a TCP
// proxy in front of the shared broker that cuts this test's connections (not `rabbitmqctl
// stop_app`, which every other suite on the machine would see): to the client it is the same
// event, the socket dies mid-publish and new connections are refused until it comes back.
const RUN = `pk_relay_${process.pid}_${randomBytes(3).toString('hex')}`;

describeRealServer('createAmqpRelay on a real RabbitMQ', 'PAYMENTS_KIT_AMQP_URL', 'amqp://guest:guest@127.0.0.1:5672', (url) => {
  let admin: ChannelModel;
  let consumer: Channel;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    admin = await amqplib.connect(url);
    admin.on('error', () => undefined);
    consumer = await admin.createChannel();
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await admin?.close().catch(() => undefined);
  });

  /** A topic exchange with one queue bound to `invoice.#`, and what arrives in it. */
  async function topology(tag: string): Promise<{ exchange: string; messages: ConsumeMessage[] }> {
    const exchange = `${RUN}_${tag}`;
    await consumer.assertExchange(exchange, 'topic', { durable: false, autoDelete: false });
    const { queue } = await consumer.assertQueue(`${exchange}_q`, { durable: true, autoDelete: false });
    await consumer.bindQueue(queue, exchange, 'invoice.#');
    cleanups.push(() => consumer.deleteQueue(queue), () => consumer.deleteExchange(exchange));
    const messages: ConsumeMessage[] = [];
    await consumer.consume(queue, (message) => {
      if (message === null) return;
      messages.push(message);
      consumer.ack(message);
    });
    return { exchange, messages };
  }

  it('each effect arrives once: persistent, messageId = effect ID, routing key = effect type, the JSON envelope', async () => {
    const { exchange, messages } = await topology('once');
    const connection = await amqplib.connect(url);
    cleanups.push(() => connection.close());
    const channel = await connection.createConfirmChannel();
    const store = await storeWithEffects(30, 'amqp');
    expect(await createEffectDispatcher({ store, deliver: createAmqpRelay({ channel, exchange }) }).drain()).toBe(30);
    await until(() => messages.length >= 30, 10_000, '30 messages');
    await pause(100);
    expect([...tally(messages.map((m) => String(m.properties.messageId))).entries()].sort()).toEqual(effectIDs('amqp', 30).sort().map((id) => [id, 1]));
    const third = messages.find((m) => m.properties.messageId === 'amqp-3');
    expect(third?.properties).toMatchObject({ deliveryMode: 2, contentType: 'application/json', type: 'invoice.finalized', appId: 'payments-kit' });
    expect(third?.properties.headers).toMatchObject({ 'x-account-id': ACCOUNT_A, 'x-request-id': 'req-3' });
    expect(third?.fields.routingKey).toBe('invoice.finalized');
    expect(JSON.parse(third?.content.toString('utf8') ?? '')).toEqual({ type: 'invoice.finalized', effectID: 'amqp-3', accountID: ACCOUNT_A, requestId: 'req-3', data: fixtureEffect(INVOICE, 'INV-3') });
  });

  it('an unroutable message, or a missing exchange, makes the delivery throw; the next channel is asked for', async () => {
    const connection = await amqplib.connect(url);
    connection.on('error', () => undefined);
    cleanups.push(() => connection.close());
    const unbound = `${RUN}_unbound`;
    await consumer.assertExchange(unbound, 'topic', { durable: false });
    cleanups.push(() => consumer.deleteExchange(unbound));
    const effect = { ...fixtureEffect(INVOICE), effectID: 'lost-1' };
    const context = { accountID: ACCOUNT_A, requestId: 'r' };
    const channel = await connection.createConfirmChannel();
    await expect(createAmqpRelay({ channel, exchange: unbound })(effect, context)).rejects.toThrow(AMQP_MESSAGES.unroutable('lost-1', unbound, 'invoice.finalized'));
    let asked = 0;
    const relay = createAmqpRelay({ exchange: `${RUN}_missing`, channel: () => { asked += 1; return connection.createConfirmChannel(); } });
    await expect(relay(effect, context)).rejects.toThrow(/NOT_FOUND|404|closed/i);
    await expect(relay(effect, context)).rejects.toThrow(/NOT_FOUND|404|closed/i);
    expect(asked).toBe(2);
  });

  it('with the broker unreachable mid-run every effect still arrives, duplicates only with the same ID', async () => {
    const { exchange, messages } = await topology('outage');
    const proxy = await startTcpProxy(Number(new URL(url).port || 5672));
    cleanups.push(() => proxy.close());
    const proxied = new URL(url);
    proxied.port = String(proxy.port);
    const connection = await amqplib.connect(proxied.href, { recovery: { initialDelay: 50, maxDelay: 300 } });
    connection.on('error', () => undefined);
    cleanups.push(() => connection.close());
    const count = 200;
    const store = await storeWithEffects(count, 'out');
    const failures: unknown[] = [];
    const dispatcher = startOutageDispatcher(store, createAmqpRelay({ channel: () => connection.createConfirmChannel(), exchange }), failures);
    await until(() => messages.length >= 20, 20_000, '20 messages before the outage');
    proxy.cut();
    const seenAtCut = messages.length;
    await pause(1_500);
    proxy.restore();
    await until(() => new Set(messages.map((m) => m.properties.messageId)).size >= count, 60_000, `all ${count} effects after the outage`);
    await dispatcher.stop();
    expect(seenAtCut).toBeLessThan(count);
    expect(failures.length).toBeGreaterThan(0);
    const ids = messages.map((m) => String(m.properties.messageId));
    expect([...new Set(ids)].sort()).toEqual(effectIDs('out', count).sort());
    // A duplicate (a confirm lost in the cut) carries the same ID and the same body.
    for (const m of messages) expect(JSON.parse(m.content.toString('utf8')).effectID).toBe(m.properties.messageId);
    expect(await store.claimEffects({ limit: 10, leaseMs: 1_000 })).toEqual([]);
  }, 120_000);
});
