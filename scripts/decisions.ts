// The index of the decision records, docs/decisions/README.md, built from the records
// themselves: each `NNNN-short-title.md` file's first line (`# NNNN. Title`), its `Status:` line
// and its optional `Area:` line (`module` or `module › group`). Areas keep the order in which
// their lowest-numbered record appears; a record without an area is listed at the end. Numbers
// may have gaps (blocks are reserved per issue). `npm run docs:decisions` writes the index;
// test/decisions.test.ts fails when the committed one differs.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A decision record as the index needs it. */
export type DecisionRecord = { file: string; number: number; title: string; status: string; area: string | undefined };

/** The folder of the records, and the index's name in it. */
export const DECISIONS_DIR = resolve(import.meta.dirname, '../docs/decisions');
export const INDEX_FILE = 'README.md';

/** A record file's name: four digits, a dash, a lowercase slug. */
export const RECORD_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

/**
 * Reads one record's heading, status and area; throws with the file's name when one is missing.
 * @example parseRecord('0001-x.md', '# 0001. X\n\nStatus: accepted\n') // { number: 1, title: 'X', ... }
 */
export function parseRecord(file: string, text: string): DecisionRecord {
  const name = RECORD_NAME.exec(file);
  if (!name) throw new Error(`${file}: a record is named NNNN-short-title.md`);
  const heading = /^# (\d{4})\. (.+)$/m.exec(text);
  if (!heading || heading.index !== 0) throw new Error(`${file}: the first line must be "# NNNN. Title"`);
  if (heading[1] !== name[1]) throw new Error(`${file}: the heading's number ${heading[1]} is not the file's`);
  const status = /^Status: (.+)$/m.exec(text)?.[1]?.trim();
  if (!status) throw new Error(`${file}: no "Status:" line`);
  const area = /^Area: (.+)$/m.exec(text)?.[1]?.trim();
  return { file, number: Number(name[1]), title: (heading[2] ?? '').trim(), status, area };
}

/** Every record in `dir`, by number. */
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
  const sorted = [...records].sort((a, b) => a.number - b.number);
  const seen = new Set<number>();
  for (const r of sorted) {
    if (seen.has(r.number)) throw new Error(`decision number ${r.number} is used twice`);
    seen.add(r.number);
  }
  const modules: string[] = [];
  const groups = new Map<string, string[]>(); // module -> groups in order ('' for none)
  const byArea = new Map<string, DecisionRecord[]>();
  const unfiled: DecisionRecord[] = [];
  for (const r of sorted) {
    if (r.area === undefined) {
      unfiled.push(r);
      continue;
    }
    const [module = '', group = ''] = r.area.split(' › ').map((s) => s.trim());
    if (!groups.has(module)) {
      modules.push(module);
      groups.set(module, []);
    }
    const inModule = groups.get(module) ?? [];
    if (!inModule.includes(group)) inModule.push(group);
    const key = `${module}\u0000${group}`;
    byArea.set(key, [...(byArea.get(key) ?? []), r]);
  }
  const line = (r: DecisionRecord) => `- [${String(r.number).padStart(4, '0')}. ${r.title.replace(/([[\]])/g, '\\$1')}](${r.file})${shownStatus(r.status)}`;
  const out: string[] = [
    '# Decisions',
    '',
    'One record per choice that the API\'s description, DESIGN.md or an issue leaves open, with its',
    'reason: Context (the question), Decision (what the code does, and why), Consequences, and a',
    'Status (accepted, or superseded by the record that replaced it). Each accepted one is enforced by',
    'code and pinned by a test; changing one is a change of behaviour and belongs in the changelog.',
    '"spec 4.2" is a section of the API\'s description; [api.md](../api.md) maps the numbers.',
    '',
    'How to add one: [CONTRIBUTING.md](../../CONTRIBUTING.md#a-decision). This page is generated from',
    'the records (`npm run docs:decisions`); `test/decisions.test.ts` fails when it is not current.',
    '',
  ];
  for (const module of modules) {
    out.push(`## ${module}`, '');
    for (const group of groups.get(module) ?? []) {
      if (group !== '') out.push(`### ${group}`, '');
      out.push(...(byArea.get(`${module}\u0000${group}`) ?? []).map(line), '');
    }
  }
  if (unfiled.length > 0) out.push('## Not yet filed under an area', '', ...unfiled.map(line), '');
  return out.join('\n');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const records = readRecords();
  writeFileSync(join(DECISIONS_DIR, INDEX_FILE), renderIndex(records));
  console.log(`docs/decisions/${INDEX_FILE}: ${records.length} records`);
}
