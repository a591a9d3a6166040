// The type check of every ```ts block of README.md and docs/*.md: one `tsc` run over the blocks
// together (strict, like src/), against src/ through the `payments-kit` import paths. Its answer
// is kept under node_modules/.cache, keyed by everything it reads (the blocks, src/, the
// tsconfig, the lockfile, TypeScript's version): `npm run typecheck` checks the blocks beside
// the project, and test/docs.test.ts then reuses that answer instead of a second `tsc` over src/
// (about 12 CPU-s), and runs tsc itself whenever anything it reads differs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { type Block, blocksOf, root, where, work } from './doc-blocks.js';

const cacheFile = join(root, 'node_modules', '.cache', 'payments-kit-doc-types.json');

/** README.md and docs/*.md, whose ```ts blocks are the documentation's code. */
export const docFiles = (): string[] => ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];

/** Every ```ts block of the documentation. */
export const docBlocks = (): Block[] => docFiles().flatMap(blocksOf);

/** A digest of everything the type check reads: the blocks, src/, the tsconfig, the lockfile and TypeScript's version. */
function inputsKey(blocks: readonly Block[]): string {
  const hash = createHash('sha256');
  const add = (label: string, text: string) => hash.update(`${label}\0${text.length}\0${text}\0`);
  for (const b of blocks) add(`block ${b.name}`, b.code);
  const srcFiles = (readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
  for (const file of srcFiles) add(file, readFileSync(join(root, file), 'utf8'));
  for (const file of ['tsconfig.json', 'package-lock.json', 'node_modules/typescript/package.json']) add(file, readFileSync(join(root, file), 'utf8'));
  return hash.digest('hex');
}

/** Runs tsc over every block; one message per diagnostic, located in the Markdown. */
function runTsc(blocks: readonly Block[]): string[] {
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

/**
 * Type-checks every block in one tsc run, or reuses the answer of a run over exactly the same
 * inputs; returns one message per diagnostic, located in the Markdown. `reused` says which.
 */
export function typeCheckBlocks(blocks: readonly Block[]): { problems: string[]; reused: boolean } {
  const key = inputsKey(blocks);
  try {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { key?: unknown; problems?: unknown };
    if (cached.key === key && Array.isArray(cached.problems)) return { problems: cached.problems.map(String), reused: true };
  } catch {
    // No answer kept, or an unreadable one: run tsc.
  }
  const problems = runTsc(blocks);
  mkdirSync(dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, `${JSON.stringify({ key, problems })}\n`);
  return { problems, reused: false };
}
