// Prints one closing line for the whole unit suite ("N passed, N failed") from the JSON
// report of the vitest run (every test under TZ=UTC, the time-zone-sensitive ones again under
// each zone of vitest.config.ts), so CI logs end with a count, not a guess.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = '.test-results';
let passed = 0;
let failed = 0;
let runs = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'durations.json')) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  runs += 1;
  console.log(`${file.replace('.json', '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
if (runs === 0) {
  console.log('no vitest report found');
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
