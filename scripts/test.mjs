// `npm test`: what is independent runs side by side, on the machine's cores.
//   1. the type check   | the build (dist/, which the next step's tests load)
//   2. the unit suite   | the package checks (the packed tarball: publint, attw, smoke tests)
//   3. the closing count of the unit suite and its failed tests by name (scripts/test-summary.mjs)
// The first command of each pair prints as it runs; the second's output follows when both are
// done, so logs do not interleave. A failed step stops the next. Each command's wall time is
// printed at the end and written to .test-results/durations.json (.ci/run prints it).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const durations = [];

/** Runs `npm run <script>`; resolves with its exit code and, when `buffered`, its output. */
function run(script, buffered) {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      durations.push({ script, seconds: Math.round(seconds * 10) / 10, code: code ?? 1 });
      done({ script, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

/** Two scripts at once; true when both passed. */
async function pair(streamed, buffered) {
  const [a, b] = await Promise.all([run(streamed, false), run(buffered, true)]);
  process.stdout.write(`\n--- npm run ${b.script} ---\n${b.output}`);
  for (const r of [a, b]) if (r.code !== 0) console.error(`npm test: "npm run ${r.script}" failed (exit ${r.code})`);
  return a.code === 0 && b.code === 0;
}

const started = performance.now();
let ok = await pair('build', 'typecheck');
if (ok) {
  ok = await pair('test:unit', 'test:package');
  // The count, and the name of each failed test, also when the unit suite failed.
  ok = (await run('test:summary', false)).code === 0 && ok;
}
const total = Math.round((performance.now() - started) / 100) / 10;

console.log('\nnpm test, wall time per command (side by side in pairs):');
for (const d of durations) console.log(`  ${d.script.padEnd(14)} ${String(d.seconds).padStart(6)} s${d.code === 0 ? '' : '  FAILED'}`);
console.log(`  ${'total'.padEnd(14)} ${String(total).padStart(6)} s`);
mkdirSync('.test-results', { recursive: true });
writeFileSync('.test-results/durations.json', `${JSON.stringify({ total, steps: durations }, null, 2)}\n`);
process.exit(ok ? 0 : 1);
