// The decision records (docs/decisions/NNNN-short-title.md, or new-short-title.md before the
// lead numbers them) and their generated index: the index is what `npm run docs:decisions`
// writes from the records; every record has a heading with its file's number, a Status and the
// three sections, each with content of its own; a superseded record names the one that
// replaced it; every reference to a record in the repository names a record that exists;
// nothing still points at the single file the records came from; and every relative link in the
// repository's Markdown reaches a file, and a heading when it names one. The repository's files
// are found by walking the folders (not `git ls-files`), so the test runs from a source archive.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECISIONS_DIR, INDEX_FILE, numberNewRecords, parseRecord, readRecords, renderIndex } from '../scripts/decisions.js';
import { isExternal, linkTargets, withoutCode } from './markdown-links.js';

const root = resolve(import.meta.dirname, '..');
/** Folders that are built, installed or generated, never the repository's own text (as .gitignore lists them). */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'coverage', '.bench-tmp', '.test-results', '.pack', '.test-artifacts', '.stryker-tmp', '.recipes']);
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path);
    return entry.isFile() ? [relative(root, path).split('\\').join('/')] : [];
  });
}
const repositoryFiles = walk(root).filter((f) => !f.startsWith('reports/mutation/') && !f.endsWith('.tgz'));
const tracked = (extension: string): string[] => repositoryFiles.filter((f) => f.endsWith(extension));

