import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { createNodeServer } from '../../src/node/index.js';
import { demoConformanceFixtures } from '../../src/reference/demo-data.js';
import { brokenHandler } from './reference-server.js';

function recordingIo(): { io: CliIo; out: string[]; err: string[]; progress: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const progress: string[] = [];
  return { out, err, progress, io: { out: (line) => out.push(line), err: (line) => err.push(line), readInput: (path) => readFile(path), progress: (line) => progress.push(line) } };
}

const dir = mkdtempSync(join(tmpdir(), 'pk-conformance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const never = () => undefined;

describe('payments-kit serve --write-fixtures, then payments-kit conformance (the two-command demo)', () => {
  let stop: (signal: string) => void = never;
  let served: Promise<number>;
  let url = '';
  const fixtures = join(dir, 'fixtures.json');
  const serveIo = recordingIo();

  beforeAll(async () => {
    served = runCli(['serve', '--port', '0', '--write-fixtures', fixtures], serveIo.io, {}, (s) => (stop = s));
    for (let i = 0; i < 200 && !serveIo.out.some((line) => line.startsWith('Conformance fixtures written')); i++) await new Promise((r) => setTimeout(r, 25));
    url = /check this server with: payments-kit conformance --base-url (\S+)/.exec(serveIo.out.join('\n'))?.[1] ?? '';
  });
  afterAll(async () => {
    stop('SIGTERM');
    expect(await served).toBe(0);
  });

  it('writes the fixtures of the demo data once the server listens, and says how to use them', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(JSON.parse(readFileSync(fixtures, 'utf8'))).toEqual(demoConformanceFixtures());
  });

  it('conformance exits 0, prints the JSON report on standard output and progress through io.progress', async () => {
    const { io, out, err, progress } = recordingIo();
    const code = await runCli(['conformance', '--base-url', url, '--token', 'demo-all-scopes', '--fixtures', fixtures, '--seed', '5', '--runs', '5', '--report', 'json', '--profile', 'payments-kit'], io, {}, never);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const report = JSON.parse(out.join('\n')) as { rules: { id: string; section: string; status: string }[]; passed: number; failed: number; skipped: number; seed: number };
    expect(report).toMatchObject({ failed: 0, seed: 5 });
    expect(report.rules.filter((r) => r.status === 'fail')).toEqual([]);
    expect(progress[0]).toMatch(/^conformance \[1\/\d+\] authentication \(0 requests\)$/);
    expect(progress.at(-1)).toBe('');
  });

  it('junit on standard output', async () => {
    const { io, out } = recordingIo();
    expect(await runCli(['conformance', '--base-url', url, '--token', 'demo-all-scopes', '--fixtures', fixtures, '--runs', '2', '--report', 'junit'], io, {}, never)).toBe(0);
    expect(out.join('\n')).toMatch(/<testsuites tests="19" failures="0" skipped="0"/);
  });
});

describe('payments-kit conformance exit codes', () => {
  let server: Server;
  let url = '';
  const fixtures = join(dir, 'broken-fixtures.json');
  beforeAll(async () => {
    writeFileSync(fixtures, JSON.stringify(demoConformanceFixtures()));
    server = createNodeServer(
      brokenHandler(async (request, inner) => {
        const response = await inner(request);
        return response.status === 404 ? new Response(response.body, { status: 410, headers: response.headers }) : response;
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('1 when a rule fails; the text report names the rule, its section, the request, the answer and the curl', async () => {
    const { io, out } = recordingIo();
    expect(await runCli(['conformance', '--base-url', url, '--token', 'demo-all-scopes', '--fixtures', fixtures, '--runs', '3', '--seed', '8'], io, {}, never)).toBe(1);
    const text = out.join('\n');
    expect(text).toMatch(/^FAIL {2}listed-statuses +spec 4\.1-4\.5, 7\.2$/m);
    expect(text).toMatch(/^ {2}response: 410 \{"error":/m);
    expect(text).toMatch(/^ {2}seed: {5}8$/m);
    expect(text).toMatch(/^ {2}reproduce: curl -sS -i -X GET 'http:\/\/127\.0\.0\.1:\d+\/accounts\//m);
  });

  for (const [name, args, message] of [
    ['no options', [], /--base-url, --token and --fixtures are required/],
    ['a base URL that is not http(s)', ['--base-url', 'ftp://x', '--token', 't', '--fixtures', 'f'], /--base-url must be an http: or https: URL/],
    ['an unknown profile', ['--base-url', 'http://x', '--token', 't', '--fixtures', 'f', '--profile', 'strict'], /--profile must be spec or payments-kit/],
    ['an unknown report', ['--base-url', 'http://x', '--token', 't', '--fixtures', 'f', '--report', 'xml'], /--report must be text, json or junit/],
    ['a bad seed', ['--base-url', 'http://x', '--token', 't', '--fixtures', 'f', '--seed', '1.5'], /--seed must be an integer/],
    ['zero runs', ['--base-url', 'http://x', '--token', 't', '--fixtures', 'f', '--runs', '0'], /--runs must be an integer from 1/],
    ['a missing fixtures file', ['--base-url', 'http://x', '--token', 't', '--fixtures', '/nonexistent/f.json'], /cannot read "\/nonexistent\/f.json"/],
    ['an unknown option', ['--bogus'], /Unknown option '--bogus'/],
  ] as const) {
    it(`2 for ${name}`, async () => {
      const { io, err } = recordingIo();
      expect(await runCli(['conformance', ...args], io, {}, never)).toBe(2);
      expect(err[0]).toMatch(message);
      expect(err[1]).toBe('run "payments-kit conformance --help" for usage');
    });
  }

  it('2 for fixtures that are not valid, naming the field', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ account: 'a', token: 't', invoices: { open: [] } }));
    const { io, err } = recordingIo();
    expect(await runCli(['conformance', '--base-url', url, '--token', 't', '--fixtures', bad], io, {}, never)).toBe(2);
    expect(err[0]).toMatch(/fixtures: invoices\.open is not an invoice status/);
  });

  it('--help prints the usage and exits 0', async () => {
    const { io, out } = recordingIo();
    expect(await runCli(['conformance', '--help'], io, {}, never)).toBe(0);
    expect(out.join('\n')).toMatch(/^Usage: payments-kit conformance --base-url <url> --token <token> --fixtures <file>/);
  });
});
