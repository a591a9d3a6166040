import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { generateValidators, loadDeclarations } from '../../scripts/generate-validators.js';

// The validators of src/schemas/generated/ are written by scripts/generate-validators.ts from
// the valibot schemas, their one declaration. These tests hold the committed files to the
// generator, and show that one edit of the declaration reaches every validator.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
vi.setConfig({ testTimeout: 60_000 });

describe('the generated validators', () => {
  it('are what the generator writes from the schemas now (run npm run generate:validators when this fails)', async () => {
    const files = generateValidators(await loadDeclarations());
    expect([...files.keys()].sort()).toEqual([
      'src/schemas/generated/apple-pay-session-request.ts',
      'src/schemas/generated/evidence-text-request.ts',
      'src/schemas/generated/invoice-update.ts',
    ]);
    for (const [file, text] of files) expect(readFileSync(join(root, file), 'utf8'), file).toBe(text);
  });

  it('write no function twice: an object of one shape at several places is one function that names them all', async () => {
    for (const [file, text] of generateValidators(await loadDeclarations())) {
      // Each function without its doc comment and name, its local names (`x2`, `m3`, ...) made alike.
      const bodies = text
        .split(/\n\n/)
        .filter((part) => /^(?:\/\*\*.*\*\/\n)?function /.test(part))
        .map((part) => part.replace(/^\/\*\*.*\*\/\n/, '').replace(/^function \w+/, 'function').replaceAll(/\b[xmvr]\d+\b/g, 'local'));
      expect(bodies.length, file).toBeGreaterThan(1);
      expect(new Set(bodies).size, file).toBe(bodies.length);
    }
    const update = generateValidators(await loadDeclarations()).get('src/schemas/generated/invoice-update.ts') as string;
    expect(update).toContain('/** `lineItems.items[].basePrice`, `lineItems.items[].options[].priceModifier`: checked and copied');
    expect(update).toContain('/** `lineItems.items[].options[].images[]`, `lineItems.items[].images[]`: checked and copied');
  });

  it('use no eval, no new Function, no dynamic import', async () => {
    for (const text of generateValidators(await loadDeclarations()).values()) {
      expect(text).not.toMatch(/\beval\s*\(|new\s+Function|\bimport\s*\(/);
    }
  });
});

describe('one edit of the declaration reaches every validator', () => {
  const scratch = join(root, 'test/schemas/.generated-scratch');
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
    vi.doUnmock('../../src/limits/field-limits.js');
    vi.resetModules();
  });

  it('an option name of up to 200 characters (FIELD_LIMITS.optionName.max 150 -> 200): schema, JSON Schema and generated validator', async () => {
    // The one edit: the limit in the field-limit table.
    vi.resetModules();
    vi.doMock('../../src/limits/field-limits.js', async (original) => {
      const table = (await original()) as typeof import('../../src/limits/field-limits.js');
      return { ...table, FIELD_LIMITS: { ...table.FIELD_LIMITS, optionName: Object.freeze({ min: 1, max: 200 }) } };
    });
    const generator = await import('../../scripts/generate-validators.js');
    const schemas = await import('../../src/schemas/index.js');
    // The generator, run on the edited declaration, writes a validator that takes the new limit.
    const files = generator.generateValidators(await generator.loadDeclarations(), '../../../src');
    const text = files.get('src/schemas/generated/invoice-update.ts') as string;
    expect(text).toContain('{ min: 1, max: 200 }');
    mkdirSync(scratch, { recursive: true });
    writeFileSync(join(scratch, 'invoice-update.ts'), text);
    const generated = (await import(join(scratch, 'invoice-update.ts'))) as typeof import('../../src/schemas/generated/invoice-update.js');
    const limits = (await import('../../src/limits/index.js')).REQUEST_LIMITS;

    const body = (name: string) => ({
      lineItems: { items: [{ name: 'Tea', basePrice: { currency: 'USD', valueDecimal: '1.00' }, quantity: 1, options: [{ name, quantity: 1 }] }] },
    });
    const long = 'x'.repeat(200);
    const tooLong = 'x'.repeat(201);
    // The valibot schema, its JSON Schema and the generated validator all take the new limit.
    expect(v.safeParse(schemas.InvoiceUpdateSchema, body(long)).success).toBe(true);
    expect(v.safeParse(schemas.InvoiceUpdateSchema, body(tooLong)).success).toBe(false);
    const json = JSON.stringify(schemas.invoiceUpdateJsonSchema());
    expect(json).toContain('"maxLength":200');
    expect(generated.validateInvoiceUpdateBody(body(long), limits).ok).toBe(true);
    const refused = generated.validateInvoiceUpdateBody(body(tooLong), limits);
    expect(refused).toEqual({
      ok: false,
      status: 422,
      body: { lineItems: { items: { Tea: { options: { '[0]': { name: 'must be at most 200 characters' } } } } } },
    });
    // The committed validator still has the limit of the unedited table: it is stale until regenerated.
    const committed = readFileSync(join(root, 'src/schemas/generated/invoice-update.ts'), 'utf8');
    expect(committed).not.toBe(generator.generateValidators(await generator.loadDeclarations()).get('src/schemas/generated/invoice-update.ts'));
  });
});
