import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ACCESS_LOG_MESSAGE, type AccessLogEntry, OPTION_MESSAGES, createHandler } from '../../../src/http/index.js';
import type { ResponseLogEntry } from '../../../src/http/policies/access-log.js';
import { A, SCHEDULE_ID, bearer, testOptions } from '../helpers.js';
import { createTracing, openTelemetry } from './otel.js';

const PATH = `/accounts/${A}/schedules/${SCHEDULE_ID}`;

/** A pino logger writing JSON lines into an array. */
function pinoLines(): { logger: pino.Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ base: null }, stream), lines: () => chunks.join('').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('the structured access log (pino-http shape)', () => {
  it('hands each answer to a callback as req, res, responseTime and reqId', async () => {
    const entries: AccessLogEntry[] = [];
    const handler = createHandler(testOptions({ accessLog: (entry) => entries.push(entry) }));
    await handler(new Request(`http://localhost${PATH}?secret=1`, { headers: { ...bearer('all'), 'x-request-id': 'req-1' } }));
    await handler(new Request('http://localhost/nowhere', { method: 'POST', headers: { 'x-request-id': 'req-2' } }));
    expect(entries.map(({ responseTime, ...rest }) => rest)).toEqual([
      { req: { id: 'req-1', method: 'GET', url: PATH }, res: { statusCode: 200 }, reqId: 'req-1' },
      { req: { id: 'req-2', method: 'POST', url: '/nowhere' }, res: { statusCode: 404 }, reqId: 'req-2' },
    ]);
    for (const entry of entries) expect(entry.responseTime).toBeGreaterThanOrEqual(0);
  });

  it("writes to a pino logger at info with pino-http's message, after the host's own onResponse", async () => {
    const { logger, lines } = pinoLines();
    const heard: ResponseLogEntry[] = [];
    const handler = createHandler(testOptions({ accessLog: logger, onResponse: (entry) => heard.push(entry) }));
    await handler(new Request(`http://localhost${PATH}`, { headers: { ...bearer('all'), 'x-request-id': 'req-3' } }));
    const [line] = lines();
    expect(line).toMatchObject({ level: 30, msg: ACCESS_LOG_MESSAGE, req: { id: 'req-3', method: 'GET', url: PATH }, res: { statusCode: 200 }, reqId: 'req-3' });
    expect(typeof line?.['responseTime']).toBe('number');
    expect(heard.map((entry) => [entry.requestId, entry.status])).toEqual([['req-3', 200]]);
  });

  it('carries traceId and spanId of the server span when tracing', async () => {
    const tracing = createTracing();
    const entries: AccessLogEntry[] = [];
    const handler = createHandler(testOptions({ accessLog: (entry) => entries.push(entry), tracer: tracing.tracer, openTelemetry }));
    await handler(new Request(`http://localhost${PATH}`, { headers: bearer('all') }));
    const server = (await tracing.spans()).find((span) => span.kind === 1);
    expect([entries[0]?.traceId, entries[0]?.spanId]).toEqual([server?.spanContext().traceId, server?.spanContext().spanId]);
  });

  it('a throwing sink does not change the answer; a malformed one is refused at start-up', async () => {
    const handler = createHandler(testOptions({ accessLog: () => { throw new Error('disk full'); } }));
    expect((await handler(new Request(`http://localhost${PATH}`, { headers: bearer('all') }))).status).toBe(200);
    expect(() => createHandler(testOptions({ accessLog: { warn: () => undefined } as never }))).toThrow(new TypeError(OPTION_MESSAGES.accessLog));
  });
});
