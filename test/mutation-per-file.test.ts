// The per-file bar of `npm run test:mutation` (scripts/mutation-per-file.ts): scores counted
// as Stryker counts them, and the files under the bar named.
import { describe, expect, it } from 'vitest';
import { fileScores, filesUnder, formatTable } from '../scripts/mutation-per-file.js';

const mutants = (statuses: Record<string, number>) =>
  Object.entries(statuses).flatMap(([status, count]) => new Array<{ status: string }>(count).fill({ status }));

const report = {
  files: {
    'src/b.ts': { mutants: mutants({ Killed: 8, Timeout: 1, Survived: 1, NoCoverage: 1 }) },
    'src/a.ts': { mutants: mutants({ Killed: 17, Survived: 3, CompileError: 5, RuntimeError: 1, Ignored: 4, Pending: 2 }) },
    'src/c.ts': { mutants: mutants({ CompileError: 2 }) },
  },
};

describe('mutation score per file', () => {
  it('counts timeouts as killed, no coverage as survived, and leaves errors, ignored and pending out; rows sorted by path', () => {
    expect(fileScores(report)).toEqual([
      { path: 'src/a.ts', detected: 17, undetected: 3, score: 85 },
      { path: 'src/b.ts', detected: 9, undetected: 2, score: (9 / 11) * 100 },
      { path: 'src/c.ts', detected: 0, undetected: 0, score: undefined },
    ]);
  });

  it('names the files under the bar; exactly at the bar passes, a file with nothing counted never fails', () => {
    const rows = fileScores(report);
    expect(filesUnder(rows, 85).map((row) => row.path)).toEqual(['src/b.ts']);
    expect(filesUnder(rows, 85.01).map((row) => row.path)).toEqual(['src/a.ts', 'src/b.ts']);
    expect(filesUnder(rows, 80)).toEqual([]);
    expect(fileScores({})).toEqual([]);
  });

  it('prints one line per file with its score and a mark on each file under the bar', () => {
    expect(formatTable(fileScores(report), 85).split('\n')).toEqual([
      'File      Detected  Undetected    Score',
      'src/a.ts        17           3   85.00%',
      'src/b.ts         9           2   81.82%  < 85%',
      'src/c.ts         0           0      n/a',
    ]);
  });
});
