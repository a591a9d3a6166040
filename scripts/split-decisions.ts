// One-off migration (issue 36): docs/decisions.md, one file appended to in order of work, becomes
// one file per decision under docs/decisions/, numbered 0001... in the order they appear. Every
// `####` heading is a decision, and so is a `###` heading with no `####` under it; the `##` module
// and the `###` group headings become each file's `Area:` line, from which the index is built.
// Two decisions the file says it replaced are recovered from git history as superseded records.
// Run once: node --import tsx scripts/split-decisions.ts (then npm run docs:decisions).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const source = readFileSync(join(root, 'docs/decisions.md'), 'utf8');
const out = join(root, 'docs/decisions');
mkdirSync(out, { recursive: true });

type Raw = { heading: string; module: string; group: string | undefined; body: string[]; issue: string | undefined };

const lines = source.split('\n');
const raws: Raw[] = [];
let module = '';
let group: string | undefined;
let groupIssue: string | undefined;
let current: Raw | undefined;
const provenance = /\s*\((round \d+, (?:issue \d+|CI fix))\)\s*$/;

// A `###` heading is a group when a `####` follows it before the next `##`/`###`.
function hasChildren(at: number): boolean {
  for (let i = at + 1; i < lines.length; i++) {
    const l = lines[i] ?? '';
    if (l.startsWith('#### ')) return true;
    if (l.startsWith('## ') || l.startsWith('### ')) return false;
  }
  return false;
}

for (let i = 0; i < lines.length; i++) {
  const line = lines[i] ?? '';
  if (line.startsWith('## ')) {
    current = undefined;
    module = line.slice(3).trim();
    group = undefined;
    groupIssue = undefined;
  } else if (line.startsWith('### ')) {
    current = undefined;
    const text = line.slice(4).trim();
    if (hasChildren(i)) {
      group = text.replace(provenance, '');
      groupIssue = provenance.exec(text)?.[1];
    } else {
      group = undefined;
      groupIssue = undefined;
      current = { heading: text, module, group: undefined, body: [], issue: provenance.exec(text)?.[1] };
      raws.push(current);
    }
  } else if (line.startsWith('#### ')) {
    const text = line.slice(5).trim();
    current = { heading: text, module, group, body: [], issue: provenance.exec(text)?.[1] ?? groupIssue };
    raws.push(current);
  } else if (current) {
    current.body.push(line);
  }
}

/** The date (YYYY-MM-DD) of the first commit whose docs/ contained `text`. */
function firstRecorded(text: string): string | undefined {
  const log = execFileSync('git', ['log', '--reverse', '--format=%ad', '--date=short', '-S', text, '--', 'docs'], { cwd: root, encoding: 'utf8' });
  return log.split('\n')[0] || undefined;
}

function slug(title: string): string {
  const words = title
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ');
  let s = '';
  for (const w of words) {
    if ((s + '-' + w).length > 60 && s !== '') break;
    s = s === '' ? w : `${s}-${w}`;
  }
  return s;
}

