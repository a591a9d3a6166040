// The evidence behind "Why not decimal.js" (docs/amount.md) and "Why not rrule" (docs/schedule.md),
// measured on the BUILT package (dist/, `npm run build` first) against the pinned dev
// dependencies decimal.js 10.6 and rrule 2.8:
//
//   npm run bench:why          # all four: time zones, the hang, sums, bundle sizes
//
// 1. One rule with a TZID, expanded by rrule and by payments-kit in child processes started
//    under three process time zones (TZ=UTC, America/Los_Angeles, Asia/Kolkata).
// 2. `FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30` (a day that never comes) in a child process killed
//    after HANG_LIMIT_MS, for each library.
// 3. Summing 1,000 decimal strings (int64-sized and short, up to 9 places): the exact result
//    of each, and the time, in interleaved rounds (the ratio is what to quote on a shared machine).
// 4. min+gzip of a bundle that imports each (esbuild, ESM, minified; gzip level 9).
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import Decimal from 'decimal.js';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
if (!existsSync(join(root, 'dist/amount/index.js'))) {
  console.error('dist/ is missing: run `npm run build` first (the evidence is measured on the built package)');
  process.exit(1);
}
const dist = (path: string): string => join(root, 'dist', path);
const HANG_LIMIT_MS = 5_000;
const ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata'];

/** Runs an ES module's text in a child Node process (cwd: the repository) with `env` added; killed after `timeoutMs`. */
function child(code: string, env: Record<string, string>, timeoutMs = 30_000): { out: string; ms: number; killed: boolean } {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', timeout: timeoutMs });
  const ms = performance.now() - started;
  if (run.error !== undefined && (run.error as NodeJS.ErrnoException).code !== 'ETIMEDOUT') throw run.error;
  return { out: run.stdout.trim(), ms, killed: run.signal !== null };
}

function timeZones(): void {
  console.log('## 1. One rule, three process time zones');
  console.log('DTSTART;TZID=America/New_York:20260105T090000, RRULE:FREQ=MONTHLY;BYMONTHDAY=5;COUNT=4 (09:00 New York)\n');
  const rrule = `import r from 'rrule'; console.log(r.rrulestr('DTSTART;TZID=America/New_York:20260105T090000\\nRRULE:FREQ=MONTHLY;BYMONTHDAY=5;COUNT=4').all().map((d) => d.toISOString().slice(11, 16) + 'Z').join(' '));`;
  const ours = `import { expandRecurrence } from ${JSON.stringify(dist('schedule/index.js'))}; console.log(expandRecurrence({ recurrenceRule: 'FREQ=MONTHLY;BYMONTHDAY=5;COUNT=4', start: '2026-01-05T09:00:00-05:00', runTransfer: null }, { timeZone: 'America/New_York' }).map((o) => o.runOn.slice(11, 16) + 'Z').join(' '));`;
  console.log('| process TZ | rrule 2.8 (Jan, Feb, Mar, Apr) | payments-kit |');
  console.log('|---|---|---|');
  for (const zone of ZONES) console.log(`| ${zone} | ${child(rrule, { TZ: zone }).out} | ${child(ours, { TZ: zone }).out} |`);
  console.log();
}

function hang(): void {
  console.log('## 2. A rule whose day never comes: FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=1\n');
  const rrule = `import r from 'rrule'; const rule = r.rrulestr('DTSTART:20260101T090000Z\\nRRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=1'); console.log(JSON.stringify(rule.all()));`;
  const ours = `import { expandRecurrence } from ${JSON.stringify(dist('schedule/index.js'))}; console.log(JSON.stringify(expandRecurrence({ recurrenceRule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=1', start: '2026-01-01T09:00:00Z', runTransfer: null }).map((o) => o.runOn)));`;
  for (const [name, code] of [
    ['rrule 2.8 `rule.all()`', rrule],
    ['payments-kit `expandRecurrence`', ours],
  ] as const) {
    const run = child(code, { TZ: 'UTC' }, HANG_LIMIT_MS);
    console.log(`- ${name}: ${run.killed ? `no answer within ${HANG_LIMIT_MS / 1000} s (killed)` : `${run.out} (process done in ${Math.round(run.ms)} ms, Node start-up included)`}`);
  }
  console.log('  (the rule\'s first occurrence is DTSTART itself, which payments-kit counts as RFC 5545 says)\n');
}

