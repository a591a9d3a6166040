// Validation speed of the three request bodies, side by side in one process: ours (the
// straight-line validators), zod 4 and ajv (allErrors, formats) on the same rules, and
// valibot's plain safeParse of our Standard Schema; valid and invalid bodies, 3 items and 50
// items. The update-invoice bodies also face typia 12.2.1's `createEquals` generated ahead of
// time (bench/peers/typia: regex-literal pattern tags, and stock typia's `Pattern` tags) and
// arktype 2.2. Everything of ours is imported from the BUILT package (dist/).
// Run: npm run bench:peers && npm run build && npx tsx bench/validate.bench.ts
// (VALIDATE_BENCH=update: only the update-invoice groups; VALIDATE_ROUNDS / VALIDATE_TIME
// set the rounds and the ms per contender and round; BENCH_BASELINE_DIST=<dist/ of another
// tree> adds that build's validators as "ours before", e.g. main's, built beside this one:
//   git archive <commit> | tar -x -C /tmp/pk-base && ln -s "$PWD/node_modules" /tmp/pk-base/ \
//     && (cd /tmp/pk-base && npx tsup) && BENCH_BASELINE_DIST=/tmp/pk-base/dist npx tsx bench/validate.bench.ts)
import { loadavg } from 'node:os';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import * as v from 'valibot';
import { z } from 'zod';
import { compare, type Row } from './compare.js';
import { loadPeer } from './peers/load.js';
import { invalid3, invalid50, valid3, valid50 } from './validate-bodies.js';

// The built package, imported by URL so that type-checking (which runs before the build in
// `npm test`) needs no dist/: its types are those of the sources it was built from.
const fromDist = async <T>(path: string): Promise<T> => (await import(new URL(`../dist/${path}`, import.meta.url).href)) as T;
const { checkDecimalString, isCurrencyCode } = await fromDist<typeof import('../src/amount/index.js')>('amount/index.js');
const { checkResourceId } = await fromDist<typeof import('../src/ids/index.js')>('ids/index.js');
const { FIELD_LIMITS, LONE_SURROGATE_MESSAGE, REQUEST_LIMITS, checkTextLength, hasLoneSurrogate } =
  await fromDist<typeof import('../src/limits/index.js')>('limits/index.js');
type FieldLimit = import('../src/limits/index.js').FieldLimit;
const {
  ApplePaySessionRequestSchema,
  EVIDENCE_TYPES,
  EvidenceTextRequestSchema,
  InvoiceUpdateSchema,
  applePaySessionRequestJsonSchema,
  checkDomain,
  evidenceTextRequestJsonSchema,
  invoiceUpdateJsonSchema,
  validateApplePaySessionRequest,
  validateEvidenceTextRequest,
  validateInvoiceUpdate,
} = await fromDist<typeof import('../src/schemas/index.js')>('schemas/index.js');

const evidenceValid = { evidenceType: 'receipt', text: 'Paid in store on 1 April; receipt attached.' };
const evidenceInvalid = { evidenceType: 'invoice', text: 'Paid in store on 1 April; receipt attached.' };
const sessionValid = { domain: 'shop.example.com', displayName: 'Example Shop' };
const sessionInvalid = { domain: 'https://shop.example.com', displayName: 'Example Shop' };

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
const dateTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d\d-\d\d[Tt]\d\d:\d\d:\d\d(\.\d{1,9})?([Zz]|[+-]\d\d:\d\d)$/.test(s));
const resourceId = z.string().refine((s) => checkResourceId(s) === undefined);
const int32 = z.int32();
const amountDecimal = z.strictObject({ currency, valueDecimal: decimal });
const image = z.strictObject({
  altText: text(FIELD_LIMITS.imageAltText).optional(),
  imageID: resourceId.optional(),
  link: z.url().optional(),
  publicID: text().optional(),
});
const zodOption = z.strictObject({
  name: text(FIELD_LIMITS.optionName),
  quantity: int32,
  group: text(FIELD_LIMITS.optionGroup).optional(),
  priceModifier: amountDecimal.optional(),
  images: z.array(image).max(REQUEST_LIMITS.imagesPerOption).optional(),
});
const zodItem = z.strictObject({
  name: text(FIELD_LIMITS.lineItemName),
  basePrice: amountDecimal,
  quantity: int32,
  options: z.array(zodOption).max(REQUEST_LIMITS.optionsPerItem).optional(),
  productID: resourceId.optional(),
  images: z.array(image).max(REQUEST_LIMITS.imagesPerItem).optional(),
});
const zodInvoiceUpdate = z.strictObject({
  description: text().optional(),
  dueDate: dateTime.nullable().optional(),
  invoiceDate: dateTime.nullable().optional(),
  lineItems: z.strictObject({ items: z.array(zodItem).max(REQUEST_LIMITS.lineItems) }).optional(),
  status: z.enum(['draft', 'unpaid', 'payment-pending', 'paid', 'overdue', 'canceled']).optional(),
  taxAmount: z.strictObject({ currency: currency.optional(), valueDecimal: decimal.optional() }).optional(),
});

