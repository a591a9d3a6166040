// Documented rules that only show at their edges: each test here failed to exist until an
// audit changed the rule in a copy of src/ and saw every other test still pass.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, type Store, createHandler, createMemoryStore, createStaticAuth } from '../../src/http/index.js';
import { A, CLOSED_DISPUTE_ID, DOMAIN, INVOICE_ID, bearer, call, jsonInit, seed, serve, testOptions } from './helpers.js';

const LISTED_PATH = `/accounts/${A}/transfers`; // listTransfers, spec 4.6

describe('operations of spec 4.6 (listed only)', () => {
  it('a token of an account whose ID merely starts with this one holds no scope of it', async () => {
    // "acc-a-2" begins with "acc-a": without the "/" after the account, its scopes would match.
    const s = await serve({ auth: createStaticAuth({ longer: { scopes: [`/accounts/${A}-2/transfers.read`] } }) });
    try {
      const r = await call(`${s.url}${LISTED_PATH}`, { headers: bearer('longer') });
      expect([r.status, r.headers.get('www-authenticate')]).toEqual([403, 'Bearer error="insufficient_scope"']);
    } finally {
      await s.close();
    }
  });

  it('are rate limited like the five: 429 with Retry-After before the 501', async () => {
    const checked: string[] = [];
    const s = await serve({
      rateLimiter: { check: ({ operationId }) => (checked.push(operationId), { allowed: false, retryAfterSeconds: 2.2 }) },
    });
    try {
      const r = await call(`${s.url}${LISTED_PATH}`, { headers: bearer('all') });
      expect([r.status, r.headers.get('retry-after'), r.json]).toEqual([429, '3', { error: HTTP_MESSAGES.rateLimited }]);
      expect(checked).toEqual(['listTransfers']);
    } finally {
      await s.close();
    }
  });
});

describe('rate limiter answers that are not numbers', () => {
  it('a Retry-After that is NaN or infinite becomes 1 second; a negative one 0', async () => {
    for (const [retryAfterSeconds, expected] of [
      [Number.NaN, '1'],
      [Number.POSITIVE_INFINITY, '1'],
      [-5, '0'],
    ] as const) {
      const s = await serve({ rateLimiter: { check: () => ({ allowed: false, retryAfterSeconds }) } });
      try {
        const r = await call(`${s.url}/accounts/${A}/adjustments/adj-1`, { headers: bearer('all') });
        expect([r.status, r.headers.get('retry-after')]).toEqual([429, expected]);
      } finally {
        await s.close();
      }
    }
  });
});

describe('the resource is looked up before the body is validated', () => {
  it('an invalid update to an invoice that does not exist is a 404, not a 422', async () => {
    const s = await serve();
    try {
      const r = await call(`${s.url}/accounts/${A}/invoices/no-such-invoice`, jsonInit('PATCH', { status: 'nonsense', dueDate: 'yesterday' }));
      expect([r.status, r.json]).toEqual([404, { error: HTTP_MESSAGES.invoiceNotFound }]);
    } finally {
      await s.close();
    }
  });

  it('invalid evidence for a dispute that does not exist is a 404, not a 400', async () => {
    const s = await serve();
    try {
      const r = await call(`${s.url}/accounts/${A}/disputes/no-such-dispute/evidence-text`, jsonInit('POST', { evidenceType: 'nonsense' }));
      expect([r.status, r.json]).toEqual([404, { error: HTTP_MESSAGES.disputeNotFound }]);
    } finally {
      await s.close();
    }
  });
});

describe('disputes', () => {
  it('a dispute stored without a status accepts evidence; a closed one is a 409', async () => {
    const store = createMemoryStore({ seed: { accounts: { [A]: { disputes: [{ disputeID: 'no-status' }, { disputeID: CLOSED_DISPUTE_ID, status: 'closed' }] } } } });
    const s = await serve({ store });
    try {
      const body = { evidenceType: 'receipt', text: 'paid' };
      expect((await call(`${s.url}/accounts/${A}/disputes/no-status/evidence-text`, jsonInit('POST', body))).status).toBe(201);
      expect((await call(`${s.url}/accounts/${A}/disputes/${CLOSED_DISPUTE_ID}/evidence-text`, jsonInit('POST', body))).status).toBe(409);
    } finally {
      await s.close();
    }
  });
});

