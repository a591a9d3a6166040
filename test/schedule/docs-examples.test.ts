import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as schedule from '../../src/schedule/index.js';

// The ```ts examples of the schedule docs whose lines end in `// → <JSON>` are run against the
// public API (`payments-kit/schedule`), and each such line's value must print as that JSON.
const DOCS = ['docs/schedule.md', 'docs/schedule-sweeps.md'] as const;
const CHECKED = /^(.*?);\s*\/\/ → (.+)$/;
const IMPORT = /^import \{([^}]*)\} from 'payments-kit\/schedule';$/;

function checkedBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '').filter((code) => code.includes('// → '));
}

describe('the schedule docs: examples run and print what they say', () => {
  for (const doc of DOCS) {
    const markdown = readFileSync(new URL(`../../${doc}`, import.meta.url), 'utf8');
    const blocks = checkedBlocks(markdown);

    it(`${doc} has checked examples`, () => {
      expect(blocks.length).toBeGreaterThan(0);
    });

    blocks.forEach((code, index) => {
      it(`${doc}, checked example ${index + 1}`, () => {
        const results: { readonly line: string; readonly got: string; readonly want: string }[] = [];
        const rewritten = code
          .split('\n')
          .map((line) => {
            const imported = IMPORT.exec(line);
            if (imported !== null) return `const {${imported[1]}} = __schedule;`;
            const checked = CHECKED.exec(line);
            if (checked === null) return line;
            return `__check(${checked[1]}, ${JSON.stringify(checked[2])}, ${JSON.stringify(line.trim())});`;
          })
          .join('\n');
        const js = transformSync(rewritten, { loader: 'ts' }).code;
        const check = (value: unknown, want: string, line: string): void => {
          results.push({ line, got: JSON.stringify(value), want });
        };
        new Function('__schedule', '__check', js)(schedule, check);
        expect(results.length).toBeGreaterThan(0);
        for (const r of results) expect(r.got, r.line).toBe(r.want);
      });
    });
  }
});
