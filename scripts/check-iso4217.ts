// Checks src/amount/iso4217.ts against an ISO 4217 List One file (SIX's list_one.xml, or the
// copy in the `currency-codes` npm package) plus the amendments published after that file's
// date, and prints every difference. Exit code 1 when there is one. Not part of `npm test`:
// the list is not vendored. A copy of the list, without adding a dependency:
//
//   cd /tmp && npm pack currency-codes && tar xzf currency-codes-*.tgz
//   npx tsx scripts/check-iso4217.ts /tmp/package/iso-4217-list-one.xml
import { readFileSync } from 'node:fs';
import { ISO_4217_MINOR_UNITS, WITHDRAWN_CURRENCY_CODES } from '../src/amount/iso4217.js';

type Change = { readonly amendment: number; readonly effective: string; readonly add?: Readonly<Record<string, number | null>>; readonly remove?: readonly string[] };

/** Amendments to List One that took effect after 2024-06-25 (the date of `currency-codes` 2.2.0's copy), as SIX published them. */
const AMENDMENTS: readonly Change[] = [
  { amendment: 176, effective: '2025-03-31', add: { XCG: 2 }, remove: ['ANG'] }, // Caribbean guilder replaces the Netherlands Antillean guilder
  { amendment: 178, effective: '2025-02', remove: ['CUC'] }, // with immediate effect: moved to List Three (withdrawn 2021-06)
  { amendment: 179, effective: '2025-05-12', add: { XAD: 2 } }, // Arab Accounting Dinar (Arab Monetary Fund)
  { amendment: 180, effective: '2026-01-01', remove: ['BGN'] }, // Bulgaria adopts the euro
];

const file = process.argv[2];
if (file === undefined) {
  console.error('usage: npx tsx scripts/check-iso4217.ts <list_one.xml>');
  process.exit(2);
}
const xml = readFileSync(file, 'utf8');
const published = /Pblshd="([^"]+)"/.exec(xml)?.[1] ?? 'unknown';
const expected = new Map<string, number | null>();
for (const [, entry = ''] of xml.matchAll(/<CcyNtry>([\s\S]*?)<\/CcyNtry>/g)) {
  const code = /<Ccy>([A-Z]{3})<\/Ccy>/.exec(entry)?.[1];
  const minor = /<CcyMnrUnts>([^<]+)<\/CcyMnrUnts>/.exec(entry)?.[1];
  if (code !== undefined) expected.set(code, minor === undefined || minor === 'N.A.' ? null : Number(minor));
}
// An amendment counts once it has taken effect (by today) and only if the list predates that.
const today = new Date().toISOString().slice(0, 10);
const applied = AMENDMENTS.filter((change) => change.effective <= today && (change.effective > published || published === 'unknown'));
for (const change of applied) {
  for (const [code, minor] of Object.entries(change.add ?? {})) expected.set(code, minor);
  for (const code of change.remove ?? []) expected.delete(code);
}

const problems: string[] = [];
for (const [code, minor] of expected) {
  if (!(code in ISO_4217_MINOR_UNITS)) problems.push(`${code}: in the list (minor unit ${minor}), missing from the table`);
  else if (ISO_4217_MINOR_UNITS[code] !== minor) problems.push(`${code}: the list says ${minor}, the table ${ISO_4217_MINOR_UNITS[code]}`);
}
for (const code of Object.keys(ISO_4217_MINOR_UNITS)) if (!expected.has(code)) problems.push(`${code}: in the table, not in the list`);
for (const code of Object.keys(WITHDRAWN_CURRENCY_CODES)) if (expected.has(code)) problems.push(`${code}: withdrawn in the table, current in the list`);

console.log(`list published ${published}; amendments applied after it: ${applied.map((c) => c.amendment).join(', ') || 'none'}`);
console.log(`${expected.size} codes expected, ${Object.keys(ISO_4217_MINOR_UNITS).length} in the table`);
for (const problem of problems) console.log(`  ${problem}`);
console.log(problems.length === 0 ? 'the table matches' : `${problems.length} difference(s)`);
process.exit(problems.length === 0 ? 0 : 1);