describe('a store that loses the resource between the read and the write', () => {
  const vanishing = (): Store => {
    const inner = createMemoryStore({ seed: seed() });
    return {
      ...inner,
      compareAndSetInvoice: async () => ({ ok: false, reason: 'not-found' }),
      addEvidence: async () => ({ ok: false, reason: 'not-found' }),
    };
  };

  it('an invoice deleted meanwhile is a 404 (not a 409, not a 500)', async () => {
    const s = await serve({ store: vanishing() });
    try {
      const r = await call(`${s.url}/accounts/${A}/invoices/${INVOICE_ID}`, jsonInit('PATCH', { description: 'x' }));
      expect([r.status, r.json]).toEqual([404, { error: HTTP_MESSAGES.invoiceNotFound }]);
    } finally {
      await s.close();
    }
  });

  it('a dispute deleted meanwhile is a 404', async () => {
    const s = await serve({ store: vanishing() });
    try {
      const r = await call(`${s.url}/accounts/${A}/disputes/dsp-1/evidence-text`, jsonInit('POST', { evidenceType: 'receipt', text: 'x' }));
      expect([r.status, r.json]).toEqual([404, { error: HTTP_MESSAGES.disputeNotFound }]);
    } finally {
      await s.close();
    }
  });
});

describe('the wallet provider', () => {
  it('its signal aborts when the client goes away before it answers', async () => {
    let providerSignal: AbortSignal | undefined;
    let called!: () => void;
    const reached = new Promise<void>((resolve) => (called = resolve));
    const handler = createHandler(
      testOptions({
        downstreamTimeoutMs: 60_000,
        walletProvider: {
          createSession: ({ signal }) => {
            providerSignal = signal;
            called();
            return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
          },
        },
      }),
    );
    const client = new AbortController();
    const answer = handler(
      new Request(`http://x/accounts/${A}/apple-pay/sessions`, { ...jsonInit('POST', { domain: DOMAIN, displayName: 'x' }), signal: client.signal }),
    );
    await reached;
    expect(providerSignal?.aborted).toBe(false);
    client.abort();
    await answer;
    expect(providerSignal?.aborted).toBe(true);
  });
});

describe('host operations answering a Response whose headers cannot be changed', () => {
  it('still carries x-request-id (Response.redirect has immutable headers)', async () => {
    const s = await serve({ operations: { listTransfers: { handle: () => Response.redirect('https://example.com/elsewhere', 302) } } });
    try {
      const r = await call(`${s.url}${LISTED_PATH}`, { headers: { ...bearer('all'), 'x-request-id': 'trace-7' }, redirect: 'manual' });
      expect([r.status, r.headers.get('location'), r.headers.get('x-request-id')]).toEqual([302, 'https://example.com/elsewhere', 'trace-7']);
    } finally {
      await s.close();
    }
  });
});

describe('request bodies and maxBodyBytes', () => {
  /** Sends a request head (and optionally a body) on a raw socket; resolves with the status line and the time it took. */
  const raw = (port: number, text: string): Promise<{ statusLine: string; ms: number }> =>
    new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        data += chunk;
        if (data.includes('\r\n')) {
          socket.destroy();
          resolve({ statusLine: data.slice(0, data.indexOf('\r\n')), ms: Date.now() - started });
        }
      });
      socket.on('error', reject);
      socket.write(text);
    });

  it('a declared Content-Length over the limit is refused at once, without waiting for the body', async () => {
    const s = await serve({ maxBodyBytes: 100 });
    try {
      const port = Number(new URL(s.url).port);
      const head = [`PATCH /accounts/${A}/invoices/${INVOICE_ID} HTTP/1.1`, 'Host: x', 'Authorization: Bearer all', 'Content-Type: application/json', 'Content-Length: 1000000'];
      // The body never comes: an answer means the length alone was enough.
      const r = await raw(port, `${head.join('\r\n')}\r\n\r\n`);
      expect(r.statusLine).toBe('HTTP/1.1 400 Bad Request');
    } finally {
      await s.close();
    }
  });

  it('a body of exactly maxBodyBytes is read; one byte more is a 400 (chunked, no length declared)', async () => {
    const body = JSON.stringify({ description: 'x' });
    for (const [limit, status] of [
      [body.length, 200],
      [body.length - 1, 400],
    ] as const) {
      const handler = createHandler(testOptions({ maxBodyBytes: limit }));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          const bytes = new TextEncoder().encode(body);
          controller.enqueue(bytes.subarray(0, 5)); // two chunks: the limit is checked as they arrive
          controller.enqueue(bytes.subarray(5));
          controller.close();
        },
      });
      const response = await handler(
        new Request(`http://x/accounts/${A}/invoices/${INVOICE_ID}`, {
          method: 'PATCH',
          headers: { ...bearer('all'), 'content-type': 'application/json' },
          body: stream,
          duplex: 'half',
        } as RequestInit),
      );
      expect([limit, response.status]).toEqual([limit, status]);
    }
  });
});
