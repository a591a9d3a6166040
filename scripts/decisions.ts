// The index of the decision records, docs/decisions/README.md, built from the records
// themselves: each `NNNN-short-title.md` file's first line (`# NNNN. Title`), its `Status:` line
// and its optional `Area:` line (`area` or `area › group`). Areas keep the order in which their
// lowest-numbered record appears; a record without an area is listed at the end. Numbers may
// have gaps (records that were merged keep the number of one of them).
//
// A record written on a branch is `new-short-title.md` with the heading `# Title`: branches never
// race for a number. The index lists such records last, under "Not yet numbered";
// `npm run docs:decisions -- --number` gives each the next free number (in file-name order),
// rewrites its heading and every reference to its file name in the repository's docs, sources
// and tests, and regenerates the index. `npm run docs:decisions` writes the index;
// test/decisions.test.ts fails when the committed one differs.
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A decision record as the index needs it; `number` is undefined for a `new-*.md` record. */
export type DecisionRecord = { file: string; number: number | undefined; title: string; status: string; area: string | undefined };

/** The folder of the records, and the index's name in it. */
export const DECISIONS_DIR = resolve(import.meta.dirname, '../docs/decisions');
export const INDEX_FILE = 'README.md';

/** A record file's name: four digits, a dash, a lowercase slug. */
export const RECORD_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
/** A record not yet numbered: `new-`, a lowercase slug. */
export const NEW_RECORD_NAME = /^new-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;

/**
 * Reads one record's heading, status and area; throws with the file's name when one is missing.
 * @example parseRecord('0001-x.md', '# 0001. X\n\nStatus: accepted\n') // { number: 1, title: 'X', ... }
 */
export function parseRecord(file: string, text: string): DecisionRecord {
  const status = (): string => {
    const found = /^Status: (.+)$/m.exec(text)?.[1]?.trim();
    if (!found) throw new Error(`${file}: no "Status:" line`);
    return found;
  };
  const area = /^Area: (.+)$/m.exec(text)?.[1]?.trim();
  if (NEW_RECORD_NAME.test(file)) {
    const heading = /^# (?!\d{4}\. )(.+)$/m.exec(text);
    if (!heading || heading.index !== 0) throw new Error(`${file}: the first line of a new record must be "# Title" (no number yet)`);
    return { file, number: undefined, title: (heading[1] ?? '').trim(), status: status(), area };
  }
  const name = RECORD_NAME.exec(file);
  if (!name) throw new Error(`${file}: a record is named NNNN-short-title.md (or new-short-title.md on a branch)`);
  const heading = /^# (\d{4})\. (.+)$/m.exec(text);
  if (!heading || heading.index !== 0) throw new Error(`${file}: the first line must be "# NNNN. Title"`);
  if (heading[1] !== name[1]) throw new Error(`${file}: the heading's number ${heading[1]} is not the file's`);
  return { file, number: Number(name[1]), title: (heading[2] ?? '').trim(), status: status(), area };
}

/** Every record in `dir`, by file name (numbered ones first, by number). */
export function readRecords(dir = DECISIONS_DIR): DecisionRecord[] {
  return readdirSync(dir)
    .filter((f) => f !== INDEX_FILE && f.endsWith('.md'))
    .sort()
    .map((f) => parseRecord(f, readFileSync(join(dir, f), 'utf8')));
}

/** The status as the index shows it: nothing for a plain acceptance, else its first clause (links kept), and what it supersedes. */
function shownStatus(status: string): string {
  const supersedes = /supersedes (\[[^\]]*\]\([^)]*\))/.exec(status)?.[1];
  const first = (status.split(/;| \(/)[0] ?? '').trim();
  const shown = [/^accepted$/.test(first) ? '' : first, supersedes ? `supersedes ${supersedes}` : ''].filter((s) => s !== '');
  return shown.length === 0 ? '' : ` (${shown.join('; ')})`;
}

/**
 * The index page for `records`.
 * @example renderIndex(readRecords()) // '# Decisions\n...'
 */