describe('docs/decisions', () => {
  const records = readRecords();

  it('the index is the one the records generate (npm run docs:decisions)', () => {
    expect(readFileSync(join(DECISIONS_DIR, INDEX_FILE), 'utf8')).toBe(renderIndex(records));
  });

  it('every record: "# NNNN. Title", a Status, then Context, Decision and Consequences, none empty', () => {
    expect(records.length).toBeGreaterThanOrEqual(15);
    expect(records.filter((r) => r.number !== undefined).length).toBeLessThanOrEqual(60);
    for (const r of records) {
      const text = readFileSync(join(DECISIONS_DIR, r.file), 'utf8');
      expect(r.status, r.file).toMatch(/^(accepted|proposed|deprecated|superseded by \[\d{4}\]\(\d{4}-[a-z0-9-]+\.md\))(?!\w)/);
      const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
      expect(sections, r.file).toEqual(['Context', 'Decision', 'Consequences']);
      for (const body of text.split(/^## .+$/m).slice(1)) expect(body.trim(), r.file).not.toBe('');
    }
  });

  it('each record has a Context and Consequences of its own: no template line, no section shared with another record', () => {
    const sectionsOf = (file: string) => {
      const [, context = '', , consequences = ''] = readFileSync(join(DECISIONS_DIR, file), 'utf8').split(/^## .+$/m);
      return { context: context.trim(), consequences: consequences.trim() };
    };
    const contexts = new Map<string, string>();
    const consequences = new Map<string, string>();
    for (const r of records) {
      const s = sectionsOf(r.file);
      // A context says what forced the choice; a consequence what became easier and harder.
      expect(s.context.length, `${r.file}: Context`).toBeGreaterThan(200);
      expect(s.consequences.length, `${r.file}: Consequences`).toBeGreaterThan(150);
      expect(s.consequences, r.file).not.toMatch(/Enforced by code and pinned by a test/);
      expect(s.context, r.file).not.toMatch(/A choice the (API's description|spec)/);
      expect(contexts.get(s.context), r.file).toBeUndefined();
      expect(consequences.get(s.consequences), r.file).toBeUndefined();
      contexts.set(s.context, r.file);
      consequences.set(s.consequences, r.file);
    }
  });

  it('a superseded record names a record that says it supersedes it', () => {
    const superseded = records.filter((r) => r.status.startsWith('superseded'));
    expect(superseded.length).toBeGreaterThan(0);
    for (const r of superseded) {
      const by = /\]\((\d{4}-[a-z0-9-]+\.md)\)/.exec(r.status)?.[1] ?? '';
      const successor = records.find((s) => s.file === by);
      expect(successor?.status, r.file).toContain(`supersedes [${r.file.slice(0, 4)}](${r.file})`);
    }
  });

  it('refuses a record without a heading of its number or a status', () => {
    expect(() => parseRecord('0001-x.md', '# 0002. X\n\nStatus: accepted\n')).toThrow(/number/);
    expect(() => parseRecord('0001-x.md', '# 0001. X\n')).toThrow(/Status/);
    expect(() => parseRecord('1-x.md', '# 0001. X\n')).toThrow(/NNNN/);
    expect(() => renderIndex([...records, { ...records[0]!, file: '0001-again.md' }])).toThrow(/twice/);
  });

  it('lists a record without an area at the end, and tolerates gaps in the numbers', () => {
    const extra = { file: '0399-late.md', number: 399, title: 'Late', status: 'accepted (2026-11-28)', area: undefined };
    const index = renderIndex([...records, extra]);
    const unfiled = index.split('## Not yet filed under an area\n\n')[1] ?? '';
    expect(unfiled.split('\n## ')[0]?.trimEnd().endsWith('- [0399. Late](0399-late.md)')).toBe(true);
  });
});

describe('records written on a branch (new-short-title.md)', () => {
  const record = (heading: string, status = 'accepted') => `${heading}\n\nStatus: ${status}\nArea: A\n\n## Context\n\nc\n\n## Decision\n\nd\n\n## Consequences\n\ne\n`;

  it('reads a record without a number, and lists it last, under "Not yet numbered"', () => {
    const late = parseRecord('new-late-choice.md', record('# A late choice'));
    expect(late).toMatchObject({ number: undefined, title: 'A late choice' });
    const index = renderIndex([...readRecords().filter((r) => r.number !== undefined), late]);
    expect(index.trimEnd().endsWith('## Not yet numbered\n\n- [A late choice](new-late-choice.md)')).toBe(true);
    expect(() => parseRecord('new-x.md', record('# 0001. X'))).toThrow(/no number yet/);
    expect(() => parseRecord('new_x.md', record('# X'))).toThrow(/new-short-title/);
  });

  it('--number gives each the next free number, its heading, and rewrites the references to it', () => {
    const repo = mkdtempSync(join(tmpdir(), 'decisions-'));
    try {
      const dir = join(repo, 'docs/decisions');
      mkdirSync(dir, { recursive: true });
      mkdirSync(join(repo, 'src'));
      writeFileSync(join(dir, '0007-old.md'), record('# 0007. Old', 'superseded by [new](new-b.md)'));
      writeFileSync(join(dir, 'new-b.md'), record('# B'));
      writeFileSync(join(dir, 'new-a.md'), record('# A'));
      writeFileSync(join(repo, 'src/x.ts'), '// why: docs/decisions/new-a.md\n');
      expect(numberNewRecords(dir, repo)).toEqual([
        { from: 'new-a.md', to: '0008-a.md' },
        { from: 'new-b.md', to: '0009-b.md' },
      ]);
      expect(readRecords(dir).map((r) => `${r.number} ${r.title}`)).toEqual(['7 Old', '8 A', '9 B']);
      expect(readFileSync(join(repo, 'src/x.ts'), 'utf8')).toBe('// why: docs/decisions/0008-a.md\n');
      expect(readFileSync(join(dir, '0007-old.md'), 'utf8')).toContain('superseded by [new](0009-b.md)');
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});

describe('links', () => {
  const old = ['decisions', 'md'].join('.'); // the split file's name, not written here as one word

  it(`nothing in the repository points at docs/${old} any more`, () => {
    const files = [...tracked('.md'), ...tracked('.ts'), ...tracked('.mjs'), ...tracked('.cjs'), ...tracked('.json'), ...tracked('.gitattributes')].filter(
      (f) => !f.startsWith('reports/') && !f.startsWith('api-report/') && f !== 'CHANGELOG.md',
    );
    expect(files.length).toBeGreaterThan(100);
    const pointing = files.filter((f) => readFileSync(join(root, f), 'utf8').includes(old));
    expect(pointing).toEqual([]);
  });

  /** GitHub's anchor of a heading: lowercase, punctuation dropped, spaces to dashes, repeats numbered. */
  function anchorsOf(markdown: string): Set<string> {
    const seen = new Map<string, number>();
    const anchors = new Set<string>();
    for (const m of markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').matchAll(/^#{1,6} (.+?)\s*#*$/gm)) {
      const base = (m[1] ?? '').toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/ /g, '-');
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of markdown.matchAll(/<a (?:name|id)="([^"]+)"/g)) anchors.add(m[1] ?? '');
    return anchors;
  }

  it('every relative link in the Markdown of the repository reaches a file, and a heading when it names one', () => {
    const markdown = tracked('.md');
    const dead: string[] = [];
    let checked = 0;
    for (const file of markdown) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const target of linkTargets(text)) {
        if (target === '' || isExternal(target)) continue;
        checked += 1;
        const [path = '', anchor] = target.split('#');
        const resolved = path === '' ? join(root, file) : resolve(dirname(join(root, file)), decodeURIComponent(path));
        if (!existsSync(resolved)) {
          dead.push(`${file} -> ${target}`);
          continue;
        }
        if (anchor !== undefined && anchor !== '' && resolved.endsWith('.md') && statSync(resolved).isFile()) {
          if (!anchorsOf(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor).toLowerCase())) dead.push(`${file} -> ${target} (no such heading in ${relative(root, resolved)})`);
        }
      }
    }
    expect(dead).toEqual([]);
    expect(checked).toBeGreaterThan(100); // the index alone links every record
  });

  it('every record named in the repository (docs/decisions/NNNN-....md, decision NNNN) exists', () => {
    const files = new Set(readdirSync(DECISIONS_DIR));
    const numbers = new Set(readRecords().map((r) => r.number));
    const dangling: string[] = [];
    for (const file of [...tracked('.md'), ...tracked('.ts'), ...tracked('.mjs')].filter((f) => !f.startsWith('reports/') && f !== 'CHANGELOG.md' && f !== 'test/decisions.test.ts')) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const m of text.matchAll(/decisions\/((?:\d{4}|new)-[a-z0-9-]+\.md)/g)) if (!files.has(m[1] ?? '') && m[1] !== 'new-short-title.md') dangling.push(`${file}: ${m[1]}`);
      for (const m of text.matchAll(/\b[Dd]ecisions? (\d{4})\b/g)) if (!numbers.has(Number(m[1]))) dangling.push(`${file}: decision ${m[1]}`);
    }
    expect(dangling).toEqual([]);
  });

  it('reads headings as GitHub anchors them, and links only outside code', () => {
    expect([...anchorsOf('# A `b`: c?\n## A `b`: c?\n```\n# not\n```\n### The wallet-payment `domain`')]).toEqual(['a-b-c', 'a-b-c-1', 'the-wallet-payment-domain']);
    expect(linkTargets(withoutCode('[x](a.md) `[y](b.md)`'))).toEqual(['a.md']);
  });
});
