// The committed public API report (api-report/, one file per subpath of package.json
// `exports`, generated from the built declarations by `npm run api:report`) must match what
// the build declares: a change to the public API is then always a visible diff in review.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleReports } from '../../scripts/api-report.js';

const built = existsSync(resolve(import.meta.dirname, '../../dist/index.d.ts'));

describe.skipIf(!built)('public API report (api-report/, built declarations)', () => {
  it('is up to date: npm run build && npm run api:report rewrites it after a deliberate API change', () => {
    expect(staleReports()).toEqual([]);
  }, 60_000);
});
