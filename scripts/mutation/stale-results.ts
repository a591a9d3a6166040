// Stored mutation results that Stryker's incremental mode would reuse although they may no
// longer hold. Stryker 9.6 reuses a mutant's stored status when the mutated text itself did not
// change, even when the code beside it on the same line did: `typeof value !== 'string'` ->
// `false` was stored as killed while the line went on to read `value.length` (a non-string
// threw), and stayed killed after the line changed to a regular expression test, which takes
// any value. So before each module's run `npm run test:mutation` drops the stored result of
// every mutant on a line that changed since it was stored; Stryker tests those mutants again.
//   node --import tsx scripts/mutation/stale-results.ts <module>
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** A stored mutant, as much of it as this step reads (mutation-testing-report-schema). */
export interface StoredMutant {
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

/** The part of an incremental report (`reports/stryker-incremental/<module>.json`) this step reads; the rest is kept as it is. */
export interface IncrementalReport {
  files?: Record<string, { source?: string; mutants: StoredMutant[] }>;
}

/**
 * The lines of `before` (numbered from 1) that `after` does not keep word for word: every line
 * outside a longest common subsequence of the two texts' lines.
 *
 * @example
 * changedLines('a\nb\nc', 'a\nB\nc') // Set { 2 }
 */
export function changedLines(before: string, after: string): Set<number> {
  const a = before.split('\n');
  const b = after.split('\n');
  let first = 0;
  while (first < a.length && first < b.length && a[first] === b[first]) first += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > first && endB > first && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  // common[i * width + j]: the longest common subsequence of a[first + i ..] and b[first + j ..] (to the unchanged ends).
  const rows = endA - first;
  const width = endB - first + 1;
  const common = new Uint32Array((rows + 1) * width);
  const at = (i: number, j: number): number => common[i * width + j] ?? 0;
  for (let i = rows - 1; i >= 0; i -= 1) {
    for (let j = width - 2; j >= 0; j -= 1) {
      common[i * width + j] = a[first + i] === b[first + j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const changed = new Set<number>();
  let j = 0;
  for (let i = 0; i < rows; ) {
    if (j < width - 1 && a[first + i] === b[first + j]) {
      i += 1;
      j += 1;
    } else if (j < width - 1 && at(i, j + 1) >= at(i + 1, j)) {
      j += 1;
    } else {
      changed.add(first + i + 1);
      i += 1;
    }
  }
  return changed;
}

/**
 * `report` without the stored mutants that sit on a line changed since they were stored (their
 * file's text now from `readSource`, `undefined` for a file that is gone: Stryker drops those
 * itself), and a line naming each mutant dropped. A file stored without its source is kept.
 */
export function dropStaleResults(report: IncrementalReport, readSource: (path: string) => string | undefined): { report: IncrementalReport; dropped: string[] } {
  const dropped: string[] = [];
  const files: NonNullable<IncrementalReport['files']> = {};
  for (const [path, file] of Object.entries(report.files ?? {})) {
    const current = readSource(path);
    if (file.source === undefined || current === undefined || current === file.source) {
      files[path] = file;
      continue;
    }
    const changed = changedLines(file.source, current);
    const onChangedLine = (mutant: StoredMutant): boolean => {
      for (let line = mutant.location.start.line; line <= mutant.location.end.line; line += 1) if (changed.has(line)) return true;
      return false;
    };
    const mutants = file.mutants.filter((mutant) => {
      if (!onChangedLine(mutant)) return true;
      const { line, column } = mutant.location.start;
      dropped.push(`${path}:${line}:${column} ${mutant.mutatorName} -> ${mutant.replacement ?? mutant.mutatorName}`);
      return false;
    });
    files[path] = { ...file, mutants };
  }
  return { report: report.files === undefined ? report : { ...report, files }, dropped };
}

function main(argv: readonly string[]): number {
  const [name] = argv;
  if (name === undefined) {
    console.error('usage: node --import tsx scripts/mutation/stale-results.ts <module>');
    return 2;
  }
  const file = `reports/stryker-incremental/${name}.json`;
  if (!existsSync(file)) return 0;
  const stored = JSON.parse(readFileSync(file, 'utf8')) as IncrementalReport;
  const { report, dropped } = dropStaleResults(stored, (path) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined));
  if (dropped.length === 0) return 0;
  writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(`${name}: ${dropped.length} stored result(s) on changed lines dropped, to be tested again:\n  ${dropped.join('\n  ')}`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv.slice(2));
