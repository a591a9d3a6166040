// The Markdown the package ships (README, CHANGELOG, docs/ as `npm pack` lists them) must not
// link to a file the package does not ship: a user reading the docs from node_modules, or the
// README on the registry, would meet a dead link (docs/decisions/, docs/performance.md and
// docs/performance/ stay in the repository). External links and links within a page are not
// checked here.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isExternal, linkTargets } from '../markdown-links.js';

const root = resolve(import.meta.dirname, '../..');

/** The files `npm pack` would put in the tarball, as package-relative POSIX paths. */
function shippedFiles(): string[] {
  // --ignore-scripts: listing must not run `prepack` (a full build).
  const stdout = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const [packed] = JSON.parse(stdout.replace(/^[^[]*/, '')) as { files: { path: string }[] }[];
  return (packed?.files ?? []).map((file) => file.path);
}

/**
 * The relative links of `file` (package-relative) that resolve to no shipped file, as
 * "file -> target"; a link to a shipped folder counts as resolved.
 */
function deadLinks(file: string, markdown: string, shipped: ReadonlySet<string>): string[] {
  const dead: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (target === '' || target.startsWith('#') || isExternal(target)) continue;
    const path = decodeURIComponent(target.replace(/[?#].*$/, ''));
    const resolved = path.startsWith('/') ? undefined : posix.normalize(posix.join(posix.dirname(file), path)).replace(/\/$/, '');
    const found = resolved !== undefined && (shipped.has(resolved) || [...shipped].some((f) => f.startsWith(`${resolved}/`)));
    if (!found) dead.push(`${file} -> ${target}`);
  }
  return dead;
}

describe('links in the shipped Markdown', () => {
  const shipped = new Set(shippedFiles());
  const markdown = [...shipped].filter((file) => file.endsWith('.md')).sort();

  it('ships the user docs and not the repository-only ones (the listing is what this test reads)', () => {
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md', 'docs/api.md', 'docs/cli.md', 'docs/http.md']));
    expect(markdown.filter((file) => file.startsWith('docs/decisions/') || file.startsWith('docs/performance/'))).toEqual([]);
    expect(markdown).not.toContain('docs/performance.md');
  });

  it('every relative link resolves to a file that also ships', () => {
    let checked = 0;
    const dead: string[] = [];
    for (const file of markdown) {
      const text = readFileSync(join(root, file), 'utf8');
      checked += linkTargets(text).filter((t) => !t.startsWith('#') && !isExternal(t)).length;
      dead.push(...deadLinks(file, text, shipped));
    }
    expect(dead).toEqual([]);
    expect(checked).toBeGreaterThan(30); // the docs link to each other: a blind scan would find none
  });

  it('finds the links it must find, and only outside code', () => {
    const files = new Set(['README.md', 'docs/api.md', 'docs/http.md']);
    const sample = [
      'See [api](api.md#the-openapi-document), [http](./http.md) and [the readme](../README.md).',
      'Why: [notes](notes.md#payments-kitlimits), ![chart](img/chart.png "size"), [spec](../../shared/spec/payments-api.md).',
      '[ref]: performance.md',
      '<a href="notes.md">notes</a> [site](https://example.com/x.md) [here](#unknown-fields)',
      '`[not a link](missing.md)`',
      '```md',
      '[not a link either](missing.md)',
      '```',
    ].join('\n');
    expect(deadLinks('docs/http.md', sample, files)).toEqual([
      'docs/http.md -> notes.md#payments-kitlimits',
      'docs/http.md -> img/chart.png',
      'docs/http.md -> ../../shared/spec/payments-api.md',
      'docs/http.md -> performance.md',
      'docs/http.md -> notes.md',
    ]);
    expect(deadLinks('README.md', '[docs](docs/) [cli](docs/cli.md)', files)).toEqual(['README.md -> docs/cli.md']);
  });
});