const zodEvidence = z.strictObject({ evidenceType: z.enum(EVIDENCE_TYPES), text: text(FIELD_LIMITS.evidenceText) });
const zodSession = z.strictObject({
  domain: z.string().refine((s) => checkDomain(s) === undefined),
  displayName: text(FIELD_LIMITS.displayName),
});

// --- ajv: our generated JSON Schemas (patterns and formats in place of the custom checks). ---

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajvAll = addFormats(new Ajv({ allErrors: true, strict: false }));
const ajvUpdate = ajvAll.compile(invoiceUpdateJsonSchema() as Record<string, unknown>);
const ajvEvidence = ajvAll.compile(evidenceTextRequestJsonSchema() as Record<string, unknown>);
const ajvSession = ajvAll.compile(applePaySessionRequestJsonSchema() as Record<string, unknown>);

// --- typia 12.2.1, generated ahead of time (`npm run bench:typia`; the output is committed)
// and arktype 2.2: installed by `npm run bench:peers`, loaded by path so that type-checking
// needs neither. The rules each states are listed in bench/peers/typia/src/invoice-update.ts
// and docs/performance.md. ---

type Check = (body: unknown) => boolean;
const typia = (await import(new URL('./peers/typia/generated/invoice-update.ts', import.meta.url).href)) as {
  equalsInvoiceUpdate: Check;
  equalsStockInvoiceUpdate: Check;
};
type ArkType = { (body: unknown): unknown; array(): ArkType; atMostLength(n: number): ArkType; or(t: unknown): ArkType; and(t: unknown): ArkType };
type Ark = { type: (def: unknown) => ArkType; ArkErrors: new (...args: never[]) => unknown };
const { type, ArkErrors } = loadPeer<Ark>('arktype');
const arkCurrency = /^[A-Z]{3}$/;
const arkDecimal = /^-?\d{1,19}(?:\.\d{1,9})?$/;
const arkResourceId = /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[a-z2-7]{26}_[a-z][a-z0-9]{0,8})$/;
const arkDateTime = /^\d{4}-\d\d-\d\d[Tt]\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:[Zz]|[+-]\d\d:\d\d)$/;
const arkInt32 = '-2147483648 <= number.integer <= 2147483647';
const arkAmount = type({ '+': 'reject', currency: arkCurrency, valueDecimal: arkDecimal });
const arkImage = type({ '+': 'reject', 'altText?': 'string <= 125', 'imageID?': type(arkResourceId).and('string <= 36'), 'link?': 'string.url', 'publicID?': 'string' });
const arkOption = type({
  '+': 'reject',
  name: '0 < string <= 150',
  quantity: arkInt32,
  'group?': 'string <= 100',
  'priceModifier?': arkAmount,
  'images?': arkImage.array().atMostLength(5),
});
const arkItem = type({
  '+': 'reject',
  name: '0 < string <= 150',
  basePrice: arkAmount,
  quantity: arkInt32,
  'options?': arkOption.array().atMostLength(25),
  'productID?': type(arkResourceId).and('string <= 36'),
  'images?': arkImage.array().atMostLength(10),
});
const arkInvoiceUpdate = type({
  '+': 'reject',
  'description?': 'string',
  'dueDate?': type(arkDateTime).or('null'),
  'invoiceDate?': type(arkDateTime).or('null'),
  'lineItems?': type({ '+': 'reject', items: arkItem.array().atMostLength(250) }),
  'status?': "'draft' | 'unpaid' | 'payment-pending' | 'paid' | 'overdue' | 'canceled'",
  'taxAmount?': type({ '+': 'reject', 'currency?': arkCurrency, 'valueDecimal?': arkDecimal }),
});
const arkValid: Check = (body) => !(arkInvoiceUpdate(body) instanceof ArkErrors);