const CONTEXT_OPENERS = /^(The spec|The API's description|The issue|The brief|DESIGN\.md|Spec \d|RFC 5545|The anchor|The guide)/;
const CONSEQUENCE_OPENERS = /^(The cost|Cost|The trade-offs?|Trade-offs?|Not kept|Not tried|Not chosen|Not adopted)\b/;

/** Sentences of a paragraph: split after ". " when the next character starts a sentence, outside code spans and brackets. */
function sentences(paragraph: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let code = false;
  let start = 0;
  for (let i = 0; i < paragraph.length; i++) {
    const c = paragraph[i];
    if (c === '`') code = !code;
    else if (!code && (c === '(' || c === '[')) depth++;
    else if (!code && (c === ')' || c === ']')) depth = Math.max(0, depth - 1);
    else if (!code && depth === 0 && c === '.' && /\s/.test(paragraph[i + 1] ?? '') && /[A-Z`"*]/.test(paragraph.slice(i + 1).trimStart()[0] ?? '')) {
      const prev = paragraph.slice(Math.max(0, i - 4), i);
      if (/(\be\.g|\bi\.e|\bvs|\betc|\bcf|\bNo)$/.test(prev)) continue;
      out.push(paragraph.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  const rest = paragraph.slice(start).trim();
  if (rest !== '') out.push(rest);
  return out;
}

function paragraphsOf(body: string[]): string[] {
  return body
    .join('\n')
    .trim()
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+$/, ''));
}

const isProse = (p: string) => !/^\s*([-*] |\d+\. |\||```|>)/.test(p);

function areaOf(raw: Raw): string {
  return raw.group ? `${raw.module} › ${raw.group}` : raw.module;
}

function genericContext(raw: Raw): string {
  const by = raw.issue ? ` Raised in ${raw.issue}.` : '';
  if (raw.module === 'The package') return `How the package is built, shipped and tested; no spec decides it.${by}`;
  if (raw.module.startsWith('payments-kit/http')) return `A choice the spec (sections 4, 5, 7, 9) leaves open for the request handler or the conformance suite.${by}`;
  return `A choice the API's description leaves open for ${raw.module.replace(/:.*/, '')}.${by}`;
}

type Record = { number: number; title: string; slug: string; area: string; status: string; context: string; decision: string; consequences: string };

function toRecord(raw: Raw, number: number, status: string): Record {
  const title = raw.heading.replace(provenance, '').replace(/\s*\(replaces "[^"]*"\)\s*$/, '');
  const paragraphs = paragraphsOf(raw.body);
  let context = '';
  const first = paragraphs[0];
  if (first !== undefined && isProse(first) && CONTEXT_OPENERS.test(first)) {
    // Only the prose before a list inside the paragraph is split into sentences.
    const firstLines = first.split('\n');
    const listAt = firstLines.findIndex((l) => !isProse(l));
    const prose = (listAt < 0 ? firstLines : firstLines.slice(0, listAt)).join(' ');
    const list = listAt < 0 ? [] : firstLines.slice(listAt);
    const [opening, ...rest] = sentences(prose);
    if (opening !== undefined && rest.length > 0) {
      context = opening;
      paragraphs[0] = [rest.join(' '), ...list].join('\n');
    }
  }
  let consequences = '';
  const lastIndex = paragraphs.length - 1;
  const last = paragraphs[lastIndex];
  if (last !== undefined && last.split('\n').every(isProse)) {
    const parts = sentences(last.replace(/\n/g, ' '));
    const at = parts.findIndex((s) => CONSEQUENCE_OPENERS.test(s));
    if (at > 0) {
      consequences = parts.slice(at).join(' ');
      paragraphs[lastIndex] = parts.slice(0, at).join(' ');
    } else if (at === 0 && paragraphs.length > 1) {
      consequences = parts.join(' ');
      paragraphs.pop();
    }
  }
  if (context === '') context = genericContext(raw);
  if (consequences === '') consequences = 'Enforced by code and pinned by a test; changing it changes behaviour and belongs in the changelog.';
  return { number, title, slug: slug(title), area: areaOf(raw), status, context, decision: paragraphs.join('\n\n'), consequences };
}

const pad = (n: number) => String(n).padStart(4, '0');

// The two decisions the file names as replaced, from the commits that last held them.
const superseded: { before: string; heading: string; commit: string; path: string }[] = [
  { before: 'Unknown fields in request bodies are a failed field', heading: 'Unknown fields in request bodies are ignored, and left out of the value', commit: 'df7d0ab^', path: 'docs/decisions.md' },
  { before: 'Invoice effects: a transactional outbox, delivered at least once', heading: 'Invoice effects: after the commit, once each', commit: '235a58b^', path: 'docs/decisions.md' },
];

function oldBody(commit: string, path: string, heading: string): string[] {
  const paths = path !== '' ? [path] : execFileSync('git', ['ls-tree', '-r', '--name-only', commit, 'docs'], { cwd: root, encoding: 'utf8' }).split('\n').filter((p) => p.endsWith('.md'));
  for (const p of paths) {
    const text = execFileSync('git', ['show', `${commit}:${p}`], { cwd: root, encoding: 'utf8' });
    const ls = text.split('\n');
    const at = ls.findIndex((l) => /^#{3,4} /.test(l) && l.replace(/^#+ /, '').trim() === heading);
    if (at < 0) continue;
    const body: string[] = [];
    for (const l of ls.slice(at + 1)) {
      if (/^#{2,4} /.test(l)) break;
      body.push(l);
    }
    return body;
  }
  throw new Error(`not found in history: ${heading}`);
}

const records: Record[] = [];
let n = 0;
for (const raw of raws) {
  const replaced = superseded.find((s) => raw.heading.startsWith(s.before));
  const recorded = firstRecorded(raw.heading.replace(provenance, '')) ?? firstRecorded(raw.heading);
  const when = [raw.issue, recorded ? `recorded ${recorded}` : undefined].filter(Boolean).join('; ');
  if (replaced) {
    const oldRaw: Raw = { heading: replaced.heading, module: raw.module, group: raw.group, body: oldBody(replaced.commit, replaced.path, replaced.heading), issue: undefined };
    const oldNumber = ++n;
    const oldRecorded = firstRecorded(replaced.heading);
    const newNumber = n + 1;
    const newSlug = slug(raw.heading.replace(provenance, '').replace(/\s*\(replaces "[^"]*"\)\s*$/, ''));
    const replacedOn = execFileSync('git', ['log', '-1', '--format=%ad', '--date=short', replaced.commit.replace(/\^$/, '')], { cwd: root, encoding: 'utf8' }).trim();
    const old = toRecord(oldRaw, oldNumber, `superseded by [${pad(newNumber)}](${pad(newNumber)}-${newSlug}.md) on ${replacedOn}${oldRecorded ? ` (recorded ${oldRecorded})` : ''}`);
    old.consequences = `No longer in force: ${pad(newNumber)} replaced it on ${replacedOn} (commit ${replaced.commit.replace(/\^$/, '')}); the text above is the record as it stood before that commit, kept so the change can be traced.`;
    records.push(old);
    const oldSlug = slug(replaced.heading);
    records.push(toRecord(raw, ++n, `accepted${when ? ` (${when})` : ''}; supersedes [${pad(oldNumber)}](${pad(oldNumber)}-${oldSlug}.md)`));
  } else {
    records.push(toRecord(raw, ++n, `accepted${when ? ` (${when})` : ''}`));
  }
}
// 0300-0319 is this issue's block; 0320-0399 are reserved for others.
if (n > 319) throw new Error(`${n} decisions: numbers from 0320 are reserved`);

for (const r of records) {
  const text = [`# ${pad(r.number)}. ${r.title}`, '', `Status: ${r.status}`, `Area: ${r.area}`, '', '## Context', '', r.context, '', '## Decision', '', r.decision, '', '## Consequences', '', r.consequences, ''].join('\n');
  writeFileSync(join(out, `${pad(r.number)}-${r.slug}.md`), text);
}
// The old heading's anchor -> the new file, for updating links.
writeFileSync(join(root, '.decisions-map.json'), JSON.stringify(records.map((r) => ({ file: `${pad(r.number)}-${r.slug}.md`, title: r.title, area: r.area })), null, 1));
console.log(`${records.length} decision files written`);
