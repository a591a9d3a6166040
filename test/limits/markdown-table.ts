import { readFileSync } from 'node:fs';

/**
 * The body rows of the first Markdown table after the line `heading` in `file` (a path from
 * the repository root), each as its trimmed cells with backticks kept. Tests read the
 * documented rule tables through it, so that a changed table row in the code, or in the
 * document, fails a test.
 *
 * @example
 * tableAfter('docs/limits.md', '## Count limits of request bodies: `REQUEST_LIMITS`')[0]
 * // ['`lineItems`', '`lineItems.items` of an invoice update', '250']
 */
export function tableAfter(file: string, heading: string): string[][] {
  const lines = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.trim() === heading.trim());
  if (start === -1) throw new Error(`${file}: no line ${JSON.stringify(heading)}`);
  const rows: string[][] = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    const isRow = line.trimStart().startsWith('|');
    if (!isRow && inTable) break;
    if (!isRow) continue;
    inTable = true;
    rows.push(line.trim().replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim()));
  }
  if (rows.length < 3) throw new Error(`${file}: no table after ${JSON.stringify(heading)}`);
  return rows.slice(2); // without the header and the |---| line
}

/** The text between the backticks of `cell` (`` `draft` `` gives `draft`), or the cell itself. */
export const unquote = (cell: string): string => cell.replace(/^`(.*)`$/, '$1');
