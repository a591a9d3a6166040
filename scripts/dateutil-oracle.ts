// Regenerates the python-dateutil answers of the RRULE differential test with LIVE dateutil
// and compares them with the recording that `npm test` reads
// (test/schedule/dateutil/recorded.json). CI runs it: any difference fails.
//
//   npm run test:dateutil            # live dateutil vs the recording; exit 1 on any difference
//   npm run test:dateutil -- --write # re-record (after a change to the generator)
//
// Needs python3 with python-dateutil (Debian: apt-get install python3-dateutil), or the
// interpreter named by PAYMENTS_KIT_PYTHON.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CASES,
  differentialCases,
  type OracleAnswer,
  readRecording,
  RECORDING,
  type Recording,
  SEED,
  staleInputs,
} from '../test/schedule/dateutil/cases.js';

const PYTHON = process.env.PAYMENTS_KIT_PYTHON ?? 'python3';
const write = process.argv.includes('--write');
const fail = (message: string): never => {
  console.error(`dateutil oracle: ${message}`);
  process.exit(1);
};

function python(args: string[], input?: string): string {
  const run = spawnSync(PYTHON, args, { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error) fail(`cannot run ${PYTHON} (${run.error.message}); python3 with python-dateutil is required`);
  if (run.status !== 0) fail(`${PYTHON} ${args.join(' ')} exited ${run.status}: ${run.stderr.slice(0, 600)}`);
  return run.stdout;
}

const version = python(['-c', 'import dateutil; print(dateutil.__version__)']).trim();
const cases = differentialCases();
const oracle = fileURLToPath(new URL('../test/schedule/dateutil/oracle.py', import.meta.url));
const started = Date.now();
const live = JSON.parse(python([oracle], JSON.stringify(cases))) as Record<string, OracleAnswer>;
const seconds = ((Date.now() - started) / 1000).toFixed(1);

const unusable = cases.filter((c) => {
  const a = live[c.id];
  return a === undefined || a === 'TIMEOUT' || (typeof a === 'string' && a.startsWith('ERROR'));
});
if (unusable.length > 0) {
  fail(`live dateutil gave no answer for ${unusable.length} cases: ${unusable.map((c) => `${c.id} ${c.rule} -> ${String(live[c.id])}`).join('; ')}`);
}

if (write) {
  const recording: Recording = {
    made: { seed: SEED, cases: CASES, dateutil: version, command: 'npm run test:dateutil -- --write' },
    results: cases.map((c) => ({ ...c, oracle: live[c.id] as OracleAnswer })),
  };
  // One case per line: a re-recording's diff shows exactly which answers changed.
  const lines = recording.results.map((r) => JSON.stringify(r));
  writeFileSync(RECORDING, `{"made":${JSON.stringify(recording.made)},"results":[\n${lines.join(',\n')}\n]}\n`);
  console.log(`recorded ${cases.length} dateutil ${version} answers in ${seconds} s to ${fileURLToPath(RECORDING)}`);
  process.exit(0);
}

const recording = readRecording();
const differences = staleInputs(recording, cases);
for (const r of recording.results) {
  const now = live[r.id];
  if (JSON.stringify(now) !== JSON.stringify(r.oracle)) {
    differences.push(`case ${r.id} ${r.rule} @ ${r.dtstart}\n  recorded ${JSON.stringify(r.oracle)}\n  live     ${JSON.stringify(now)}`);
  }
}
if (differences.length > 0) {
  fail(
    `${differences.length} differences between live dateutil ${version} and the recording (made with ${recording.made.dateutil}):\n` +
      differences.join('\n'),
  );
}
console.log(`live dateutil ${version} agrees with all ${recording.results.length} recorded answers (${seconds} s)`);
