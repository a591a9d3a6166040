// Prints one closing line for the whole unit suite ("N passed, N failed") from the JSON
// report of the vitest run (every test under TZ=UTC, the time-zone-sensitive ones again under
// each zone of vitest.config.ts), so CI logs end with a count, not a guess. Each failed test
// (and each file that failed to load) is named with the first lines of its message, since a
// CI log keeps only its tail and the failure itself may have scrolled out of it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = '.test-results';
const MESSAGE_LINES = 6;
let passed = 0;
let failed = 0;
let runs = 0;
const failures = [];

/** The first lines of a failure message, without colour codes. */
function firstLines(message) {
  // eslint-disable-next-line no-control-regex
  return String(message).replace(/\x1b\[[0-9;]*m/g, '').split('\n').slice(0, MESSAGE_LINES).map((l) => `      ${l}`).join('\n');
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'durations.json')) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  runs += 1;
  console.log(`${file.replace('.json', '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  for (const suite of report.testResults ?? []) {
    const name = relative(process.cwd(), suite.name);
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedTests) failures.push(`  ${name} > ${test.fullName}\n${firstLines((test.failureMessages ?? []).join('\n'))}`);
    if (suite.status === 'failed' && failedTests.length === 0) failures.push(`  ${name} (the file failed)\n${firstLines(suite.message ?? '')}`);
  }
}
if (runs === 0) {
  console.log('no vitest report found');
  process.exit(1);
}
if (failures.length > 0) console.log(`failed:\n${failures.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
