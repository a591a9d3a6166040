// The per-file bar of `npm run test:mutation`: Stryker's `thresholds.break` holds one run (a
// module) to 90%, and this holds every file of it to 85%. Reads the module's JSON report
// (reports/mutation/<module>.json, mutation-testing-report-schema), prints each file's score
// and fails when any file is under the bar.
//   node --import tsx scripts/mutation-per-file.ts <module> [minimum percent, default 85]
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The part of a mutation-testing-report-schema report this check reads. */
export interface MutationReport {
  files?: Record<string, { mutants?: { status: string }[] }>;
}

/** One file's counts and score in percent (`undefined` when none of its mutants counts). */
export interface FileScore {
  path: string;
  detected: number;
  undetected: number;
  score: number | undefined;
}

/** Statuses that count as detected, as Stryker counts them (a timeout is a kill). */
const DETECTED = new Set(['Killed', 'Timeout']);
/** Statuses that count as not detected. Compile and runtime errors, ignored and pending mutants count neither way. */
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/**
 * One row per file of a mutation-testing-report-schema report: its detected and undetected
 * mutants and its score in percent (`undefined` when no mutant of the file counts), sorted by path.
 */
export function fileScores(report: MutationReport): FileScore[] {
  return Object.entries(report.files ?? {})
    .map(([path, file]) => {
      let detected = 0;
      let undetected = 0;
      for (const mutant of file.mutants ?? []) {
        if (DETECTED.has(mutant.status)) detected += 1;
        else if (UNDETECTED.has(mutant.status)) undetected += 1;
      }
      const valid = detected + undetected;
      return { path, detected, undetected, score: valid === 0 ? undefined : (detected / valid) * 100 };
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The rows under `minimum` percent (a file without a counted mutant is never under it). */
export function filesUnder(rows: readonly FileScore[], minimum: number): FileScore[] {
  return rows.filter((row) => row.score !== undefined && row.score < minimum);
}

/** The table printed after each module's run: path, killed (with timeouts), survived (with no coverage), score. */
export function formatTable(rows: readonly FileScore[], minimum: number): string {
  const width = Math.max(4, ...rows.map((row) => row.path.length));
  const lines = [`${'File'.padEnd(width)}  Detected  Undetected  ${'Score'.padStart(7)}`];
  for (const row of rows) {
    const score = row.score === undefined ? 'n/a' : `${row.score.toFixed(2)}%`;
    const flag = row.score !== undefined && row.score < minimum ? `  < ${minimum}%` : '';
    lines.push(`${row.path.padEnd(width)}  ${String(row.detected).padStart(8)}  ${String(row.undetected).padStart(10)}  ${score.padStart(7)}${flag}`);
  }
  return lines.join('\n');
}

function main(argv: readonly string[]): number {
  const [name, minimumText = '85'] = argv;
  const minimum = Number(minimumText);
  if (name === undefined || !Number.isFinite(minimum)) {
    console.error('usage: node --import tsx scripts/mutation-per-file.ts <module> [minimum percent]');
    return 2;
  }
  const file = `reports/mutation/${name}.json`;
  if (!existsSync(file)) {
    console.error(`${file} not found: the mutation run of ${name} wrote no report`);
    return 1;
  }
  const rows = fileScores(JSON.parse(readFileSync(file, 'utf8')) as MutationReport);
  console.log(`Mutation score per file, module ${name} (${file}), minimum ${minimum}%:`);
  console.log(formatTable(rows, minimum));
  const under = filesUnder(rows, minimum);
  if (under.length > 0) {
    console.error(`${under.length} file(s) of ${name} under ${minimum}%: ${under.map((row) => row.path).join(', ')}`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv.slice(2));
