// Validation speed of the update-invoice body (ours vs zod 4 vs ajv on an equivalent schema),
// and the min+gzip size of bundles that import only payments-kit/schemas or payments-kit/amount.
// Run: npx tsx bench/validate.bench.ts
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { build } from 'esbuild';
import { z } from 'zod';
import { checkDecimalString, isCurrencyCode } from '../src/amount/index.js';
import { parseResourceId } from '../src/ids/index.js';
import {
  FIELD_LIMITS,
  type FieldLimit,
  LONE_SURROGATE_MESSAGE,
  checkTextLength,
  hasLoneSurrogate,
} from '../src/limits/index.js';
import { invoiceUpdateJsonSchema, validateInvoiceUpdate } from '../src/schemas/index.js';
import { isDateTime } from '../src/shared/rfc3339.js';
import { compare } from './compare.js';

// --- The bodies: 3 items with 2 options each; the invalid one has three deep errors. ---

const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });
const option = (name: string) => ({ name, quantity: 1, group: 'Extras', priceModifier: usd('-0.25') });
const item = (name: string) => ({
  name,
  basePrice: usd('4.50'),
  quantity: 2,
  productID: 'kuoaydiojf7uszaokc2ggnaaaa_xfer',
  options: [option(`${name} option A`), option(`${name} option B`)],
});
const validBody = {
  description: 'Coffee for the office',
  dueDate: '2026-05-01T00:00:00Z',
  invoiceDate: '2026-04-01T09:00:00-04:00',
  status: 'unpaid',
  taxAmount: usd('1.23'),
  lineItems: { items: [item('Latte'), item('Mocha'), item('Tea')] },
};
const invalidBody = structuredClone(validBody);
const [latte, mocha, tea] = invalidBody.lineItems.items as [any, any, any];
latte.options[1].quantity = 1.5; // lineItems.items.Latte.options["Latte option B"].quantity
mocha.basePrice.valueDecimal = '4.5000000001'; // lineItems.items.Mocha.basePrice.valueDecimal
tea.options[0].name = 'x'.repeat(151); // lineItems.items.Tea.options[<long name>].name

// --- zod 4: the same rules, with the same rule helpers where zod has no built-in. ---

const text = (limit?: FieldLimit) =>
  z.string().check((ctx) => {
    const message =
      limit === undefined
        ? hasLoneSurrogate(ctx.value)
          ? LONE_SURROGATE_MESSAGE
          : undefined
        : checkTextLength(ctx.value, limit);
    if (message !== undefined) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  });
const decimal = z.string().check((ctx) => {
  const message = checkDecimalString(ctx.value);
  if (message !== undefined) ctx.issues.push({ code: 'custom', message, input: ctx.value });
});
const currency = z.string().refine(isCurrencyCode);
const dateTime = z.string().refine(isDateTime);
const resourceId = z.string().refine((s) => parseResourceId(s).ok);
const int32 = z.int32();
const amountDecimal = z.object({ currency, valueDecimal: decimal });
const image = z.object({
  altText: text(FIELD_LIMITS.imageAltText).optional(),
  imageID: resourceId.optional(),
  link: z.url().optional(),
  publicID: text().optional(),
});
const zodOption = z.object({
  name: text(FIELD_LIMITS.optionName),
  quantity: int32,
  group: text(FIELD_LIMITS.optionGroup).optional(),
  priceModifier: amountDecimal.optional(),
  images: z.array(image).optional(),
});
const zodItem = z.object({
  name: text(FIELD_LIMITS.lineItemName),
  basePrice: amountDecimal,
  quantity: int32,
  options: z.array(zodOption).optional(),
  productID: resourceId.optional(),
  images: z.array(image).optional(),
});
const zodInvoiceUpdate = z.object({
  description: text().optional(),
  dueDate: dateTime.nullable().optional(),
  invoiceDate: dateTime.nullable().optional(),
  lineItems: z.object({ items: z.array(zodItem) }).optional(),
  status: z.enum(['draft', 'unpaid', 'payment-pending', 'paid', 'overdue', 'canceled']).optional(),
  taxAmount: z.object({ currency: currency.optional(), valueDecimal: decimal.optional() }).optional(),
});

// --- ajv: our generated JSON Schema (patterns and formats in place of the custom checks). ---

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajvAll = addFormats(new Ajv({ allErrors: true, strict: false }));
const ajvValidate = ajvAll.compile(invoiceUpdateJsonSchema() as Record<string, unknown>);

