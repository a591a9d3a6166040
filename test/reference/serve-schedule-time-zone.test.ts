import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { CLI_MESSAGES } from '../../src/cli/messages.js';
import { runServe } from '../../src/cli/serve.js';
import { DEMO_IDS } from '../../src/reference/index.js';

/** Runs `payments-kit serve` with `args`, reads the demo schedule, stops the server. */
async function demoScheduleRunOn(args: string[]): Promise<{ runOn: string[]; out: string[]; code: number }> {
  const out: string[] = [];
  const io: CliIo = { out: (line) => out.push(line), err: (line) => out.push(line), readInput: async () => new Uint8Array() };
  let stop: (signal: string) => void = () => undefined;
  const exit = runServe(['--port', '0', ...args], io, {}, (s) => (stop = s));
  const started = Date.now();
  while (!out.some((line) => line.startsWith('store: '))) {
    if (Date.now() - started > 15_000) throw new Error(`the server did not start: ${out.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const url = /listening on (\S+)/.exec(out.join('\n'))?.[1] ?? '';
  const response = await fetch(`${url}/accounts/${DEMO_IDS.accountID}/schedules/${DEMO_IDS.scheduleID}`, { headers: { authorization: 'Bearer demo-all-scopes' } });
  const body = (await response.json()) as { occurrences: { runOn: string }[] };
  stop('SIGTERM');
  return { runOn: body.occurrences.map((o) => o.runOn), out, code: await exit };
}

const utcHours = (runOn: readonly string[]) => new Set(runOn.map((at) => at.slice(11, 13)));

describe('payments-kit serve --schedule-time-zone', () => {
  it('the demo schedule (monthly, 09:00Z = 04:00 New York in January) keeps 04:00 New York time: 09:00Z in winter, 08:00Z in summer', async () => {
    const zoned = await demoScheduleRunOn(['--schedule-time-zone', 'America/New_York']);
    expect(zoned.code).toBe(0);
    expect(zoned.out).toContain('Schedules follow the wall clock of America/New_York');
    expect(zoned.runOn.length).toBeGreaterThanOrEqual(12);
    expect(utcHours(zoned.runOn)).toEqual(new Set(['08', '09']));
    const plain = await demoScheduleRunOn([]);
    expect(utcHours(plain.runOn)).toEqual(new Set(['09']));
  }, 40_000);

  it('--write-fixtures records the zone, so a conformance run checks the wall clock the server uses', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pk-fixtures-')), 'fixtures.json');
    const zoned = await demoScheduleRunOn(['--schedule-time-zone', 'Europe/Berlin', '--write-fixtures', file]);
    expect(zoned.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ scheduleTimeZone: 'Europe/Berlin' });
  }, 40_000);

  it('an unknown zone is a usage error (exit 2) naming the flag', async () => {
    const err: string[] = [];
    const io: CliIo = { out: () => undefined, err: (line) => err.push(line), readInput: async () => new Uint8Array() };
    expect(await runServe(['--port', '0', '--schedule-time-zone', 'America/New_Yrok'], io, {}, () => undefined)).toBe(2);
    expect(err[0]).toBe(`payments-kit serve: ${CLI_MESSAGES.badScheduleTimeZone('America/New_Yrok')}`);
  });
});
