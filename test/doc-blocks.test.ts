// The doc-run check of test/docs.test.ts fails on a block that throws, prints other than its
// comments, or assumes what it does not define: shown here on synthetic blocks.
import { describe, expect, it } from 'vitest';
import { type Block, blockProblems, blocksOfText, matches, shapeProblems } from './doc-blocks.js';

const md = (code: string, info = ''): string => `# Page\n\nText.\n\n\`\`\`ts${info}\n${code}\n\`\`\`\n`;
const only = (text: string): Block => {
  const [block] = blocksOfText('docs/synthetic.md', text);
  if (block === undefined) throw new Error('no block');
  return block;
};

describe('the doc-run check', () => {
  it('passes a block that prints what its comments say', async () => {
    const block = only(md("import { addDecimal } from 'payments-kit/amount';\nconsole.log(addDecimal({ currency: 'USD', valueDecimal: '0.1' }, { currency: 'USD', valueDecimal: '0.2' })); // { currency: 'USD', valueDecimal: '0.3' }"));
    expect(block.kind).toBe('run');
    expect(shapeProblems(block)).toEqual([]);
    expect(await blockProblems(block)).toEqual([]);
  });

  it('fails a block that throws, naming the file, the block and the error', async () => {
    const block = only(md("import { toAmount } from 'payments-kit/amount';\nconsole.log(1); // 1\ntoAmount({ currency: 'USD', valueDecimal: '1.005' });\nconsole.log(2); // 2"));
    const problems = await blockProblems(block);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^docs\/synthetic\.md block 1 \(line 6\) threw after printing 1 lines: AmountError: "1\.005" USD/);
  });

  it('fails a block that prints other than its comment says', async () => {
    const problems = await blockProblems(only(md("console.log([1, 2]); // [ 1, 3 ]")));
    expect(problems).toEqual(['docs/synthetic.md block 1 (line 6) console.log #1 printed\n  [ 1, 2 ]\nbut its comment says\n  [ 1, 3 ]']);
  });

  it('fails a block that prints more (or fewer) lines than its console.log lines', async () => {
    expect((await blockProblems(only(md("for (const n of [1, 2]) console.log(n); // 1")))).join()).toMatch(/printed 2 lines, its console.log calls are 1/);
    expect((await blockProblems(only(md("if (Math.random() > 2) console.log('never'); // never")))).join()).toMatch(/printed 0 lines, its console.log calls are 1/);
  });

  it('a runnable block may not declare what it assumes, nor print without saying what; a compile-only one may', () => {
    const code = "declare const token: string;\nconsole.log(token.length);";
    expect(shapeProblems(only(md(code)))).toEqual([
      'docs/synthetic.md block 1 (line 6): declares what it assumes, so it cannot run: define it, or mark the block ```ts compile-only',
      'docs/synthetic.md block 1 (line 7): console.log without a `// expected output` comment at the end of its line',
    ]);
    const marked = only(md(code, ' compile-only'));
    expect(marked.kind).toBe('compile-only');
    expect(shapeProblems(marked)).toEqual([]);
    expect(only(`<!-- recipe: x -->\n\`\`\`ts\n${code}\n\`\`\`\n`).kind).toBe('recipe');
  });

  it('`…` in a comment stands for any text; white space is folded', () => {
    expect(matches('request 2b8c-41 answered  200', 'request … answered 200')).toBe(true);
    expect(matches('request 2b8c-41 answered 500', 'request … answered 200')).toBe(false);
    expect(matches('a.b', 'a…b')).toBe(true);
    expect(matches('axb', 'a.b')).toBe(false);
  });

  it('a block that starts a server runs in a child process with PORT=0 until it has printed its lines', async () => {
    const server = [
      "import { createServer } from 'node:http';",
      "const server = createServer((_, res) => res.end('hi')).listen(Number(process.env.PORT ?? 3000), '127.0.0.1');",
      "await new Promise((resolve) => server.once('listening', resolve));",
      "const { port } = server.address() as { port: number };",
      "console.log(port > 0 && port !== 3000); // true",
      "console.log(await (await fetch(`http://127.0.0.1:${port}/`)).text()); // hi",
    ].join('\n');
    expect(await blockProblems(only(md(server)))).toEqual([]);
    const crashing = "import { createServer } from 'node:http';\ncreateServer().listen(0);\nthrow new Error('boom');\nconsole.log(1); // 1";
    expect((await blockProblems(only(md(crashing)))).join()).toMatch(/threw after printing 0 lines: exited 1: .*boom/);
  }, 30_000);
});
