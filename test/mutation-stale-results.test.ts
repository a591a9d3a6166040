// The step before each module's mutation run (scripts/mutation/stale-results.ts): a stored
// result whose line changed is dropped, so Stryker tests that mutant again instead of reusing a
// status the new line may no longer give.
import { describe, expect, it } from 'vitest';
import { changedLines, dropStaleResults, type IncrementalReport, type StoredMutant } from '../scripts/mutation/stale-results.js';

const mutant = (line: number, column: number, endColumn: number, mutatorName: string, replacement: string): StoredMutant & { status: string } => ({
  mutatorName,
  replacement,
  status: 'Killed',
  location: { start: { line, column }, end: { line, column: endColumn } },
});

// The line of `surelyDateTime` whose `typeof value !== 'string'` -> `false` was stored as
// killed (the old line read `value.length` of a non-string) and then reused after the line
// changed to a regular expression test, under which it survives.
const before = [
  'export function surelyDateTime(value: unknown): boolean {',
  "  if (typeof value !== 'string' || value.length < 20 || !hasDateTimeMarks(value)) return false;",
  '  return true;',
  '}',
].join('\n');
const after = [
  '/** The canonical shape. */',
  'export function surelyDateTime(value: unknown): boolean {',
  "  if (typeof value !== 'string' || !CANONICAL_DATE_TIME.test(value)) return false;",
  '  return true;',
  '}',
].join('\n');

describe('stored mutation results on changed lines', () => {
  it('finds the lines of the old text that the new one does not keep, wherever the kept lines moved', () => {
    expect(changedLines(before, after)).toEqual(new Set([2]));
    expect(changedLines('a\nb\nc', 'a\nb\nc')).toEqual(new Set());
    expect(changedLines('a\nb\nc\nd', 'x\na\nc\nd\ne')).toEqual(new Set([2]));
    expect(changedLines('a\nb', '')).toEqual(new Set([1, 2]));
  });

  it('drops a mutant whose own text is unchanged when the rest of its line changed, and keeps the mutants of unchanged lines', () => {
    const typeofFalse = mutant(2, 7, 32, 'ConditionalExpression', 'false');
    const returnTrue = mutant(3, 10, 14, 'BooleanLiteral', 'false');
    const wholeFunction = { ...mutant(1, 57, 1, 'BlockStatement', '{}'), location: { start: { line: 1, column: 57 }, end: { line: 4, column: 2 } } };
    const report: IncrementalReport & { schemaVersion: string } = {
      schemaVersion: '2',
      files: {
        'src/a.ts': { source: before, mutants: [typeofFalse, returnTrue, wholeFunction] },
        'src/same.ts': { source: 'x', mutants: [mutant(1, 1, 2, 'StringLiteral', '""')] },
        'src/gone.ts': { source: 'y', mutants: [mutant(1, 1, 2, 'StringLiteral', '""')] },
      },
    };
    const sources: Record<string, string> = { 'src/a.ts': after, 'src/same.ts': 'x' };
    const { report: kept, dropped } = dropStaleResults(report, (path) => sources[path]);
    expect(dropped).toEqual(['src/a.ts:2:7 ConditionalExpression -> false', 'src/a.ts:1:57 BlockStatement -> {}']);
    expect(kept.files?.['src/a.ts']?.mutants).toEqual([returnTrue]);
    expect(kept.files?.['src/same.ts']).toBe(report.files?.['src/same.ts']);
    expect(kept.files?.['src/gone.ts']).toBe(report.files?.['src/gone.ts']);
    expect((kept as typeof report).schemaVersion).toBe('2');
    expect(report.files?.['src/a.ts']?.mutants).toHaveLength(3);
  });

  it('keeps every result of a file stored without its source', () => {
    const report: IncrementalReport = { files: { 'src/a.ts': { mutants: [mutant(2, 7, 32, 'ConditionalExpression', 'false')] } } };
    expect(dropStaleResults(report, () => after)).toEqual({ report, dropped: [] });
  });
});
