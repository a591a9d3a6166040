import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycle } from './import-graph.js';

// The module graph of src/: one node per top-level folder (src/rrule, src/schedule...), one
// edge per import from a file in one folder to a file in another. The brief's rule "no two
// modules that import each other" is checked as: the graph has no cycle at all.
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The top-level folder of a file under src/ (`'.'` for src/index.ts itself). */
function moduleOf(file: string): string {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? (parts[0] ?? '.') : '.';
}

// import ... from '...', export ... from '...', import('...'), import '...' (also across lines).
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function moduleGraph(): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>(); // from -> to -> an importing file
  for (const file of sourceFiles(SRC)) {
    const from = moduleOf(file);
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), match[1] ?? '');
      if (!target.startsWith(SRC + sep)) continue;
      const to = moduleOf(target);
      if (to === from || from === '.') continue; // src/index.ts re-exports every module
      if (!edges.has(from)) edges.set(from, new Map());
      edges.get(from)?.set(to, relative(SRC, file));
    }
  }
  return edges;
}

describe('module graph of src/', () => {
  it('has no cycle between top-level modules (no two modules import each other)', () => {
    const cycle = findCycle(moduleGraph());
    expect(cycle === undefined ? 'no cycle' : cycle.join(' -> ')).toBe('no cycle');
  });

  it('keeps the RRULE module below schemas and schedule: src/rrule imports only src/shared', () => {
    const rrule = [...(moduleGraph().get('rrule')?.keys() ?? [])];
    expect(rrule.filter((to) => to !== 'shared')).toEqual([]);
  });

  it('sees the edges it must see (the scan is not blind)', () => {
    const edges = moduleGraph();
    expect(edges.get('schemas')?.has('rrule')).toBe(true);
    expect(edges.get('schedule')?.has('rrule')).toBe(true);
    expect(edges.get('schedule')?.has('schemas')).toBe(true);
  });

  it('finds a cycle when one is there', () => {
    const edges = new Map([
      ['a', new Map([['b', 'a/x.ts']])],
      ['b', new Map([['c', 'b/y.ts']])],
      ['c', new Map([['a', 'c/z.ts']])],
    ]);
    expect(findCycle(edges)).toEqual(['a', 'b', 'c', 'a']);
  });
});
