// What the HTTP benchmark serves and sends: the reference server's demo data
// (src/http/reference/demo-data.ts), not a copy of it.
import { DEMO_ADJUSTMENT } from '../../src/reference/demo-data.js';

export { DEMO_IDS, DEMO_SEED, DEMO_TOKENS } from '../../src/reference/demo-data.js';

/** The headers of every request to our handler: the demo token with every scope of the demo account. */
export const BENCH_HEADERS: Readonly<Record<string, string>> = {
  authorization: 'Bearer demo-all-scopes',
  'x-service-version': 'v2026.04.00',
};

/** The bare server's fixed body: about the size of an adjustment answer. */
export const FIXED_BODY = JSON.stringify(DEMO_ADJUSTMENT);

/** The body of every PATCH invoice request: no status move, so no effect and no e-mail. */
export const BENCH_PATCH_BODY = JSON.stringify({ description: 'benchmark update', dueDate: '2026-05-01T00:00:00Z' });
