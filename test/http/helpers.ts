import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { type HandlerOptions, type StoreSeed, createHandler, createMemoryStore, createStaticAuth } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { DEMO_ADJUSTMENT, DEMO_INVOICE } from '../../src/reference/demo-data.js';
import type { Adjustment, Invoice, Schedule } from '../../src/schemas/index.js';

export const A = 'acc-a';
export const B = 'acc-b';
export const NOW = new Date('2026-04-10T12:00:00Z');
export const INVOICE_ID = '0b7c1a9e-1d2f-4c3b-8a4d-5e6f7a8b9c0d';
export const CANCELED_ID = '0b7c1a9e-1d2f-4c3b-8a4d-5e6f7a8b9c0e';
export const SCHEDULE_ID = 'sch-1';
export const DISPUTE_ID = 'dsp-1';
export const CLOSED_DISPUTE_ID = 'dsp-closed';
export const ADJUSTMENT_ID = 'adj-1';
export const DOMAIN = 'shop.example.com';

/** The demo draft invoice (2 x 10.00 + 1.60 tax = 21.60 USD) under this suite's ID and number. */
export const draftInvoice: Invoice = { ...DEMO_INVOICE, invoiceID: INVOICE_ID, invoiceNumber: 'INV-7' };

export const canceledInvoice: Invoice = { ...draftInvoice, invoiceID: CANCELED_ID, status: 'canceled', canceledOn: '2026-04-02T00:00:00Z' };

const runTransfer = {
  amount: { currency: 'USD', value: 125000 },
  description: 'Rent',
  source: { paymentMethodID: 'pm-src' },
  destination: { paymentMethodID: 'pm-dst' },
  partnerAccountID: A,
};

export const schedule: Schedule = {
  scheduleID: SCHEDULE_ID,
  createdOn: '2026-01-01T00:00:00Z',
  updatedOn: '2026-01-01T00:00:00Z',
  mode: 'sandbox',
  ownerAccountID: A,
  partnerAccountID: A,
  sourceAccountID: A,
  destinationAccountID: B,
  description: 'Monthly rent',
  occurrences: [
    { occurrenceID: 'occ-jan', scheduleID: SCHEDULE_ID, runOn: '2026-01-01T09:00:00Z', status: 'completed', ranOn: '2026-01-01T09:00:05Z' },
  ],
  recur: { recurrenceRule: 'FREQ=MONTHLY;BYMONTHDAY=1;COUNT=6', start: '2026-01-01T09:00:00Z', runTransfer },
};

/** The demo wallet adjustment (-5.25 USD) under this suite's ID. */
export const adjustment: Adjustment = { ...DEMO_ADJUSTMENT, adjustmentID: ADJUSTMENT_ID };

export function seed(): StoreSeed {
  return {
    accounts: {
      [A]: {
        invoices: [draftInvoice, canceledInvoice],
        schedules: [schedule],
        disputes: [{ disputeID: DISPUTE_ID, status: 'response-needed' }, { disputeID: CLOSED_DISPUTE_ID, status: 'closed' }],
        adjustments: [adjustment],
        walletDomains: [DOMAIN],
      },
      [B]: {
        invoices: [{ ...draftInvoice, invoiceID: '0b7c1a9e-1d2f-4c3b-8a4d-5e6f7a8b9cbb' }],
        schedules: [{ ...schedule, scheduleID: 'sch-b' }],
        disputes: [{ disputeID: 'dsp-b' }],
        adjustments: [{ ...adjustment, adjustmentID: 'adj-b' }],
        walletDomains: ['b.example.com'],
      },
    },
  };
}

/** The paths of the five specified operations, for the demo account's seeded resources. */
export const SPECIFIED_PATHS = [
  `/accounts/${A}/schedules/${SCHEDULE_ID}`,
  `/accounts/${A}/invoices/${INVOICE_ID}`,
  `/accounts/${A}/disputes/${DISPUTE_ID}/evidence-text`,
  `/accounts/${A}/apple-pay/sessions`,
  `/accounts/${A}/adjustments/${ADJUSTMENT_ID}`,
] as const;

export const scopesOf = (account: string) => [
  `/accounts/${account}/transfers.read`,
  `/accounts/${account}/transfers.write`,
  `/accounts/${account}/invoices.write`,
  `/accounts/${account}/apple-pay.write`,
  `/accounts/${account}/wallets.read`,
];

export const TOKENS = {
  all: { scopes: scopesOf(A) },
  allB: { scopes: scopesOf(B) },
  readOnly: { scopes: [`/accounts/${A}/transfers.read`] },
  expired: { scopes: scopesOf(A), expiresAt: '2026-04-10T11:59:59Z' },
  expiresNow: { scopes: scopesOf(A), expiresAt: '2026-04-10T12:00:00Z' },
  later: { scopes: scopesOf(A), expiresAt: '2026-04-10T12:00:01Z' },
};

export const bearer = (token: keyof typeof TOKENS | string) => ({ authorization: `Bearer ${token}` });

export const SESSION = '{"merchantSessionIdentifier":"s-1","displayName":"Shop ☕"}';

/** Handler options for tests: fixed clock and IDs, static tokens, a provider answering SESSION. */
export function testOptions(overrides: Partial<HandlerOptions> = {}): HandlerOptions {
  let n = 0;
  return {
    store: createMemoryStore({ seed: seed() }),
    auth: createStaticAuth(TOKENS),
    clock: () => NOW,
    generateId: () => `ev-${++n}`,
    walletProvider: { createSession: async () => SESSION },
    ...overrides,
  };
}

/**
 * An event a test waits for: a promise and the function that resolves it. A scenario ordered by
 * events rather than by sleeps keeps its order on a loaded machine.
 */
export function released(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

export type TestServer = { url: string; server: Server; close(): Promise<void> };

/** Listens on 127.0.0.1 with an ephemeral port. */
export async function listen(listener: Parameters<typeof createServer>[1]): Promise<TestServer> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Serves `createHandler(testOptions(overrides))` through toNodeListener. */
export function serve(overrides: Partial<HandlerOptions> = {}): Promise<TestServer> {
  return listen(toNodeListener(createHandler(testOptions(overrides))));
}

export type Answer = { status: number; headers: Headers; text: string; json: unknown };

/** fetch() and read the whole answer. */
export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export const jsonInit = (method: string, body: unknown, headers: Record<string, string> = bearer('all')): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Puts the platform's `Request` and `Response` back on `globalThis` when the calling file's tests
 * end: `@hono/node-server` replaces them with its own classes, and test files share a worker's
 * globals, so a file that starts it would otherwise change what the next file's `fetch` answers
 * are instances of.
 */
export function keepFetchGlobals(): void {
  const { Request: PlatformRequest, Response: PlatformResponse } = globalThis;
  afterAll(() => {
    Object.defineProperty(globalThis, 'Request', { value: PlatformRequest });
    Object.defineProperty(globalThis, 'Response', { value: PlatformResponse });
  });
}