type Case = {
  title: string;
  body: unknown;
  valid: boolean;
  ours: (body: unknown) => { ok: boolean };
  zod: { safeParse: (body: unknown) => { success: boolean } };
  ajv: (body: unknown) => boolean;
  valibot: v.GenericSchema;
  /** More contenders: the ahead-of-time and JIT peers (update-invoice body), ours before. */
  peers?: { name: string; fn: Check }[];
};
// The same validators from another build (before/after in one process), when asked for.
const baselineDist = process.env['BENCH_BASELINE_DIST'];
const before =
  baselineDist === undefined
    ? undefined
    : ((await import(new URL(`file://${baselineDist.replace(/\/$/, '')}/schemas/index.js`).href)) as typeof import('../src/schemas/index.js'));
const beforePeer = (validate: ((body: unknown) => { ok: boolean }) | undefined) =>
  validate === undefined ? [] : [{ name: 'ours before (BENCH_BASELINE_DIST)', fn: (body: unknown) => validate(body).ok }];

const update = {
  ours: validateInvoiceUpdate,
  zod: zodInvoiceUpdate,
  ajv: ajvUpdate,
  valibot: InvoiceUpdateSchema,
  peers: [
    ...beforePeer(before?.validateInvoiceUpdate),
    { name: 'typia 12.2.1 createEquals, regex-literal tags (generated)', fn: typia.equalsInvoiceUpdate },
    { name: 'typia 12.2.1 createEquals, stock Pattern tags (generated)', fn: typia.equalsStockInvoiceUpdate },
    { name: 'arktype 2.2', fn: arkValid },
  ],
};
const evidence = {
  ours: validateEvidenceTextRequest,
  zod: zodEvidence,
  ajv: ajvEvidence,
  valibot: EvidenceTextRequestSchema,
  peers: beforePeer(before?.validateEvidenceTextRequest),
};
const session = {
  ours: validateApplePaySessionRequest,
  zod: zodSession,
  ajv: ajvSession,
  valibot: ApplePaySessionRequestSchema,
  peers: beforePeer(before?.validateApplePaySessionRequest),
};
const cases: Case[] = [
  { title: 'update invoice, valid, 3 items x 2 options (spec 4.2 body)', body: valid3, valid: true, ...update },
  { title: 'update invoice, three deep errors, 3 items', body: invalid3, valid: false, ...update },
  { title: 'update invoice, valid, 50 items x 2 options', body: valid50, valid: true, ...update },
  { title: 'update invoice, three deep errors, 50 items', body: invalid50, valid: false, ...update },
  { title: 'evidence text, valid', body: evidenceValid, valid: true, ...evidence },
  { title: 'evidence text, evidenceType unknown', body: evidenceInvalid, valid: false, ...evidence },
  { title: 'wallet session, valid', body: sessionValid, valid: true, ...session },
  { title: 'wallet session, domain with a scheme', body: sessionInvalid, valid: false, ...session },
];

