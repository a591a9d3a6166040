// The long run of the raw-socket fuzz (test/http/socket-fuzz.ts): 20,000 seeded requests
// against createNodeServer over 127.0.0.1 (`npm run test:hostile`). FUZZ_SEED and FUZZ_COUNT
// explore further.
import { describe, expect, it } from 'vitest';
import { runSocketFuzz } from '../http/socket-fuzz.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const COUNT = Number(process.env.FUZZ_COUNT ?? 20_000);

describe(`raw-socket fuzz (${COUNT.toLocaleString('en-US')} requests)`, () => {
  it('never a 500, never an answer without x-request-id, never a hang, Object.prototype untouched', { timeout: 180_000 }, async () => {
    const started = performance.now();
    const report = await runSocketFuzz({ seed: SEED, count: COUNT });
    console.log(
      `socket fuzz: seed ${SEED}, ${report.requests} requests on ${report.connections} connections, ${report.answers} answers in ` +
        `${Math.round(performance.now() - started)} ms; statuses ${JSON.stringify(report.statuses)}`,
    );
    expect(report.failures).toEqual([]);
    expect(report.internalErrors).toEqual([]);
    expect(report.prototypeTouched).toBe(false);
    expect(report.requests).toBeGreaterThanOrEqual(COUNT);
  });
});
