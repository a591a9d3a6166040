import { Moov } from '@moovio/sdk';
import { APIError, GenericError, ResponseValidationError, UpdateInvoiceError } from '@moovio/sdk/models/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, type StoreSeed, createMemoryStore, createStaticAuth, withBasicAuth } from '../../src/http/index.js';
import {
  A,
  ADJUSTMENT_ID,
  CANCELED_ID,
  CLOSED_DISPUTE_ID,
  DISPUTE_ID,
  DOMAIN,
  INVOICE_ID,
  SCHEDULE_ID,
  SESSION,
  TOKENS,
  type TestServer,
  schedule,
  scopesOf,
  seed,
  serve,
} from './helpers.js';

// The official client (`@moovio/sdk`, pinned) against the handler over 127.0.0.1, with a bearer
// token (`accessToken`) and with a credential pair (`security: { username, password }`, sent as
// `Authorization: Basic`). Every answer must parse with the SDK's own models; the exceptions the
// spec forces are pinned below (docs/http.md lists the rule).

const PAIR = { username: 'alice', password: 's3cr3t:with:colons' };
const READ_ONLY_PAIR = { username: 'reader', password: 'r' };
const servers: TestServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The spec allows an occurrence without runTransfer (2.5); the SDK's model requires it, so this suite's schedule gives every occurrence one. */
function sdkSeed(): StoreSeed {
  const base = seed();
  const account = base.accounts?.[A];
  if (account === undefined) throw new Error('seed has no account A');
  const runTransfer = schedule.recur?.runTransfer;
  const occurrences = schedule.occurrences?.map((occurrence) => ({ ...occurrence, runTransfer }));
  return { accounts: { ...base.accounts, [A]: { ...account, schedules: [{ ...schedule, occurrences }] } } };
}

async function start(storeSeed: StoreSeed = sdkSeed(), basePath?: string): Promise<string> {
  const auth = withBasicAuth(createStaticAuth(TOKENS), {
    realm: 'payments',
    verify: ({ username, password }) => {
      if (username === PAIR.username && password === PAIR.password) return { scopes: scopesOf(A) };
      if (username === READ_ONLY_PAIR.username && password === READ_ONLY_PAIR.password) return { scopes: [`/accounts/${A}/transfers.read`] };
      return undefined;
    },
  });
  const server = await serve({ store: createMemoryStore({ seed: storeSeed }), auth, ...(basePath === undefined ? {} : { basePath }) });
  servers.push(server);
  return server.url + (basePath ?? '');
}

type Credentials = { readonly accessToken: string } | { readonly security: { readonly username: string; readonly password: string } };
const client = (serverURL: string, credentials: Credentials) => new Moov({ serverURL, ...credentials });

