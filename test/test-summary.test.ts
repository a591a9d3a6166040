// The closing lines of `npm test` (scripts/test-summary.mjs): the count, and each failed test
// named with the first lines of its message, so a CI log cut to its tail still says what failed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = resolve('scripts/test-summary.mjs');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the script in a directory holding `report` as its unit report; its exit code and output. */
function summarize(report: object): { code: number; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'test-summary-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.test-results'));
  writeFileSync(join(dir, '.test-results', 'unit.json'), JSON.stringify(report));
  try {
    return { code: 0, output: execFileSync(process.execPath, [script], { cwd: dir, encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { code: failed.status, output: failed.stdout };
  }
}

const passing = { ancestorTitles: ['money'], fullName: 'money adds', status: 'passed', title: 'adds', failureMessages: [] };

describe('test summary', () => {
  it('counts a green run and exits 0', () => {
    const result = summarize({ numPassedTests: 1, numFailedTests: 0, testResults: [{ name: '/x/test/a.test.ts', status: 'passed', message: '', assertionResults: [passing] }] });
    expect(result).toEqual({ code: 0, output: 'unit: 1 passed, 0 failed\n1 passed, 0 failed\n' });
  });

  it('names each failed test and a file that failed to load, with its message uncoloured and cut to six lines; exits 1', () => {
    const message = `\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n${['at a', 'at b', 'at c', 'at d', 'at e', 'at f'].join('\n')}`;
    const result = summarize({
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [
        { name: join(process.cwd(), 'x.test.ts'), status: 'failed', message: '', assertionResults: [passing, { ...passing, fullName: 'money rounds', status: 'failed', failureMessages: [message] }] },
        { name: join(process.cwd(), 'y.test.ts'), status: 'failed', message: 'SyntaxError: nope', assertionResults: [] },
      ],
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('AssertionError: expected 1 to be 2\n      at a\n      at b\n      at c\n      at d\n      at e\n');
    expect(result.output).not.toContain('at f');
    expect(result.output).not.toContain('\u001b[');
    expect(result.output).toMatch(/x\.test\.ts > money rounds\n/);
    expect(result.output).toMatch(/y\.test\.ts \(the file failed\)\n {6}SyntaxError: nope\n/);
    expect(result.output).not.toContain('money adds');
    expect(result.output.endsWith('1 passed, 1 failed\n')).toBe(true);
  });
});
