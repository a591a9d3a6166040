import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, type ClientOptions, createClient } from '../../src/client/index.js';
import { createOpenApiDocument, createHandler } from '../../src/http/index.js';
import { toNodeListener } from '../../src/node/index.js';
import { type Served, serveProcess } from '../runtimes/serve.js';
import { A, DISPUTE_ID, DOMAIN, INVOICE_ID, SCHEDULE_ID, ADJUSTMENT_ID, type TestServer, listen, testOptions } from '../http/helpers.js';

// The client against Stoplight Prism (@stoplight/prism-cli, a pinned dev dependency) reading the
// OpenAPI document this package generates (createOpenApiDocument):
// - `prism mock`: every listed status of every operation (chosen with `Prefer: code=N`), and
//   every request body example; the client reads each answer as that operation's typed result,
//   never as `unexpected`, and each success body passes the client's answer check. A request
//   Prism finds invalid would come back with `sl-violations`: there must be none.
// - `prism proxy` in front of the handler: the client's requests and the handler's answers,
//   both checked against the document by Prism, with no violation.
// So the document, the handler and the client cannot drift apart. Prism needs no service: it
// comes with `npm ci`; when it is missing the suite is skipped locally and fails under CI=true.
const root = resolve(import.meta.dirname, '../..');
const prism = join(root, 'node_modules/.bin/prism');
const IN_CI = process.env.CI === 'true';
const present = existsSync(prism);

type DocumentLike = {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown>; requestBody?: { content: { 'application/json': { examples?: Record<string, { summary: string; value: unknown }> } } } }>>;
};
const document = createOpenApiDocument() as unknown as DocumentLike;
const scratch = mkdtempSync(join(tmpdir(), 'payments-kit-prism-'));
const documentFile = join(scratch, 'openapi.json');
writeFileSync(documentFile, JSON.stringify(document));

const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });

const startPrism = async (args: string[]): Promise<Served> =>
  serveProcess({ command: prism, args: [...args, '--port', String(await freePort()), '--host', '127.0.0.1'], cwd: root, listening: /listening on http:\/\/127\.0\.0\.1:(\d+)/ });

type Violation = { readonly location: readonly string[]; readonly message: string };

const SPECIFIED = { getSchedule: 1, updateInvoice: 1, uploadEvidenceText: 1, createWalletSession: 1, getAdjustment: 1 };
const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods)).filter((operation) => operation.operationId in SPECIFIED);
function examplesOf(operationId: string) {
  const operation = operations.find((o) => o.operationId === operationId);
  return Object.entries(operation?.requestBody?.content['application/json'].examples ?? {}).map(([name, example]) => ({
    name,
    value: example.value,
    status: Number(/\((\d{3})\)$/.exec(example.summary)?.[1]),
  }));
}

/** Calls one operation with the first 2xx request example (or `body`) as its body. */
function callOperation(client: Client, operationId: string, body?: unknown) {
  const valid = body ?? examplesOf(operationId).find((example) => example.status < 300)?.value;
  switch (operationId) {
    case 'getSchedule':
      return client.getSchedule({ accountID: A, scheduleID: SCHEDULE_ID });
    case 'updateInvoice':
      return client.updateInvoice({ accountID: A, invoiceID: INVOICE_ID }, valid as never);
    case 'uploadEvidenceText':
      return client.uploadEvidenceText({ accountID: A, disputeID: DISPUTE_ID }, valid as never);
    case 'createWalletSession':
      return client.createWalletSession({ accountID: A }, valid as never);
    default:
      return client.getAdjustment({ accountID: A, adjustmentID: ADJUSTMENT_ID });
  }
}

