// Bundle sizes of the package AS USERS INSTALL IT: `npm pack` (which builds, through
// prepack), extract the tarball into a scratch node_modules, bundle a one-line consumer of
// each entry with esbuild (bundle + minify, ESM, platform neutral), gzip level 9.
// Side by side: what a user would otherwise pick for the same job. Then the reference server's
// page scripts as packed (the playground's under 60 kB min+gzip).
//
//   npm run bench:size             # pack (builds), measure, fail when a target is missed
//   npm run bench:size -- --no-build  # pack the current dist/ without rebuilding
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'payments-kit-size-'));
const pack = ['pack', '--json', '--pack-destination', scratch, ...(process.argv.includes('--no-build') ? ['--ignore-scripts'] : [])];
const packed = JSON.parse(execFileSync('npm', pack, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).replace(/^[^[]*/, '')) as {
  filename: string;
}[];
const tarball = join(scratch, packed[0]?.filename ?? 'payments-kit.tgz');
const installed = join(scratch, 'node_modules', 'payments-kit');
mkdirSync(installed, { recursive: true });
execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);

type Size = { title: string; min: number; gzip: number; inputs: string[] };

/** Bundles `contents` as a consumer module next to the installed package. */
async function measure(title: string, contents: string): Promise<Size> {
  const result = await build({
    stdin: { contents, resolveDir: scratch, loader: 'js', sourcefile: 'consumer.js' },
    // The package's own dependencies (valibot, jose) and the alternatives come from the repo's node_modules.
    nodePaths: [join(root, 'node_modules')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    // The Node adapter's built-ins stay imports, as in any server bundle.
    external: ['node:*'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  // The inputs that put at least one byte into the output (parsed-but-shaken ones do not).
  const inputs = Object.values(result.metafile.outputs).flatMap((o) =>
    Object.entries(o.inputs)
      .filter(([, use]) => use.bytesInOutput > 0)
      .map(([path]) => path),
  );
  return { title, min: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength, inputs };
}

type Row = {
  entry: string;
  contents: string;
  /** `noInputs`: no byte of the bundle may come from a file whose path matches it. */
  target?: { gzipUnder?: number; noValibot?: boolean; noInputs?: RegExp };
  alternative?: boolean;
};
const rows: Row[] = [
  { entry: "{ InvoiceUpdateSchema } from 'payments-kit/schemas'", contents: "export { InvoiceUpdateSchema } from 'payments-kit/schemas';", target: { gzipUnder: 6000, noInputs: /dist\/(rrule|schedule)\// } },
  { entry: "{ validateInvoiceUpdate } from 'payments-kit/schemas'", contents: "export { validateInvoiceUpdate } from 'payments-kit/schemas';", target: { gzipUnder: 8000, noValibot: true } },
  { entry: "{ RecurSchema } from 'payments-kit/schemas'", contents: "export { RecurSchema } from 'payments-kit/schemas';" },
  { entry: "{ expandRecurrence } from 'payments-kit/schedule'", contents: "export { expandRecurrence } from 'payments-kit/schedule';", target: { noValibot: true } },
  { entry: "* from 'payments-kit/amount' (the whole module)", contents: "export * from 'payments-kit/amount';", target: { noValibot: true } },
  { entry: "{ createHandler } from 'payments-kit/http'", contents: "export { createHandler } from 'payments-kit/http';" },
  // payments-kit/client: one operation alone, the five with their request validators, and
  // createClient (the five plus every answer check against the resource schemas).
  {
    entry: "{ createTransport, getSchedule } from 'payments-kit/client' (a getSchedule-only client)",
    contents: "import { createTransport, getSchedule } from 'payments-kit/client'; export const get = (options, params) => getSchedule(createTransport(options), params);",
    target: { gzipUnder: 3000, noValibot: true },
  },
  {
    entry: "the five operation functions + createTransport from 'payments-kit/client' (request validators)",
    contents: "export { createTransport, getSchedule, updateInvoice, uploadEvidenceText, createWalletSession, getAdjustment } from 'payments-kit/client';",
    target: { gzipUnder: 12_000 },
  },
  { entry: "{ createClient } from 'payments-kit/client' (five operations, validators and answer checks)", contents: "export { createClient } from 'payments-kit/client';" },
  {
    entry: "createClient from 'openapi-fetch' 0.17 (no validation)",
    contents: "import createClient from 'openapi-fetch'; export const client = (baseUrl) => createClient({ baseUrl });",
    alternative: true,
  },
  {
    entry: "MoovCore + schedulingGet from '@moovio/sdk' 26.7 (standalone function, zod)",
    contents: "import { MoovCore } from '@moovio/sdk/core.js'; import { schedulingGet } from '@moovio/sdk/funcs/schedulingGet.js'; export const get = (o, p) => schedulingGet(new MoovCore(o), p);",
    alternative: true,
  },
  { entry: "{ Moov } from '@moovio/sdk' 26.7 (whole client)", contents: "export { Moov } from '@moovio/sdk';", alternative: true },
  { entry: "{ z } from 'zod' (zod 4: object, string, number)", contents: "import { z } from 'zod'; export const s = z.object({ a: z.string(), b: z.number() });", alternative: true },
  { entry: "* from 'zod/mini' (object, string, number)", contents: "import * as z from 'zod/mini'; export const s = z.object({ a: z.string(), b: z.number() });", alternative: true },
  { entry: "{ RRule } from 'rrule' (rrule.js 2.8)", contents: "export { RRule } from 'rrule';", alternative: true },
  { entry: "Decimal from 'decimal.js'", contents: "export { default } from 'decimal.js';", alternative: true },
];

const failures: string[] = [];
console.log(`packed ${packed[0]?.filename} -> ${installed}`);
console.log('esbuild bundle + minify, ESM, platform neutral; gzip -9. kB = 1,000 B.\n');
console.log('| import | min (B) | min+gzip (B) | target |');
console.log('|---|---:|---:|---|');
for (const row of rows) {
  const size = await measure(row.entry, row.contents);
  const notes: string[] = [];
  const under = row.target?.gzipUnder;
  if (under !== undefined) {
    const met = size.gzip < under;
    notes.push(`under ${under / 1000} kB: ${met ? 'met' : 'MISSED'}`);
    if (!met) failures.push(`${row.entry}: ${size.gzip} B min+gzip, target under ${under} B`);
  }
  if (row.target?.noValibot === true) {
    const valibot = size.inputs.filter((p) => p.includes('node_modules/valibot'));
    notes.push(`no valibot: ${valibot.length === 0 ? 'met' : 'MISSED'}`);
    if (valibot.length > 0) failures.push(`${row.entry}: bundles valibot (${valibot.join(', ')})`);
  }
  const noInputs = row.target?.noInputs;
  if (noInputs !== undefined) {
    const found = size.inputs.filter((p) => noInputs.test(p));
    notes.push(`nothing from ${noInputs.source}: ${found.length === 0 ? 'met' : 'MISSED'}`);
    if (found.length > 0) failures.push(`${row.entry}: bundles ${found.join(', ')}`);
  }
  if (row.alternative === true) notes.push('alternative');
  console.log(`| \`${row.entry}\` | ${size.min.toLocaleString('en-US')} | ${size.gzip.toLocaleString('en-US')} | ${notes.join('; ')} |`);
}

// The reference server's pages as shipped (scripts/build-pages.ts bundles and minifies them at
// build time): what a browser downloads. The playground's script is the library itself.
const PAGE_SCRIPTS = [
  { file: 'dist/reference/pages/playground/playground.js', title: 'playground page script (validators, schedule, invoice totals)', gzipUnder: 60_000 },
  { file: 'dist/reference/pages/docs/docs.js', title: 'API reference page script (starts Swagger UI)' },
  { file: 'dist/reference/pages/docs/swagger-ui/swagger-ui-bundle.js', title: 'swagger-ui-bundle.js (swagger-ui-dist, copied as published)' },
] as const;
console.log('\n| page file (as packed) | min (B) | min+gzip (B) | target |');
console.log('|---|---:|---:|---|');
for (const page of PAGE_SCRIPTS) {
  const path = join(installed, page.file);
  if (!existsSync(path)) {
    failures.push(`${page.file} is not in the package (npm run build builds the pages)`);
    continue;
  }
  const code = readFileSync(path);
  const gzip = gzipSync(code, { level: 9 }).byteLength;
  const under = 'gzipUnder' in page ? page.gzipUnder : undefined;
  const note = under === undefined ? '' : `under ${under / 1000} kB: ${gzip < under ? 'met' : 'MISSED'}`;
  if (under !== undefined && gzip >= under) failures.push(`${page.file}: ${gzip} B min+gzip, target under ${under} B`);
  console.log(`| ${page.title} | ${code.byteLength.toLocaleString('en-US')} | ${gzip.toLocaleString('en-US')} | ${note} |`);
}
rmSync(scratch, { recursive: true, force: true });
if (failures.length > 0) {
  console.error(`\nsize targets missed:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('\nall size targets met');
