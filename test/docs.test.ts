// Every ```ts block of README.md and docs/*.md is code: all of them are type-checked
// together in one `tsc` run (strict, like src/), against src/ through the `payments-kit`
// import paths, and every block not marked compile-only runs as written: it must not throw, and
// each `console.log(x); // expected` line must print exactly what its comment says (the kinds of
// block and their rules: test/doc-blocks.ts and CONTRIBUTING.md, "Code in the docs").
// A failure names the file, the block, the line in the Markdown file and the reason.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Block, blockProblems, blocksOf, root, shapeProblems, where, work } from './doc-blocks.js';

const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
const blocks: Block[] = files.flatMap(blocksOf);

/** Type-checks every block in one tsc run; returns one message per diagnostic, located in the Markdown. */
function typeCheck(): string[] {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  for (const b of blocks) writeFileSync(join(work, b.name), `${b.code}\nexport {};\n`);
  const src = relative(work, join(root, 'src'));
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      extends: relative(work, join(root, 'tsconfig.json')),
      compilerOptions: {
        noEmit: true,
        noUnusedLocals: false,
        baseUrl: '.',
        paths: { 'payments-kit': [`${src}/index.ts`], 'payments-kit/*': [`${src}/*/index.ts`] },
      },
      include: ['*.ts'],
    }),
  );
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', work, '--pretty', 'false'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const byName = new Map(blocks.map((b) => [b.name, b]));
  const problems: string[] = [];
  for (const line of run.stdout.split('\n')) {
    const m = /^(.+?)\((\d+),(\d+)\): error (TS\d+: .*)$/.exec(line);
    if (m === null) continue;
    const block = byName.get(m[1]?.split('/').pop() ?? '');
    // An error inside src/ that a block caused is reported where tsc puts it.
    problems.push(block === undefined ? line : `${where(block, Number(m[2]))}: ${m[4]}`);
  }
  if (problems.length === 0 && run.status !== 0) problems.push(`tsc exited ${run.status}: ${run.stdout}${run.stderr}`.slice(0, 2000));
  return problems;
}

describe('documentation examples', () => {
  it('finds the ts blocks of README.md and docs/*.md', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(30);
    expect(blocks.filter((b) => b.kind === 'run').length).toBeGreaterThanOrEqual(30);
  });

  it('every ts block type-checks (strict, against src/ as payments-kit)', () => {
    const problems = typeCheck();
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
