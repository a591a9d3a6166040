// Prints one closing line for the whole unit suite ("N passed, N failed") from the JSON
// reports of the vitest runs under each TZ, so CI logs end with a count, not a guess.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = '.test-results';
let passed = 0;
let failed = 0;
let runs = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
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
