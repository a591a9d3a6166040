import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, createHandler } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { A, INVOICE_ID, UUID, bearer, call, draftInvoice, jsonInit, listen, testOptions } from './helpers.js';

describe('toNodeListener', () => {
  it('ties the abort signal to the response close: not aborted on a normal request, aborted when the client goes away', async () => {
    const events: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const handler = createHandler(
      testOptions({
        operations: {
          listTransfers: {
            handle: async ({ signal }) => {
              // A body was fully read by now in the normal case; 'end' of the request must not abort.
              await new Promise((resolve) => setTimeout(resolve, 20));
              events.push(`normal aborted=${signal.aborted}`);
              return Response.json({ ok: true });
            },
          },
          getTransfer: {
            handle: async ({ signal }) => {
              signal.addEventListener('abort', () => {
                events.push('client gone: aborted');
                release();
              });
              entered();
              await gate;
              return Response.json({ late: true });
            },
          },
        },
      }),
    );
    const s = await listen(toNodeListener(handler));
    try {
      expect((await call(`${s.url}/accounts/${A}/transfers`, { headers: bearer('all') })).status).toBe(200);
      const controller = new AbortController();
      const pending = fetch(`${s.url}/accounts/${A}/transfers/t1`, { headers: bearer('all'), signal: controller.signal }).catch(() => 'aborted');
      await inside; // abort only once the operation listens (a fixed delay races a busy machine)
      controller.abort();
      expect(await pending).toBe('aborted');
      await gate;
      expect(events).toEqual(['normal aborted=false', 'client gone: aborted']);
    } finally {
      await s.close();
    }
  });

  it('keeps several Set-Cookie headers apart and streams a host response body', async () => {
    const handler = createHandler(
      testOptions({
        operations: {
          listFiles: {
            handle: () => {
              const headers = new Headers({ 'content-type': 'text/plain' });
              headers.append('set-cookie', 'a=1; Path=/');
              headers.append('set-cookie', 'b=2, c=3; Path=/');
              let n = 0;
              const body = new ReadableStream<Uint8Array>({
                pull(c) {
                  n += 1;
                  if (n > 3) c.close();
                  else c.enqueue(new TextEncoder().encode(`chunk${n};`));
                },
              });
              return new Response(body, { status: 200, headers });
            },
          },
        },
      }),
    );
    const s = await listen(toNodeListener(handler));
    try {
      const raw = await new Promise<{ cookies: string[] | undefined; body: string; id: unknown }>((resolve, reject) => {
        httpRequest(`${s.url}/accounts/${A}/files`, { headers: bearer('all') }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ cookies: res.headers['set-cookie'], body, id: res.headers['x-request-id'] }));
        })
          .on('error', reject)
          .end();
      });
      expect(raw.cookies).toEqual(['a=1; Path=/', 'b=2, c=3; Path=/']);
      expect(raw.body).toBe('chunk1;chunk2;chunk3;');
      expect(raw.id).toMatch(UUID);
    } finally {
      await s.close();
    }
  });

  it('adapts any fetch handler, not only createHandler', async () => {
    const s = await listen(
      toNodeListener(async (request) => {
        const text = request.method === 'POST' ? await request.text() : '';
        return new Response(`${request.method} ${new URL(request.url).pathname} ${text}`, { headers: { 'x-custom': '1' } });
      }),
    );
    try {
      const r = await call(`${s.url}/a/b?c=1`, { method: 'POST', body: 'hello' });
      expect([r.status, r.text, r.headers.get('x-custom')]).toEqual([200, 'POST /a/b hello', '1']);
    } finally {
      await s.close();
    }
  });

  it('a foreign fetch handler that rejects still gets a 500 {error} with a request id', async () => {
    const s = await listen(
      toNodeListener(async () => {
        throw new Error('boom');
      }),
    );
    try {
      const r = await call(`${s.url}/x`);
      expect([r.status, r.json]).toEqual([500, { error: HTTP_MESSAGES.internal }]);
      expect(r.headers.get('x-request-id')).toMatch(UUID);
    } finally {
      await s.close();
    }
  });

  it('closes the connection after refusing an oversized streamed body, without reading it all', async () => {
    const s = await listen(toNodeListener(createHandler(testOptions({ maxBodyBytes: 1000 }))));
    try {
      const answer = await new Promise<{ status: number; connection: unknown }>((resolve, reject) => {
        const req = httpRequest(
          `${s.url}/accounts/${A}/invoices/${INVOICE_ID}`,
          { method: 'PATCH', headers: { ...bearer('all'), 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, connection: res.headers['connection'] });
          },
        );
        req.on('error', (e) => (String(e).includes('EPIPE') || String(e).includes('ECONNRESET') ? undefined : reject(e)));
        const chunk = Buffer.alloc(600, 0x20);
        req.write(chunk);
        req.write(chunk);
        // Never end: the server must answer anyway.
      });
      expect(answer).toEqual({ status: 400, connection: 'close' });
    } finally {
      await s.close();
    }
  });

  it('uses a body a framework left as a string or Buffer in req.body', async () => {
    const handler = toNodeListener(createHandler(testOptions()));
    for (const form of ['string', 'buffer'] as const) {
      const s = await listen((req, res) => {
        let text = '';
        req.on('data', (c: Buffer) => (text += c.toString()));
        req.on('end', () => {
          (req as unknown as { body: unknown }).body = form === 'string' ? text : Buffer.from(text);
          handler(req, res);
        });
      });
      try {
        const r = await call(`${s.url}/accounts/${A}/invoices/${INVOICE_ID}`, jsonInit('PATCH', { description: form }));
        expect([r.status, r.json]).toEqual([200, { ...draftInvoice, description: form }]);
      } finally {
        await s.close();
      }
    }
  });

  it('answers with Content-Length, not chunked, for JSON replies', async () => {
    const s = await listen(toNodeListener(createHandler(testOptions())));
    try {
      const r = await call(`${s.url}/nope`);
      expect(r.headers.get('content-length')).toBe(String(Buffer.byteLength(r.text)));
      expect(r.headers.get('transfer-encoding')).toBeNull();
    } finally {
      await s.close();
    }
  });
});

describe('toNodeListener header reading', () => {
  it('joins repeated header lines as fetch Headers does: two Authorization lines are one malformed credential (401), repeated x-request-id lines are joined (and so replaced)', async () => {
    const { request } = await import('node:http');
    const s = await listen(toNodeListener(createHandler(testOptions())));
    try {
      const answer = await new Promise<{ status: number; id: unknown }>((resolve, reject) => {
        const req = request(`${s.url}/accounts/${A}/adjustments/adj-1`, {
          headers: [['Host', '127.0.0.1'], ['Authorization', 'Bearer all'], ['AUTHORIZATION', 'Bearer nope'], ['X-Request-Id', 'a'], ['x-request-id', 'b']].flat(),
        } as never, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, id: res.headers['x-request-id'] });
        });
        req.on('error', reject);
        req.end();
      });
      expect(answer.status).toBe(401);
      expect(answer.id).toMatch(UUID);
    } finally {
      await s.close();
    }
  });
});