describe.skipIf(!present && !IN_CI)('the client against Stoplight Prism and the generated OpenAPI document', () => {
  let mock: Served | undefined;
  // What Prism found wrong, from each answer's sl-violations header.
  let violations: string[] = [];
  const watch: Partial<ClientOptions> = {
    onResponse: ({ response, request }) => {
      const found = response?.headers.get('sl-violations');
      if (found === null || found === undefined) return;
      for (const violation of JSON.parse(found) as Violation[]) violations.push(`${request.method} ${new URL(request.url).pathname} ${violation.location.join('.')}: ${violation.message}`);
    },
  };
  // A mock's answers are Prism's own inventions (it cannot invent a Retry-After of digits for a
  // 429 from the header's pattern): only the violations of the client's requests count there.
  const requestViolations = (): string[] => violations.filter((violation) => / request[.:]/.test(violation));
  beforeEach(() => {
    violations = [];
  });
  beforeAll(async () => {
    if (!present) throw new Error('@stoplight/prism-cli is missing, but CI=true: npm ci must install it');
    mock = await startPrism(['mock', documentFile]);
  }, 60_000);
  afterAll(async () => {
    await mock?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('the document lists the five operations', () => {
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(Object.keys(SPECIFIED).sort());
  });

  it('every listed status of every operation is read as its typed result (mock, Prefer: code=N)', async () => {
    const got: string[] = [];
    const expected: string[] = [];
    for (const operation of operations) {
      for (const status of Object.keys(operation.responses).map(Number)) {
        const client = createClient({ baseUrl: mock?.url ?? '', token: 't', retries: 0, headers: { prefer: `code=${status}` }, ...watch });
        const result = await callOperation(client, operation.operationId);
        got.push(`${operation.operationId} ${result.status} ${result.kind}${result.ok ? ' ok' : ''}`);
        expected.push(`${operation.operationId} ${status} answer${status < 300 ? ' ok' : ''}`);
      }
    }
    expect(got).toEqual(expected);
    expect(requestViolations()).toEqual([]);
  });

  it("the success examples are the client's typed data, passing its answer checks (no cast)", async () => {
    const client = createClient({ baseUrl: mock?.url ?? '', token: 't', retries: 0, ...watch });
    const schedule = await client.getSchedule({ accountID: A, scheduleID: SCHEDULE_ID });
    const invoice = await client.updateInvoice({ accountID: A, invoiceID: INVOICE_ID }, { description: 'x' });
    const evidence = await client.uploadEvidenceText({ accountID: A, disputeID: DISPUTE_ID }, { evidenceType: 'receipt', text: 'x' });
    const session = await client.createWalletSession({ accountID: A }, { domain: DOMAIN, displayName: 'Shop' });
    const adjustment = await client.getAdjustment({ accountID: A, adjustmentID: ADJUSTMENT_ID });
    if (!schedule.ok || !invoice.ok || !evidence.ok || !session.ok || !adjustment.ok) throw new Error(JSON.stringify([schedule, invoice, evidence, session, adjustment]));
    expect(schedule.data.recur?.runTransfer.amount.currency).toMatch(/^[A-Z]{3}$/);
    expect(invoice.data.totalAmount.valueDecimal).toMatch(/^-?\d+(\.\d+)?$/);
    expect(evidence.data.evidenceType).toBe('receipt');
    expect(typeof session.data).toBe('string');
    expect(adjustment.data.amount.valueDecimal).toMatch(/^-?\d+(\.\d+)?$/);
    expect(requestViolations()).toEqual([]);
  });

  it('every request body example: invalid ones answered locally with their status, the others accepted by Prism', async () => {
    const got: string[] = [];
    const expected: string[] = [];
    const client = createClient({ baseUrl: mock?.url ?? '', token: 't', retries: 0, ...watch });
    for (const operation of operations) {
      for (const example of examplesOf(operation.operationId)) {
        const result = await callOperation(client, operation.operationId, example.value);
        const local = !result.ok && result.kind === 'answer' && result.local;
        got.push(`${operation.operationId} ${example.name} ${local ? `local ${result.status}` : `sent ${result.kind}`}`);
        // 400 and 422 come from the body alone; the rest (200, 201, 409 from the resource's state) need the server.
        expected.push(`${operation.operationId} ${example.name} ${example.status === 400 || example.status === 422 ? `local ${example.status}` : 'sent answer'}`);
      }
    }
    expect(got).toEqual(expected);
    expect(requestViolations()).toEqual([]);
  });

  describe('prism proxy in front of the handler', () => {
    let proxy: Served | undefined;
    let server: TestServer | undefined;
    beforeAll(async () => {
      server = await listen(toNodeListener(createHandler(testOptions())));
      proxy = await startPrism(['proxy', documentFile, server.url]);
    }, 60_000);
    afterAll(async () => {
      await proxy?.stop();
      await server?.close();
    });

    it("the client's requests and the handler's answers conform to the document (success and errors)", async () => {
      const client = createClient({ baseUrl: proxy?.url ?? '', token: 'all', retries: 0, ...watch });
      const statuses: number[] = [];
      for (const operation of operations) statuses.push((await callOperation(client, operation.operationId)).status ?? 0);
      const notFound = await client.getSchedule({ accountID: A, scheduleID: 'none' });
      const conflict = await client.uploadEvidenceText({ accountID: A, disputeID: 'dsp-closed' }, { evidenceType: 'other', text: 'late' });
      const stranger = createClient({ baseUrl: proxy?.url ?? '', token: 'allB', retries: 0, ...watch });
      const forbidden = await stranger.getAdjustment({ accountID: A, adjustmentID: ADJUSTMENT_ID });
      expect([...statuses, notFound.status, conflict.status, forbidden.status]).toEqual([200, 200, 201, 200, 200, 404, 409, 403]);
      expect(violations).toEqual([]);
    });
  });
});
