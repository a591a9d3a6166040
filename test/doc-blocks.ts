// The code blocks of README.md and docs/*.md, and how one is run and checked (test/docs.test.ts
// runs them all; test/doc-blocks.test.ts shows that a bad block fails). The kinds of block are
// described in CONTRIBUTING.md, "Code in the docs":
// - ```ts: runs as written, and each `console.log(...); // expected` prints exactly `expected`
//   (white space folded; `…` in the comment stands for any text, e.g. a request id).
// - ```ts compile-only: type-checked, never run (it assumes things it `declare`s, or talks to a
//   service). A block that declares something must be marked so.
// - a block right after `<!-- recipe: name -->`: a mounting recipe, run by test/http/recipes.test.ts.
// A block that starts a server (`.listen(`) runs in a child process with PORT=0, until it has
// printed its lines; the others run in this process.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { bundleDocCode } from './bundle-doc-code.js';

export const root = resolve(import.meta.dirname, '..');
/** Where the blocks are type-checked (test/docs.test.ts) and, apart, where they are bundled to run (under node_modules, so that the packages they import resolve). */
export const work = join(root, 'node_modules', '.cache', 'payments-kit-docs');
const runDir = join(root, 'node_modules', '.cache', 'payments-kit-docs-run');
let runs = 0;

export type BlockKind = 'run' | 'compile-only' | 'recipe';
export type Block = { file: string; index: number; line: number; code: string; name: string; kind: BlockKind };

/** The ```ts blocks of Markdown `text` (from `file`), with the line each one's code starts on and its kind. */
export function blocksOfText(file: string, text: string): Block[] {
  const blocks: Block[] = [];
  for (const m of text.matchAll(/^```ts([^\S\n]+[^\n]*)?\n([\s\S]*?)^```/gm)) {
    const line = text.slice(0, m.index).split('\n').length + 1;
    const index = blocks.length + 1;
    const name = `${file.replace(/[^\w]+/g, '_')}__block${index}.ts`;
    const info = (m[1] ?? '').trim().split(/\s+/);
    const recipe = /<!-- recipe: [\w-]+ -->\n$/.test(text.slice(0, m.index));
    const kind: BlockKind = recipe ? 'recipe' : info.includes('compile-only') ? 'compile-only' : 'run';
    blocks.push({ file, index, line, code: m[2] ?? '', name, kind });
  }
  return blocks;
}

/** The ```ts blocks of one Markdown file of the repository. */
export function blocksOf(file: string): Block[] {
  return blocksOfText(file, readFileSync(join(root, file), 'utf8'));
}

export const where = (b: Block, lineInBlock = 1): string => `${b.file} block ${b.index} (line ${b.line + lineInBlock - 1})`;

/** What a runnable block must not do, whatever it prints: assume what it does not define. */
export function shapeProblems(b: Block): string[] {
  if (b.kind !== 'run') return [];
  const problems: string[] = [];
  b.code.split('\n').forEach((text, i) => {
    if (/^\s*declare\s/.test(text)) problems.push(`${where(b, i + 1)}: declares what it assumes, so it cannot run: define it, or mark the block \`\`\`ts compile-only`);
    if (text.includes('console.log(') && expectationOf(text) === undefined)
      problems.push(`${where(b, i + 1)}: console.log without a \`// expected output\` comment at the end of its line`);
  });
  return problems;
}

/** The `// expected` comment of a `console.log(...);` line, or `undefined`. */
function expectationOf(line: string): string | undefined {
  return /\);\s*\/\/\s*(.+)$/.exec(line)?.[1]?.trim();
}

/** The expected lines of a block: one per `console.log(` line, in order. */
export function expectations(code: string): (string | undefined)[] {
  return code
    .split('\n')
    .filter((line) => line.includes('console.log('))
    .map(expectationOf);
}

const normalize = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Whether a printed line is what the comment says (white space folded; `…` matches any text). */
export function matches(printed: string, expected: string): boolean {
  const pattern = normalize(expected)
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`, 's').test(normalize(printed));
}

const show = (args: readonly unknown[]): string =>
  args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 10, breakLength: Infinity }))).join(' ');

/** Runs bundled code in this process, collecting what it prints with console.log; a throw is returned, not thrown. */
async function runHere(file: string): Promise<{ printed: string[]; error?: string }> {
  const printed: string[] = [];
  const original = console.log;
  console.log = (...args: unknown[]) => {
    printed.push(show(args));
  };
  try {
    await import(pathToFileURL(file).href);
    return { printed };
  } catch (error) {
    return { printed, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  } finally {
    console.log = original;
  }
}

/**
 * Runs bundled code that starts a server in a child process (PORT=0), until it has printed
 * `lines` lines or exited, at most `timeoutMs`; then stops it.
 */
function runServer(file: string, lines: number, timeoutMs: number): Promise<{ printed: string[]; error?: string }> {
  // The child's console.log prints objects as this process would (inspect, one line).
  const wrapper = `${file}.main.mjs`;
  writeFileSync(
    wrapper,
    `import { inspect } from 'node:util';\nconsole.log = (...a) => process.stdout.write(a.map((x) => (typeof x === 'string' ? x : inspect(x, { depth: 10, breakLength: Infinity }))).join(' ').replace(/\\n/g, ' ') + '\\n');\nawait import(${JSON.stringify(pathToFileURL(file).href)});\n`,
  );
  return new Promise((done) => {
    const child = spawn(process.execPath, [wrapper], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const finish = (error?: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      const printed = out.split('\n').filter((l, i, all) => i < all.length - 1 || l !== '');
      done(error === undefined ? { printed } : { printed, error });
    };
    const timer = setTimeout(() => finish(`still running after ${timeoutMs} ms, having printed ${out.split('\n').length - 1} of ${lines} lines`), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').length - 1 >= lines) finish();
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    // The thrown error's own line (Node prints the source line and a caret before it).
    const reason = () => err.split('\n').find((l) => /^\w*Error\b/.test(l)) ?? err.trim().split('\n').slice(-3).join(' | ');
    child.on('exit', (code) => finish(code === 0 ? undefined : `exited ${code}: ${reason()}`));
  });
}

/**
 * Runs one block as written and returns what is wrong with it: a throw, a line count other than
 * its `console.log` count, a line other than its comment says. Empty when it ran as documented.
 *
 * @example
 * await blockProblems(blocksOf('docs/amount.md')[0]) // []
 */
export async function blockProblems(b: Block, timeoutMs = 20_000): Promise<string[]> {
  const code = await bundleDocCode(b.code, `${b.file} block ${b.index}`);
  mkdirSync(runDir, { recursive: true });
  // A fresh file name each run: import() would answer a module it already ran from its cache.
  const file = join(runDir, `${b.name.replace(/\.ts$/, '')}-${process.pid}-${++runs}.mjs`);
  writeFileSync(file, code);
  const expected = expectations(b.code);
  const { printed, error } = b.code.includes('.listen(') ? await runServer(file, expected.length, timeoutMs) : await runHere(file);
  const problems: string[] = [];
  if (error !== undefined) problems.push(`${where(b)} threw after printing ${printed.length} lines: ${error}`);
  else if (printed.length !== expected.length) problems.push(`${where(b)} printed ${printed.length} lines, its console.log calls are ${expected.length}: ${JSON.stringify(printed)}`);
  expected.forEach((want, i) => {
    const got = printed[i];
    if (want !== undefined && got !== undefined && !matches(got, want)) problems.push(`${where(b)} console.log #${i + 1} printed\n  ${got}\nbut its comment says\n  ${want}`);
  });
  return problems;
}