async function sums(): Promise<void> {
  const { sumDecimal } = (await import(dist('amount/index.js'))) as typeof import('../src/amount/index.js');
  console.log('## 3. Summing 1,000 amounts');
  let seed = 43;
  const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const input = Array.from({ length: 1000 }, (_, i) =>
    i % 10 === 0
      ? `${next() % 9_000_000}${String(next() % 1_000_000).padStart(6, '0')}.${String(next() % 1e9).padStart(9, '0')}`
      : `${next() % 4 === 0 ? '-' : ''}${next() % 100_000}.${String(next() % 10 ** (1 + (i % 9))).padStart(1 + (i % 9), '0')}`,
  );
  const amounts = input.map((valueDecimal) => ({ currency: 'USD', valueDecimal }));
  const ours = (): string => sumDecimal(amounts, 'USD').valueDecimal;
  const theirs = (): string => input.reduce((sum, v) => sum.plus(v), new Decimal(0)).toFixed();
  const Decimal40 = Decimal.clone({ precision: 40 });
  const exact = input.reduce((sum, v) => sum.plus(v), new Decimal40(0)).toFixed();
  console.log(`- payments-kit: ${ours()} (${ours() === exact ? 'exact' : 'NOT exact'})`);
  console.log(`- decimal.js, default precision 20: ${theirs()} (${theirs() === exact ? 'exact' : `not exact: the exact sum is ${exact}`})`);
  const time = (f: () => string, n: number): number => {
    const t = performance.now();
    for (let i = 0; i < n; i++) f();
    return performance.now() - t;
  };
  for (let i = 0; i < 50; i++) ours(), theirs(); // warm-up
  // Interleaved rounds (A then B, B then A) so that load on a shared machine hits both alike.
  const ratios: number[] = [];
  for (let round = 0; round < 21; round++) {
    let a: number;
    let b: number;
    if (round % 2 === 0) {
      a = time(ours, 100);
      b = time(theirs, 100);
    } else {
      b = time(theirs, 100);
      a = time(ours, 100);
    }
    ratios.push(b / a);
  }
  ratios.sort((x, y) => x - y);
  const q = (f: number): string => (ratios[Math.round(f * (ratios.length - 1))] ?? 0).toFixed(1);
  console.log(`- time, 21 interleaved rounds of 100 sums each: decimal.js takes ${q(0.5)}x as long as payments-kit (median; quartiles ${q(0.25)}x-${q(0.75)}x)\n`);
}

async function sizes(): Promise<void> {
  console.log('## 4. Bundle sizes (esbuild, ESM, minified; gzip -9)\n');
  const rows: [string, string][] = [
    ["{ sumDecimal, addDecimal } from 'payments-kit/amount'", `export { sumDecimal, addDecimal } from ${JSON.stringify(dist('amount/index.js'))};`],
    ["Decimal from 'decimal.js'", "export { default } from 'decimal.js';"],
    ["{ expandRecurrence } from 'payments-kit/schedule'", `export { expandRecurrence } from ${JSON.stringify(dist('schedule/index.js'))};`],
    ["{ RRule, rrulestr } from 'rrule'", "export { RRule, rrulestr } from 'rrule';"],
  ];
  console.log('| import | min | min+gzip |');
  console.log('|---|---:|---:|');
  for (const [title, contents] of rows) {
    const result = await build({ stdin: { contents, resolveDir: root, loader: 'js' }, bundle: true, minify: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], write: false, logLevel: 'silent' });
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    console.log(`| \`${title}\` | ${(code.byteLength / 1000).toFixed(1)} kB | ${(gzipSync(code, { level: 9 }).byteLength / 1000).toFixed(1)} kB |`);
  }
  console.log();
}

console.log(`Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} x ${cpus().length}\n`);
const only = process.argv.slice(2);
if (only.length === 0 || only.includes('zones')) timeZones();
if (only.length === 0 || only.includes('hang')) hang();
if (only.length === 0 || only.includes('sums')) await sums();
if (only.length === 0 || only.includes('sizes')) await sizes();
