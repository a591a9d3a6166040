// Every ```ts block of README.md and docs/*.md is code: all of them are type-checked
// together in one `tsc` run (strict, like src/), against src/ through the `payments-kit`
// import paths (test/doc-types.ts; `npm run typecheck` runs it and this file reuses the answer
// while the blocks and src/ are unchanged), and every block not marked compile-only runs as written: it must not throw, and
// each `console.log(x); // expected` line must print exactly what its comment says (the kinds of
// block and their rules: test/doc-blocks.ts and CONTRIBUTING.md, "Code in the docs").
// A failure names the file, the block, the line in the Markdown file and the reason.
import { describe, expect, it } from 'vitest';
import { type Block, blockProblems, shapeProblems, where } from './doc-blocks.js';
import { docBlocks, typeCheckBlocks } from './doc-types.js';

const blocks: Block[] = docBlocks();

describe('documentation examples', () => {
  it('finds the ts blocks of README.md and docs/*.md', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(30);
    expect(blocks.filter((b) => b.kind === 'run').length).toBeGreaterThanOrEqual(30);
  });

  it('every ts block type-checks (strict, against src/ as payments-kit)', () => {
    // tsc's answer for exactly these blocks and this src/, kept by `npm run typecheck` when it ran
    // first (as in `npm test`), else a tsc run here (test/doc-types.ts).
    const { problems } = typeCheckBlocks(blocks);
    expect(problems, `doc examples that do not type-check:\n${problems.join('\n')}`).toEqual([]);
  }, 180_000);

  it('a block that assumes what it does not define is marked compile-only; every console.log of a runnable block says what it prints', () => {
    const problems = blocks.flatMap(shapeProblems);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('the README has the four 30-second examples and the per-module one; its mounting example uses the tested calls', () => {
    const readme = blocks.filter((b) => b.file === 'README.md');
    expect(readme.length).toBeGreaterThanOrEqual(5);
    const mount = readme.find((b) => b.code.includes('.listen('));
    expect(mount, 'README.md has no mounting example').toBeDefined();
    for (const name of ['createHandler', 'createMemoryStore', 'createStaticAuth', 'createNodeServer']) {
      expect(mount?.code, `README.md mounting example does not use ${name}`).toContain(name);
    }
  });

  const runnable = blocks.filter((b) => b.kind === 'run');
  it.each(runnable.map((b) => [where(b), b] as const))('%s runs and prints what its comments say', async (_, b) => {
    const problems = await blockProblems(b);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
