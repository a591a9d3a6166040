// One scenario, four runtimes: the built package's handler (dist/) served by Node
// (payments-kit/node), Bun (Bun.serve), Deno (Deno.serve) and workerd without nodejs_compat
// (through miniflare), each in its own process, driven over HTTP on 127.0.0.1 by the same
// requests: the five operations' success paths and listed errors (every request body example
// of the OpenAPI document, whose summary names the status the demo data answers), x-request-id
// on every answer, an Idempotency-Key replay and mismatch, a body at the limit and one byte
// over, malformed JSON, 401/403/404/405/501; and payments-kit/client run inside Bun, Deno and
// workerd against the handler in process (test/runtimes/servers/client-scenario.mjs). A runtime that is missing is skipped locally and
// fails under CI=true. Bun, Deno and workerd come from npm (pinned dev dependencies).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendOnOwnConnection } from './own-connection.js';
import { type Served, serveInWorkerd, serveProcess } from './serve.js';

const root = resolve(import.meta.dirname, '../..');
const servers = join(import.meta.dirname, 'servers');
const dist = join(root, 'dist/http/index.js');
const IN_CI = process.env.CI === 'true';
const bin = (name: string): string => join(root, 'node_modules/.bin', name);

/** Starts a server process of test/runtimes/servers that prints `{"port":N}` once it listens. */
const startProcess = (command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<Served> =>
  serveProcess({ command, args, cwd: servers, env, listening: /\{"port":(\d+)\}/ });

/** workerd through miniflare, on the esbuild bundle a Worker deploy would upload, no compatibility flags. */
const startWorkerd = (): Promise<Served> => serveInWorkerd(join(servers, 'worker.mjs'));

/** `clientScenario`: the server answers GET /__client-scenario by running payments-kit/client inside the runtime. */
type Runtime = { readonly name: string; readonly available: () => boolean; readonly start: () => Promise<Served>; readonly clientScenario?: true };

const denoDir = mkdtempSync(join(tmpdir(), 'payments-kit-deno-'));
afterAll(() => rmSync(denoDir, { recursive: true, force: true }));

const RUNTIMES: readonly Runtime[] = [
  { name: 'Node', available: () => true, start: () => startProcess(process.execPath, ['node.mjs']) },
  { name: 'Bun', available: () => existsSync(bin('bun')), start: () => startProcess(bin('bun'), ['run', 'bun.mjs']), clientScenario: true },
  {
    name: 'Deno',
    available: () => existsSync(bin('deno')),
    start: () => startProcess(bin('deno'), ['run', '--quiet', '--no-prompt', '--allow-net=127.0.0.1', `--allow-read=${root}`, 'deno.mjs'], { DENO_DIR: denoDir, NO_COLOR: '1' }),
    clientScenario: true,
  },
  { name: 'workerd (no nodejs_compat)', available: () => existsSync(join(root, 'node_modules/miniflare')), start: startWorkerd, clientScenario: true },
];

type DemoIds = { accountID: string; otherAccountID: string; invoiceID: string; scheduleID: string; disputeID: string; adjustmentID: string };
type OpenApiLike = {
  paths: Record<string, Record<string, { operationId: string; requestBody?: { content: { 'application/json': { examples?: Record<string, { summary: string; value: unknown }> } } } }>>;
};

const ALL = 'Bearer demo-all-scopes';
const READ_ONLY = 'Bearer demo-read-only';
const LIMIT = 1_048_576;

/** One request's answer, read whole. */
type Answer = { readonly status: number; readonly headers: Headers; readonly text: string };

describe.skipIf(!existsSync(dist))('one scenario on every runtime (built dist/)', () => {
  let ids: DemoIds;
  let document: OpenApiLike;
  beforeAll(async () => {
    ({ DEMO_IDS: ids } = (await import(join(root, 'dist/reference/demo-data.js'))) as { DEMO_IDS: DemoIds });
    const http = (await import(dist)) as { createOpenApiDocument: () => OpenApiLike };
    document = http.createOpenApiDocument();
  });

  for (const runtime of RUNTIMES) {
    const present = runtime.available();
    if (!present && !IN_CI) {
      describe.skip(`${runtime.name} [skipped: not installed; npm ci installs it]`, () => undefined);
      continue;
    }
    describe(runtime.name, () => {
      let server: Served | undefined;
      const answers: Answer[] = [];
      beforeAll(async () => {
        if (!present) throw new Error(`${runtime.name} is missing, but CI=true: npm ci must install it`);
        server = await runtime.start();
      }, 60_000);
      afterAll(async () => {
        await server?.stop();
      });

      async function send(method: string, path: string, init: { auth?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
        const headers: Record<string, string> = { ...init.headers };
        if (init.auth !== undefined) headers['authorization'] = init.auth;
        if (init.body !== undefined) headers['content-type'] ??= 'application/json';
        const response = await fetch(`${server?.url ?? ''}${path}`, { method, headers, ...(init.body === undefined ? {} : { body: init.body }) });
        const answer = { status: response.status, headers: response.headers, text: await response.text() };
        answers.push(answer);
        return answer;
      }

      const invoicePath = (): string => `/accounts/${ids.accountID}/invoices/${ids.invoiceID}`;
      const evidencePath = (): string => `/accounts/${ids.accountID}/disputes/${ids.disputeID}/evidence-text`;

      it('answers both reads with the demo data', async () => {
        const schedule = await send('GET', `/accounts/${ids.accountID}/schedules/${ids.scheduleID}`, { auth: ALL });
        expect(schedule.status).toBe(200);
        expect((JSON.parse(schedule.text) as { scheduleID: string; occurrences: unknown[] }).occurrences.length).toBeGreaterThan(0);
        const adjustment = await send('GET', `/accounts/${ids.accountID}/adjustments/${ids.adjustmentID}`, { auth: ALL });
        expect(adjustment.status).toBe(200);
        expect(JSON.parse(adjustment.text)).toMatchObject({ adjustmentID: ids.adjustmentID });
      });

      it('answers every request body example of the OpenAPI document with the status its summary names', async () => {
        const examples = Object.entries(document.paths).flatMap(([template, methods]) =>
          Object.entries(methods).flatMap(([method, operation]) =>
            Object.entries(operation.requestBody?.content['application/json'].examples ?? {}).map(([name, example]) => ({
              name,
              method: method.toUpperCase(),
              path: template.replace('{accountID}', ids.accountID).replace('{invoiceID}', ids.invoiceID).replace('{disputeID}', ids.disputeID),
              expected: Number(/\((\d{3})\)$/.exec(example.summary)?.[1]),
              body: JSON.stringify(example.value),
            })),
          ),
        );
        // Finalizing moves the draft to unpaid: run it last so the other examples meet the draft.
        examples.sort((a, b) => Number(a.name === 'finalize') - Number(b.name === 'finalize'));
        expect(examples.length).toBeGreaterThanOrEqual(12);
        const got = [];
        for (const example of examples) got.push(`${example.name} ${(await send(example.method, example.path, { auth: ALL, body: example.body })).status}`);
        expect(got).toEqual(examples.map((example) => `${example.name} ${example.expected}`));
      });

      it('replays an Idempotency-Key and refuses the same key with another body', async () => {
        const body = JSON.stringify({ evidenceType: 'receipt', text: `runtime ${runtime.name}` });
        const headers = { 'idempotency-key': `key-${runtime.name}` };
        const first = await send('POST', evidencePath(), { auth: ALL, body, headers });
        const replay = await send('POST', evidencePath(), { auth: ALL, body, headers });
        expect(first.status).toBe(201);
        expect(replay.status).toBe(201);
        expect(replay.text).toBe(first.text);
        expect(replay.headers.get('idempotent-replayed')).toBe('true');
        const mismatch = await send('POST', evidencePath(), { auth: ALL, body: JSON.stringify({ evidenceType: 'other', text: 'else' }), headers });
        expect(mismatch.status).toBe(409);
      });

      it('takes a body of exactly the limit and refuses one byte more', async () => {
        const json = JSON.stringify({ evidenceType: 'receipt', text: 'padded with JSON whitespace' });
        const atLimit = json + ' '.repeat(LIMIT - json.length);
        expect((await send('POST', evidencePath(), { auth: ALL, body: atLimit })).status).toBe(201);
        // Refused from its content-length before it is read, so sent on a connection of its own
        // with the body held back for 2 s: a runtime serving HTTP itself (workerd) resets the
        // connection when it closes with the body unread, which would cut the upload.
        const over = await sendOnOwnConnection(server?.url ?? '', {
          method: 'POST',
          path: evidencePath(),
          headers: { authorization: ALL, 'content-type': 'application/json' },
          body: `${atLimit} `,
          holdBodyMs: 2_000,
        });
        answers.push(over);
        expect(over.status).toBe(400);
        expect(JSON.parse(over.text)).toEqual({ error: 'the request body is larger than this server accepts' });
      });

      it('answers malformed JSON 400, and 401, 403, 404, 405 and 501 where they belong', async () => {
        expect((await send('PATCH', invoicePath(), { auth: ALL, body: '{"description":' })).status).toBe(400);
        expect((await send('PATCH', invoicePath(), { body: '{}' })).status).toBe(401);
        expect((await send('PATCH', invoicePath(), { auth: READ_ONLY, body: '{}' })).status).toBe(403);
        expect((await send('GET', `/accounts/${ids.accountID}/schedules/00000000-0000-4000-8000-000000000000`, { auth: ALL })).status).toBe(404);
        expect((await send('GET', '/no/such/path', { auth: ALL })).status).toBe(404);
        const wrongMethod = await send('DELETE', `/accounts/${ids.accountID}/schedules/${ids.scheduleID}`, { auth: ALL });
        expect(wrongMethod.status).toBe(405);
        expect(wrongMethod.headers.get('allow')).toContain('GET');
        expect((await send('GET', `/accounts/${ids.accountID}/transfers`, { auth: ALL })).status).toBe(501);
      });

      // payments-kit/client inside the runtime (test/runtimes/servers/client-scenario.mjs); Node runs it in test/client.
      it.skipIf(runtime.clientScenario !== true)('runs payments-kit/client inside the runtime: every operation, a replay after a dropped answer, a deadline, a hung attempt, a redirect, an endless body', async () => {
        const response = await fetch(`${server?.url ?? ''}/__client-scenario`);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({
          schedule: [200, true],
          local: [422, true, 0],
          updated: [200, 'from the client', true],
          evidence: [201, 'client scenario'],
          replayed: [201, true, 2],
          session: [200, 'string'],
          adjustment: [200, true],
          timeout: ['timeout', 1],
          retried: [200, 2, true],
          moved: ['unexpected', 307, 'https://elsewhere.test/', 'unknown'],
          big: ['unexpected', 1],
        });
      });

      it('put an x-request-id on every answer', () => {
        expect(answers.length).toBeGreaterThanOrEqual(25);
        expect(answers.filter((answer) => !/^[\x21-\x7e]{1,200}$/.test(answer.headers.get('x-request-id') ?? ''))).toEqual([]);
        expect(answers.filter((answer) => answer.status >= 500 && answer.status !== 501)).toEqual([]);
      });
    });
  }
});
