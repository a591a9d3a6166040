// The decision records (docs/decisions/NNNN-short-title.md) and their generated index: the
// index is what `npm run docs:decisions` writes from the records; every record has a heading
// with its file's number, a Status and the three sections; a superseded record names the one
// that replaced it; nothing in the repository still points at the single file the records came
// from; and every relative link in the repository's Markdown reaches a file, and a heading
// when it names one.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECISIONS_DIR, INDEX_FILE, parseRecord, readRecords, renderIndex } from '../scripts/decisions.js';
import { isExternal, linkTargets, withoutCode } from './markdown-links.js';

const root = resolve(import.meta.dirname, '..');
const tracked = (pattern: string): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', pattern], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f !== '' && existsSync(join(root, f)));

describe('docs/decisions', () => {
  const records = readRecords();

  it('the index is the one the records generate (npm run docs:decisions)', () => {
    expect(readFileSync(join(DECISIONS_DIR, INDEX_FILE), 'utf8')).toBe(renderIndex(records));
  });

  it('every record: "# NNNN. Title", a Status, then Context, Decision and Consequences, none empty', () => {
    expect(records.length).toBeGreaterThanOrEqual(300);
    for (const r of records) {
      const text = readFileSync(join(DECISIONS_DIR, r.file), 'utf8');
      expect(r.status, r.file).toMatch(/^(accepted|proposed|deprecated|superseded by \[\d{4}\]\(\d{4}-[a-z0-9-]+\.md\))(?!\w)/);
      const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
      expect(sections, r.file).toEqual(['Context', 'Decision', 'Consequences']);
      for (const body of text.split(/^## .+$/m).slice(1)) expect(body.trim(), r.file).not.toBe('');
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
    const extra = { file: '0399-late.md', number: 399, title: 'Late', status: 'accepted (issue 35, 2026-11-28)', area: undefined };
    const index = renderIndex([...records, extra]);
    expect(index.trimEnd().endsWith('## Not yet filed under an area\n\n- [0399. Late](0399-late.md)')).toBe(true);
  });
});

describe('links', () => {
  const old = ['decisions', 'md'].join('.'); // the split file's name, not written here as one word

  it(`nothing in the repository points at docs/${old} any more`, () => {
    const files = [...tracked('*.md'), ...tracked('*.ts'), ...tracked('*.mjs'), ...tracked('*.cjs'), ...tracked('*.json'), ...tracked('.gitattributes')].filter(
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
    const markdown = tracked('*.md').filter((f) => !f.startsWith('node_modules/') && !f.startsWith('bench/peers/node_modules/'));
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
    expect(checked).toBeGreaterThan(400); // the index alone links every record (300)
  });

  it('reads headings as GitHub anchors them, and links only outside code', () => {
    expect([...anchorsOf('# A `b`: c?\n## A `b`: c?\n```\n# not\n```\n### The wallet-payment `domain`')]).toEqual(['a-b-c', 'a-b-c-1', 'the-wallet-payment-domain']);
    expect(linkTargets(withoutCode('[x](a.md) `[y](b.md)`'))).toEqual(['a.md']);
  });
});