// Sanity: every contender agrees on both bodies before anything is timed.
const agree = [
  validateInvoiceUpdate(validBody).ok,
  zodInvoiceUpdate.safeParse(validBody).success,
  ajvValidate(validBody),
  !validateInvoiceUpdate(invalidBody).ok,
  !zodInvoiceUpdate.safeParse(invalidBody).success,
  !ajvValidate(invalidBody),
];
if (!agree.every(Boolean)) throw new Error(`contenders disagree: ${JSON.stringify(agree)}`);
const invalid = validateInvoiceUpdate(invalidBody);
console.log('422 body of the invalid sample:', JSON.stringify(invalid.ok ? null : invalid.body));

await compare([
  {
    title: 'update-invoice body, valid (3 items x 2 options)',
    contenders: [
      { name: 'validateInvoiceUpdate (valibot)', fn: () => validateInvoiceUpdate(validBody) },
      { name: 'zod 4 safeParse', fn: () => zodInvoiceUpdate.safeParse(validBody) },
      { name: 'ajv (compiled JSON Schema)', fn: () => ajvValidate(validBody) },
    ],
  },
  {
    title: 'update-invoice body, three deep errors',
    contenders: [
      { name: 'validateInvoiceUpdate (valibot + 422 body)', fn: () => validateInvoiceUpdate(invalidBody) },
      { name: 'zod 4 safeParse', fn: () => zodInvoiceUpdate.safeParse(invalidBody) },
      { name: 'ajv (allErrors)', fn: () => ajvValidate(invalidBody) },
    ],
  },
]);

// --- Bundle sizes (esbuild, bundle + minify, gzip level 9). ---

const benchDir = dirname(fileURLToPath(import.meta.url));

async function bundle(title: string, contents: string) {
  const result = await build({
    stdin: { contents, resolveDir: benchDir, loader: 'ts', sourcefile: `${title}.ts` },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  const inputs = Object.keys(result.metafile.inputs);
  // The files that put at least one byte into the output (parsed-but-tree-shaken files do not).
  const emitted = Object.values(result.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, use]) => use.bytesInOutput > 0)
      .map(([path]) => path),
  );
  return { title, min: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength, inputs, emitted };
}

const sizes = [
  await bundle(
    'schemas-InvoiceUpdateSchema',
    `import { InvoiceUpdateSchema } from '../src/schemas/index.ts';\nexport const check = (x) => InvoiceUpdateSchema['~standard'].validate(x);`,
  ),
  await bundle(
    'schemas-validateInvoiceUpdate',
    `import { validateInvoiceUpdate } from '../src/schemas/index.ts';\nexport { validateInvoiceUpdate };`,
  ),
  await bundle('amount-everything', `export * from '../src/amount/index.ts';`),
  await bundle(
    'schemas-RecurSchema',
    `import { RecurSchema } from '../src/schemas/index.ts';\nexport const check = (x) => RecurSchema['~standard'].validate(x);`,
  ),
];

console.log('\n## Bundle sizes (esbuild bundle + minify, gzip -9)');
console.log('| entry | min (B) | min+gzip (B) |');
console.log('|---|---:|---:|');
for (const s of sizes) console.log(`| ${s.title} | ${s.min} | ${s.gzip} |`);

const amount = sizes[2];
const forbidden = (amount?.inputs ?? []).filter((p) => /valibot|rrule|src\/http|src\/schemas|src\/schedule/.test(p));
console.log(`\namount bundle inputs: ${amount?.inputs.join(', ')}`);
if (forbidden.length > 0) throw new Error(`amount bundle pulls in: ${forbidden.join(', ')}`);
console.log('amount bundle holds no valibot, rrule, schema or handler code: OK');
// The invoice-update schema must not emit schedule code (esbuild parses the RRULE parser
// files, since the schemas entry re-exports RecurSchema, but tree-shakes every byte of them);
// the recur schema emits only the RRULE parser files, never the expander, zones or the entry.
const updateSchedule = (sizes[0]?.emitted ?? []).filter((p) => /src\/schedule|rrule/.test(p));
if (updateSchedule.length > 0) throw new Error(`InvoiceUpdateSchema bundle pulls in: ${updateSchedule.join(', ')}`);
console.log('InvoiceUpdateSchema bundle emits no schedule code: OK');
const recurSchedule = (sizes[3]?.emitted ?? []).filter((p) => /src\/schedule|src\/rrule/.test(p));
const beyondParser = recurSchedule.filter((p) => !/src\/rrule\/(parse|parse-values|validate|messages|types)\.ts$/.test(p));
console.log(`RecurSchema bundle schedule inputs: ${recurSchedule.join(', ')}`);
if (beyondParser.length > 0) throw new Error(`RecurSchema bundle pulls in more than the parser: ${beyondParser.join(', ')}`);
const schemasGzip = sizes[0]?.gzip ?? Number.POSITIVE_INFINITY;
console.log(`schemas-only bundle ${schemasGzip} B min+gzip: ${schemasGzip < 8 * 1024 ? 'under' : 'OVER'} the 8 kB target`);