/** The error a call rejects with (the test fails if it resolves). */
async function rejection(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe.each([
  ['accessToken (Bearer)', { accessToken: 'all' }, { accessToken: 'readOnly' }, { accessToken: 'nope' }],
  ['username/password (Basic)', { security: PAIR }, { security: READ_ONLY_PAIR }, { security: { ...PAIR, password: 'wrong' } }],
] as const)('@moovio/sdk with %s', (_name, good, readOnly, bad) => {
  it('get a schedule: 200 parsed by ScheduleResponse (dates as Date objects)', async () => {
    const moov = client(await start(), good);
    const { result, headers } = await moov.scheduling.get({ accountID: A, scheduleID: SCHEDULE_ID });
    expect(result.scheduleID).toBe(SCHEDULE_ID);
    expect(result.createdOn).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(result.occurrences?.[0]?.runOn).toEqual(new Date('2026-01-01T09:00:00Z'));
    expect(result.recur?.recurrenceRule).toBe(schedule.recur?.recurrenceRule);
    expect(headers['x-request-id']?.[0]).toBeTruthy();
  });

  it('update an invoice: 200 parsed by Invoice', async () => {
    const moov = client(await start(), good);
    const { result } = await moov.invoices.updateInvoice({ accountID: A, invoiceID: INVOICE_ID, updateInvoice: { description: 'Three coffee bags', status: 'unpaid' } });
    expect([result.invoiceID, result.description, result.status]).toEqual([INVOICE_ID, 'Three coffee bags', 'unpaid']);
    expect(result.totalAmount).toEqual({ currency: 'USD', valueDecimal: '21.60' });
  });

  it('upload evidence text: 201 parsed by EvidenceTextResponse', async () => {
    const moov = client(await start(), good);
    const { result } = await moov.disputes.uploadEvidenceText({ accountID: A, disputeID: DISPUTE_ID, createEvidenceText: { evidenceType: 'receipt', text: 'Delivered on time' } });
    expect([result.disputeID, result.evidenceType, result.text]).toEqual([DISPUTE_ID, 'receipt', 'Delivered on time']);
    expect(result.createdOn).toBeInstanceOf(Date);
  });

  it('create a wallet session: 200, the provider string unchanged', async () => {
    const moov = client(await start(), good);
    const { result } = await moov.applePay.createSession({ accountID: A, createApplePaySession: { domain: DOMAIN, displayName: 'Shop' } });
    expect(result).toBe(SESSION);
  });

  it('get an adjustment: 200 parsed by Adjustment', async () => {
    const moov = client(await start(), good);
    const { result } = await moov.adjustments.get({ accountID: A, adjustmentID: ADJUSTMENT_ID });
    expect([result.adjustmentID, result.amount.valueDecimal]).toEqual([ADJUSTMENT_ID, '-5.25']);
  });

  it('404: an APIError with the {error} body and a request id', async () => {
    const moov = client(await start(), good);
    const error = await rejection(moov.adjustments.get({ accountID: A, adjustmentID: 'adj-none' }));
    expect(error).toBeInstanceOf(APIError);
    const { statusCode, body, headers } = error as APIError;
    expect([statusCode, JSON.parse(body)]).toEqual([404, { error: HTTP_MESSAGES.adjustmentNotFound }]);
    expect(headers.get('x-request-id')).toBeTruthy();
  });

  it('409: GenericError parsed by the SDK for the invoice and the evidence upload', async () => {
    const moov = client(await start(), good);
    const invoice = await rejection(moov.invoices.updateInvoice({ accountID: A, invoiceID: CANCELED_ID, updateInvoice: { description: 'late' } }));
    expect(invoice).toBeInstanceOf(GenericError);
    expect((invoice as GenericError).statusCode).toBe(409);
    expect((invoice as GenericError).error).toMatch(/canceled/);
    const evidence = await rejection(moov.disputes.uploadEvidenceText({ accountID: A, disputeID: CLOSED_DISPUTE_ID, createEvidenceText: { evidenceType: 'other', text: 'x' } }));
    expect([evidence instanceof GenericError, (evidence as GenericError).statusCode, (evidence as GenericError).error]).toEqual([true, 409, HTTP_MESSAGES.disputeClosed]);
  });

  it('422: UpdateInvoiceError keyed by item name, and GenericError for the wallet session', async () => {
    const moov = client(await start(), good);
    // quantity is an int32 (spec 2.4); the item is keyed by its name in the 422 body.
    const invoice = await rejection(
      moov.invoices.updateInvoice({
        accountID: A,
        invoiceID: INVOICE_ID,
        updateInvoice: { lineItems: { items: [{ name: 'Widget', basePrice: { currency: 'USD', valueDecimal: '1.00' }, quantity: 2 ** 31 }] } },
      }),
    );
    expect(invoice).toBeInstanceOf(UpdateInvoiceError);
    const data = (invoice as UpdateInvoiceError).data$;
    expect((invoice as UpdateInvoiceError).statusCode).toBe(422);
    expect(Object.keys(data.lineItems?.items ?? {})).toEqual(['Widget']);
    expect(data.lineItems?.items?.['Widget']?.quantity).toEqual(expect.any(String));
    const session = await rejection(moov.applePay.createSession({ accountID: A, createApplePaySession: { domain: DOMAIN, displayName: 'd'.repeat(65) } }));
    expect([session instanceof GenericError, (session as GenericError).statusCode]).toEqual([true, 422]);
  });

  it('401 for bad credentials and 403 for missing scope: APIErrors with the challenge', async () => {
    const url = await start();
    const unauthorized = await rejection(client(url, bad).adjustments.get({ accountID: A, adjustmentID: ADJUSTMENT_ID }));
    expect(unauthorized).toBeInstanceOf(APIError);
    expect((unauthorized as APIError).statusCode).toBe(401);
    expect((unauthorized as APIError).headers.get('www-authenticate')).toContain('Basic realm="payments"');
    const forbidden = await rejection(client(url, readOnly).invoices.updateInvoice({ accountID: A, invoiceID: INVOICE_ID, updateInvoice: { description: 'x' } }));
    expect([forbidden instanceof APIError, (forbidden as APIError).statusCode]).toEqual([true, 403]);
    // The read-only grant still reads.
    expect((await client(url, readOnly).scheduling.get({ accountID: A, scheduleID: SCHEDULE_ID })).result.scheduleID).toBe(SCHEDULE_ID);
  });
});

describe('@moovio/sdk settings', () => {
  it('serverURL may carry the handler basePath; X-Service-Version goes in per-call headers (the SDK sends X-Moov-Version)', async () => {
    const moov = client(await start(sdkSeed(), '/payments'), { accessToken: 'all' });
    const { result } = await moov.scheduling.get({ accountID: A, scheduleID: SCHEDULE_ID }, { headers: { 'X-Service-Version': 'v2026.04.00' } });
    expect(result.scheduleID).toBe(SCHEDULE_ID);
    const other = await rejection(moov.scheduling.get({ accountID: A, scheduleID: SCHEDULE_ID }, { headers: { 'X-Service-Version': 'v2024.01.00' } }));
    expect((other as APIError).statusCode).toBe(404);
  });

  it('exception (spec 2.5): an occurrence without runTransfer is valid here but fails the SDK model', async () => {
    const moov = client(await start(seed()), { accessToken: 'all' });
    const error = await rejection(moov.scheduling.get({ accountID: A, scheduleID: SCHEDULE_ID }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    const raw = JSON.parse((error as ResponseValidationError).body) as { occurrences: Array<Record<string, unknown>> };
    expect(raw.occurrences[0]).not.toHaveProperty('runTransfer');
  });

  it('exception (spec 2.6, 4.2): the invoice tax is `taxAmount` on the wire; the SDK model (newer API) reads `amountDetails` and drops it', async () => {
    const moov = client(await start(), { accessToken: 'all' });
    const { result } = await moov.invoices.updateInvoice({ accountID: A, invoiceID: INVOICE_ID, updateInvoice: { description: 'x' } });
    expect(result.amountDetails).toBeUndefined();
    expect(result).not.toHaveProperty('taxAmount');
  });

  it('exception (spec 4.2): the SDK sends a tax change as `amountDetails`; 422 with a string for that field (nothing changed), which its UpdateInvoiceError model cannot read', async () => {
    const moov = client(await start(), { accessToken: 'all' });
    const amountDetails = { tax: { currency: 'USD', valueDecimal: '2.00' } };
    const error = await rejection(moov.invoices.updateInvoice({ accountID: A, invoiceID: INVOICE_ID, updateInvoice: { amountDetails } }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    const { statusCode, body } = error as ResponseValidationError;
    expect(statusCode).toBe(422);
    expect(Object.keys(JSON.parse(body) as object)).toEqual(['amountDetails']);
    expect(typeof (JSON.parse(body) as { amountDetails: unknown }).amountDetails).toBe('string');
    // The tax did not change: the total is still 20.00 + 1.60.
    const { result } = await moov.invoices.updateInvoice({ accountID: A, invoiceID: INVOICE_ID, updateInvoice: { description: 'after' } });
    expect(result.totalAmount).toEqual({ currency: 'USD', valueDecimal: '21.60' });
  });
});
