// Results never depend on the process's time zone. src/ uses no API that reads it: no local
// getters or setters of Date, no local formatting (toLocale*, toDateString, toTimeString), no
// multi-argument `new Date(...)` (local wall time), no getTimezoneOffset, and every
// Intl.DateTimeFormat names its timeZone. That is why `npm test` runs only the tests of
// vitest.config.ts's TZ_SENSITIVE list (the code that parses, expands and formats date-times)
// under more than one TZ: nothing else can tell the zones apart.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Code without comments (a comment may name an API to say why it is not used). */
const codeOf = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const LOCAL_TIME = [
  /\.(get|set)(FullYear|Year|Month|Date|Day|Hours|Minutes|Seconds|Milliseconds)\(/,
  /\.getTimezoneOffset\(/,
  /\.toLocale(Date|Time)?String\(/,
  /\.to(Date|Time)String\(/,
  /\bnew Date\(\s*[^()]*,/,
];

/** The places in `code` that read the process's time zone. */
function localTimeUses(code: string): string[] {
  const found = LOCAL_TIME.flatMap((pattern) => [...code.matchAll(new RegExp(pattern.source, 'g'))].map((m) => m[0]));
  for (const m of code.matchAll(/\bnew Intl\.DateTimeFormat\(/g)) {
    const call = code.slice(m.index, code.indexOf(')', m.index + m[0].length) + 1);
    if (!/\btimeZone\b/.test(call)) found.push(call.replace(/\s+/g, ' '));
  }
  return found;
}

describe('src/ never reads the process time zone', () => {
  it('no local-time API in any source file', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(200);
    const uses = files.flatMap((file) => localTimeUses(codeOf(readFileSync(file, 'utf8'))).map((use) => `${relative(SRC, file)}: ${use}`));
    expect(uses).toEqual([]);
  });

  it('finds each kind it looks for, and passes the UTC forms', () => {
    const bad = [
      'd.getHours()',
      'd.setDate(1)',
      'd.getTimezoneOffset()',
      'd.toLocaleString()',
      'd.toDateString()',
      'new Date(2026, 0, 1)',
      "new Intl.DateTimeFormat('en-US', { hour: 'numeric' })",
    ];
    for (const code of bad) expect(localTimeUses(code), code).toHaveLength(1);
    const good = ['d.getUTCHours()', 'd.setUTCDate(1)', 'new Date(Date.UTC(2026, 0, 1))', 'new Date(Math.max(a, b))', "new Intl.DateTimeFormat('en-US', { timeZone })", 'd.toISOString()'];
    for (const code of good) expect(localTimeUses(code), code).toEqual([]);
  });
});
