// Every ```ts block of README.md and docs/*.md is code: all of them are type-checked
// together in one `tsc` run (strict, like src/), against src/ through the `payments-kit`
// import paths; the blocks that print (`console.log(...)`) are also run, and each
// `console.log(x); // expected` line must print exactly what its comment says.
// A failure names the file, the block, the line in the Markdown file and the reason.
//
// A block is a module of its own: it must import what it uses and declare what it assumes
// (e.g. `declare const req: IncomingMessage;`). README blocks are all run (they are the
// newcomer's first code); elsewhere a block is run when it prints and assumes nothing
// (no `declare`). A block that starts a server (`.listen(`) is never run here: the HTTP
// suites start servers for real.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bundleDocCode } from './bundle-doc-code.js';

const root = resolve(import.meta.dirname, '..');
const work = join(root, 'node_modules', '.cache', 'payments-kit-docs');

type Block = { file: string; index: number; line: number; code: string; name: string };

/** The ```ts blocks of one Markdown file, with the line each one's code starts on. */
function blocksOf(file: string): Block[] {
  const text = readFileSync(join(root, file), 'utf8');
  const blocks: Block[] = [];
  for (const m of text.matchAll(/^```ts[^\S\n]*\n([\s\S]*?)^```/gm)) {
    const line = text.slice(0, m.index).split('\n').length + 1;
    const index = blocks.length + 1;
    const name = `${file.replace(/[^\w]+/g, '_')}__block${index}.ts`;
    blocks.push({ file, index, line, code: m[1] ?? '', name });
  }
  return blocks;
}

const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
const blocks = files.flatMap(blocksOf);
const where = (b: Block, lineInBlock = 1): string => `${b.file} block ${b.index} (line ${b.line + lineInBlock - 1})`;

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

/** The `// expected` comments of `console.log(...)` lines, in order; `undefined` where none. */
function expectations(code: string): (string | undefined)[] {
  return code
    .split('\n')
    .filter((line) => line.includes('console.log('))
    .map((line) => /\);\s*\/\/\s*(.+)$/.exec(line)?.[1]?.trim());
}

const normalize = (s: string): string => s.replace(/\s+/g, ' ').trim();

describe('documentation examples', () => {
  it('finds the ts blocks of README.md and docs/*.md', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(30);
  });

  it('every ts block type-checks (strict, against src/ as payments-kit)', () => {
    const problems = typeCheck();
    expect(problems, `doc examples that do not type-check:\n${problems.join('\n')}`).toEqual([]);
  }, 180_000);

  it('the README has the four 30-second examples and the per-module one; its mounting example uses the tested calls', () => {
    const readme = blocks.filter((b) => b.file === 'README.md');
    expect(readme.length).toBeGreaterThanOrEqual(5);
    const mount = readme.find((b) => b.code.includes('.listen('));
    expect(mount, 'README.md has no mounting example').toBeDefined();
    for (const name of ['createHandler', 'createMemoryStore', 'createStaticAuth', 'createNodeServer']) {
      expect(mount?.code, `README.md mounting example does not use ${name}`).toContain(name);
    }
  });

  const runnable = blocks.filter(
    (b) =>
      !b.code.includes('.listen(') &&
      (b.file === 'README.md' || (b.code.includes('console.log(') && !/^\s*declare\s/m.test(b.code))),
  );
  it.each(runnable.map((b) => [where(b), b] as const))('%s runs and prints what its comments say', async (_, b) => {
    const code = await bundleDocCode(b.code, `${b.file} block ${b.index}`);
    mkdirSync(work, { recursive: true });
    const file = join(work, b.name.replace(/\.ts$/, '.mjs'));
    writeFileSync(file, code);
    const printed: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => {
      printed.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 10, breakLength: Infinity }))).join(' '));
    };
    try {
      await import(pathToFileURL(file).href);
    } finally {
      console.log = original;
    }
    const expected = expectations(b.code);
    expect(printed, `${where(b)} printed ${printed.length} lines, its console.log calls are ${expected.length}`).toHaveLength(expected.length);
    expected.forEach((want, i) => {
      if (want !== undefined) expect(normalize(printed[i] ?? ''), `${where(b)}: console.log #${i + 1}`).toBe(normalize(want));
    });
  });
});
