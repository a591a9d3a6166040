// The short run of the raw-socket fuzz (test/http/socket-fuzz.ts) in `npm test`: 500 seeded
// requests against createNodeServer. The 20,000-request run is test/hostile/socket-fuzz.test.ts.
import { describe, expect, it } from 'vitest';
import { runSocketFuzz } from './socket-fuzz.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

describe('raw-socket fuzz (500 requests)', () => {
  it('never a 500, never an answer without x-request-id, never a hang, Object.prototype untouched', { timeout: 60_000 }, async () => {
    const report = await runSocketFuzz({ seed: SEED, count: 500 });
    expect(report.failures).toEqual([]);
    expect(report.internalErrors).toEqual([]);
    expect(report.prototypeTouched).toBe(false);
    expect(report.requests).toBeGreaterThanOrEqual(500);
    // The fuzz reaches the handler, not only the parser: operations answer too.
    expect(Object.keys(report.statuses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
  });
});
