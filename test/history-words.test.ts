// The product speaks of itself as it is: the sources, the docs, README, CONTRIBUTING and SECURITY
// say why the code is what it is, not when it became so. "issue 12", "round 3", "this round" or
// "stop 4" name a piece of the project's history that no reader of the package can follow; that
// history is CHANGELOG.md's, which this test leaves alone.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** A history word: an issue or a round by its number, "this round" and its kin, a stop by its number. */
export const HISTORY_WORDS: readonly RegExp[] = [
  /\bissues? #?\d+\b/i,
  /\bissue-\d+/i,
  // "round 3" names a round of work; "rounds 2.34-3.04x" or "every round 5.0x" is a benchmark's round.
  /\brounds? \d+(?![\d.]*x)(?![\d.]*-\d)(?!\.\d)/i,
  /\b(?:this|that|last|previous|next|earlier|later) round\b/i,
  /\bstops? \d+\b/i,
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path);
    return /\.(ts|mts|md|json|html|css|js|mjs)$/.test(entry.name) ? [relative(root, path).split('\\').join('/')] : [];
  });
}

/** Each line of `text` that holds a history word, as `line: text`. */
export function historyLines(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => HISTORY_WORDS.some((word) => word.test(line)))
    .map(({ line, n }) => `${n}: ${line.trim()}`);
}

describe('history words ("issue N", "round N", "this round") in src/, docs/, README, CONTRIBUTING and SECURITY', () => {
  const files = [...filesUnder(join(root, 'src')), ...filesUnder(join(root, 'docs')), 'README.md', 'CONTRIBUTING.md', 'SECURITY.md'];

  it('none in any of them', () => {
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((file) => historyLines(readFileSync(join(root, file), 'utf8')).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
  });

  it('tells a history word from a benchmark round', () => {
    expect(historyLines('one deadline per request (issue 32)\nsince round 3, the\nin this round\nadded in stop 4\nthe issue-15 line')).toHaveLength(5);
    expect(historyLines('three runs of 7 interleaved rounds: every round 5.0x-10.4x\n(rounds 2.34-3.04)\n10 rounds of 2 s\nrounding mode\nissues found')).toEqual([]);
  });
});