// Sanity: every contender gives the expected verdict on every body before anything is timed.
for (const c of cases) {
  const verdicts = [
    c.ours(c.body).ok,
    c.zod.safeParse(c.body).success,
    c.ajv(c.body),
    v.safeParse(c.valibot, c.body).success,
    ...(c.peers ?? []).map((peer) => peer.fn(c.body)),
  ];
  if (!verdicts.every((verdict) => verdict === c.valid)) throw new Error(`${c.title}: contenders disagree ${JSON.stringify(verdicts)}`);
}
const invalid = validateInvoiceUpdate(invalid3);
console.log('422 body of the invalid 3-item sample:', JSON.stringify(invalid.ok ? null : invalid.body));

const only = process.env.VALIDATE_BENCH === 'update' ? cases.filter((c) => c.ours === validateInvoiceUpdate) : cases;
console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const rows: Row[] = await compare(
  only.map((c) => ({
    title: c.title,
    contenders: [
      { name: 'ours (straight-line, dist/)', fn: () => c.ours(c.body) },
      { name: 'zod 4 safeParse', fn: () => c.zod.safeParse(c.body) },
      { name: 'ajv (allErrors, formats)', fn: () => c.ajv(c.body) },
      { name: 'valibot safeParse (our schema)', fn: () => v.safeParse(c.valibot, c.body) },
      ...(c.peers ?? []).map((peer) => ({ name: peer.name, fn: () => peer.fn(c.body) })),
    ],
  })),
  // Five rounds of 200 ms: the table gives the median round and the range of the ratio.
  { time: Number(process.env.VALIDATE_TIME ?? 200), rounds: Number(process.env.VALIDATE_ROUNDS ?? 5) },
);
console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

// Invalid vs valid, paired: ours on the valid and on the invalid body of each size, as two
// contenders of one group, so the ratio comes from the same rounds (not from two groups).
const pairs: [Case, Case][] = [[cases[0], cases[1]], [cases[2], cases[3]], [cases[4], cases[5]], [cases[6], cases[7]]].filter(
  (pair): pair is [Case, Case] => pair[0] !== undefined && pair[1] !== undefined && only.includes(pair[0]),
);
const paired: Row[] = await compare(
  pairs.map(([valid, invalid]) => ({
    title: `paired: ${invalid.title}`,
    contenders: [
      { name: 'ours, invalid body', fn: () => invalid.ours(invalid.body) },
      { name: 'ours, valid body', fn: () => valid.ours(valid.body) },
    ],
  })),
  { time: Number(process.env.VALIDATE_TIME ?? 200), rounds: Number(process.env.VALIDATE_ROUNDS ?? 5) },
);
console.log('\n## ours, invalid body time / valid body time, paired in the same rounds (target: at most 2x)');
for (const row of paired.filter((r) => r.name === 'ours, valid body')) console.log(`| ${row.group} | ${(1 / row.ratio).toFixed(2)}x |`);

// Invalid vs valid: the cost of finding the errors and building the full error body.
const oursOps = (title: string) => rows.find((r) => r.group === title && r.name.startsWith('ours'))?.opsPerSec ?? Number.NaN;
// The target: at least as fast as ajv on every valid body (median of the rounds);
// an invalid body is held to 2x of its valid body (below), not to ajv, which names no rule.
const validTitles = new Set(cases.filter((c) => c.valid).map((c) => c.title));
const slowerThanAjv = rows.filter((r) => validTitles.has(r.group) && r.name.startsWith('ajv') && r.ratio < 1);
console.log(
  slowerThanAjv.length === 0
    ? '\nours is at least as fast as ajv on every valid body (median of the rounds)'
    : `\nSLOWER THAN AJV: ${slowerThanAjv.map((r) => `${r.group} ${r.ratio.toFixed(2)}x`).join('; ')}`,
);
console.log('\n## ours, invalid body time / valid body time (target: at most 2x)');
for (const [invalidCase, validCase] of [[cases[1], cases[0]], [cases[3], cases[2]], [cases[5], cases[4]], [cases[7], cases[6]]] as const) {
  if (invalidCase === undefined || validCase === undefined) continue;
  const ratio = oursOps(validCase.title) / oursOps(invalidCase.title);
  console.log(`| ${invalidCase.title} | ${ratio.toFixed(2)}x |`);
}

// Bundle sizes are measured from the packed package, with their targets: npm run bench:size.
