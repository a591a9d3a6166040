// A TypeScript user of the PACKED package without the optional peer @opentelemetry/api: the
// declarations must type-check with skipLibCheck false. The scratch project holds the packed
// tarball's files (not a link to this checkout, whose node_modules has the peer) and the
// package's dependencies; `npm test` builds first.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_DECLARATIONS, PACKAGE_ROOT, consumerOptions, diagnosticMessages } from './consumer-program.js';

const DEPENDENCIES = ['jose', 'valibot', '@valibot/to-json-schema'];
const CONSUMER = `
import { createHandler, createMemoryStore, type HandlerOptions, type TelemetryOptions, type OpenTelemetryApi } from 'payments-kit/http';
import { toNodeListener } from 'payments-kit/node';
const telemetry: TelemetryOptions = {};
const options: HandlerOptions = { store: createMemoryStore(), ...telemetry };
export const listener = toNodeListener(createHandler(options));
export type Api = OpenTelemetryApi;
`;

let dir = '';
beforeAll(() => {
  if (!existsSync(BUILT_DECLARATIONS)) return;
  dir = mkdtempSync(join(tmpdir(), 'payments-kit-no-otel-'));
  const installed = join(dir, 'node_modules', 'payments-kit');
  mkdirSync(installed, { recursive: true });
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: PACKAGE_ROOT, encoding: 'utf8' })) as { filename: string }[];
  execFileSync('tar', ['-xzf', join(dir, packed?.filename ?? ''), '-C', installed, '--strip-components=1']);
  for (const name of DEPENDENCIES) {
    mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(join(PACKAGE_ROOT, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module', private: true }));
  writeFileSync(join(dir, 'consumer.ts'), CONSUMER);
}, 120_000);

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('the packed package, type-checked by a consumer without @opentelemetry/api', () => {
  it('is built (run npm run build first)', () => {
    expect(existsSync(BUILT_DECLARATIONS), `${BUILT_DECLARATIONS} is missing: run "npm run build"`).toBe(true);
  });

  it('cannot resolve @opentelemetry/api from the consumer (the premise)', () => {
    const options = consumerOptions(PACKAGE_ROOT, false);
    const resolved = ts.resolveModuleName('@opentelemetry/api', join(dir, 'node_modules/payments-kit/dist/http/index.d.ts'), options, ts.sys);
    expect(resolved.resolvedModule).toBeUndefined();
  });

  it('compiles payments-kit/http and payments-kit/node with skipLibCheck false: no diagnostics', () => {
    const program = ts.createProgram({ rootNames: [join(dir, 'consumer.ts')], options: consumerOptions(PACKAGE_ROOT, false) });
    expect(diagnosticMessages(ts.getPreEmitDiagnostics(program))).toEqual([]);
    expect(program.getSourceFiles().some((file) => file.fileName.includes('/node_modules/payments-kit/dist/http/'))).toBe(true);
    // A whole-program check with skipLibCheck false (lib and @types/node included): the file takes
    // 9 s alone (load 10, 2 cores), and went past the default 20 s inside the full suite.
  }, 90_000);
});