export function renderIndex(records: readonly DecisionRecord[]): string {
  const numbered = records.filter((r) => r.number !== undefined).sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
  const unnumbered = records.filter((r) => r.number === undefined).sort((a, b) => a.file.localeCompare(b.file));
  const seen = new Set<number>();
  for (const r of numbered) {
    if (seen.has(r.number ?? 0)) throw new Error(`decision number ${r.number} is used twice`);
    seen.add(r.number ?? 0);
  }
  const areas: string[] = [];
  const groups = new Map<string, string[]>(); // area -> groups in order ('' for none)
  const byArea = new Map<string, DecisionRecord[]>();
  const unfiled: DecisionRecord[] = [];
  for (const r of numbered) {
    if (r.area === undefined) {
      unfiled.push(r);
      continue;
    }
    const [area = '', group = ''] = r.area.split(' › ').map((s) => s.trim());
    if (!groups.has(area)) {
      areas.push(area);
      groups.set(area, []);
    }
    const inArea = groups.get(area) ?? [];
    if (!inArea.includes(group)) inArea.push(group);
    const key = `${area}\u0000${group}`;
    byArea.set(key, [...(byArea.get(key) ?? []), r]);
  }
  const escape = (title: string) => title.replace(/([[\]])/g, '\\$1');
  const line = (r: DecisionRecord) =>
    r.number === undefined
      ? `- [${escape(r.title)}](${r.file})${shownStatus(r.status)}`
      : `- [${String(r.number).padStart(4, '0')}. ${escape(r.title)}](${r.file})${shownStatus(r.status)}`;
  const out: string[] = [
    '# Decisions',
    '',
    'One record per architectural choice: what forced it and the options weighed (Context), what',
    'was chosen (Decision), and what became easier and harder, with figures where measured',
    '(Consequences). A record is accepted, or superseded by the record that replaced it. Behaviour',
    'rules that are not choices are not records: each module guide ends with a table of them',
    '("Rules the spec leaves open"). "spec 4.2" is a section of the API\'s description;',
    '[api.md](../api.md) maps the numbers.',
    '',
    'How to add one: [CONTRIBUTING.md](../../CONTRIBUTING.md#a-decision). This page is generated from',
    'the records (`npm run docs:decisions`); `test/decisions.test.ts` fails when it is not current.',
    '',
  ];
  for (const area of areas) {
    out.push(`## ${area}`, '');
    for (const group of groups.get(area) ?? []) {
      if (group !== '') out.push(`### ${group}`, '');
      out.push(...(byArea.get(`${area}\u0000${group}`) ?? []).map(line), '');
    }
  }
  if (unfiled.length > 0) out.push('## Not yet filed under an area', '', ...unfiled.map(line), '');
  if (unnumbered.length > 0) out.push('## Not yet numbered', '', ...unnumbered.map(line), '');
  return out.join('\n');
}

/** Where references to a record's file name may stand: the docs, the sources, the tests, the top-level Markdown. */
const REFERENCE_ROOTS = ['docs', 'src', 'test', 'scripts', 'bench', 'README.md', 'CONTRIBUTING.md', 'SECURITY.md', 'CHANGELOG.md'];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : filesUnder(join(path, entry.name)),
  );
}

/**
 * Gives each `new-*.md` record in `dir` the next free number, in file-name order: renames it,
 * writes its heading as `# NNNN. Title` and replaces its old file name in every text file under
 * `repositoryRoot`'s docs, sources and tests. Returns the renames.
 * @example numberNewRecords() // [{ from: 'new-x.md', to: '0385-x.md' }]
 */
export function numberNewRecords(dir = DECISIONS_DIR, repositoryRoot = resolve(dir, '../..')): { from: string; to: string }[] {
  const records = readRecords(dir);
  let next = Math.max(0, ...records.map((r) => r.number ?? 0)) + 1;
  const renames = records
    .filter((r) => r.number === undefined)
    .map((r) => {
      const slug = NEW_RECORD_NAME.exec(r.file)?.[1] ?? '';
      const number = String(next++).padStart(4, '0');
      return { from: r.file, to: `${number}-${slug}.md`, number };
    });
  for (const { from, to, number } of renames) {
    const text = readFileSync(join(dir, from), 'utf8').replace(/^# /, `# ${number}. `);
    writeFileSync(join(dir, from), text);
    renameSync(join(dir, from), join(dir, to));
  }
  if (renames.length > 0) {
    const files = [...new Set([...filesUnder(dir), ...REFERENCE_ROOTS.flatMap((p) => filesUnder(join(repositoryRoot, p)))])].filter((f) =>
      /\.(md|ts|mts|mjs|cjs|js|json)$/.test(f),
    );
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      let changed = text;
      for (const { from, to } of renames) changed = changed.split(from).join(to);
      if (changed !== text) writeFileSync(file, changed);
    }
  }
  return renames.map(({ from, to }) => ({ from, to }));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--number')) for (const { from, to } of numberNewRecords()) console.log(`docs/decisions/${from} -> ${to}`);
  const records = readRecords();
  writeFileSync(join(DECISIONS_DIR, INDEX_FILE), renderIndex(records));
  console.log(`docs/decisions/${INDEX_FILE}: ${records.length} records`);
}
