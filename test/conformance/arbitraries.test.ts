import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceTotals } from '../../src/invoice/index.js';
import { InvoiceSchema, validateApplePaySessionRequest, validateEvidenceTextRequest, validateInvoiceUpdate } from '../../src/schemas/index.js';
import { parseRecurrenceRule } from '../../src/schedule/index.js';
import { conformanceArbitraries, evidenceTextBoundaries, invoiceUpdateBoundaries, walletSessionBoundaries } from '../../src/testing/index.js';

const arbitraries = conformanceArbitraries(fc);
const settings = { seed: 20261207, numRuns: 300 };

describe('the exported arbitraries', () => {
  it('valid bodies pass the validators; invalid ones fail them', () => {
    fc.assert(fc.property(arbitraries.invoiceUpdate({ currency: 'EUR' }), (body) => validateInvoiceUpdate(body).ok), settings);
    fc.assert(fc.property(arbitraries.invalidInvoiceUpdate({ currency: 'EUR' }), (body) => !validateInvoiceUpdate(body).ok), settings);
    fc.assert(fc.property(arbitraries.evidenceText, (body) => validateEvidenceTextRequest(body).ok), settings);
    fc.assert(fc.property(arbitraries.invalidEvidenceText, (body) => !validateEvidenceTextRequest(body).ok), settings);
    fc.assert(fc.property(arbitraries.walletSession('shop.example.com'), (body) => validateApplePaySessionRequest(body).ok), settings);
    fc.assert(fc.property(arbitraries.invalidWalletSession('shop.example.com'), (body) => !validateApplePaySessionRequest(body).ok), settings);
  });

  it('texts stay within their code-point bounds and reach both ends', () => {
    const lengths = new Set<number>();
    fc.assert(fc.property(arbitraries.text(1, 150), (text) => {
      const n = [...text].length;
      lengths.add(n);
      return n >= 1 && n <= 150;
    }), settings);
    expect(lengths.has(1) && lengths.has(150)).toBe(true);
  });

  it('RRULEs parse; invoices pass the Invoice schema with totals invoiceTotals agrees with', () => {
    fc.assert(fc.property(arbitraries.recurrenceRule, (rule) => parseRecurrenceRule(rule).ok), settings);
    fc.assert(fc.property(arbitraries.invoice('USD'), (invoice) => {
      const checked = InvoiceSchema['~standard'].validate(invoice) as { issues?: unknown };
      const parsed = invoice as { lineItems: never; taxAmount: { currency: string; valueDecimal: string }; totalAmount: { valueDecimal: string } };
      const totals = invoiceTotals(parsed.lineItems, parsed.taxAmount);
      return checked.issues === undefined && Number(totals.totalAmount.valueDecimal) === Number(parsed.totalAmount.valueDecimal);
    }), { ...settings, numRuns: 100 });
    fc.assert(fc.property(arbitraries.amount('JPY'), arbitraries.amountDecimal('USD'), (a, d) => Number.isSafeInteger(a.value) && /^\d+(\.\d{1,9})?$/.test(d.valueDecimal)), settings);
  });

  it('the boundary bodies sit on both sides of each limit', () => {
    const invoice = invoiceUpdateBoundaries('USD').map((body) => validateInvoiceUpdate(body).ok);
    expect(invoice).toEqual([true, true, false, false, true, false, true, false, false, false, false, false]);
    expect(evidenceTextBoundaries().map((body) => validateEvidenceTextRequest(body).ok)).toEqual([true, false, false, false]);
    expect(walletSessionBoundaries('shop.example.com').map((body) => validateApplePaySessionRequest(body).ok)).toEqual([true, false, false, false]);
  });
});

// fast-check is an optional peer dependency: only payments-kit/testing may load it, and only
// on demand (a dynamic import in runConformance; the arbitraries take the caller's module).
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const SUBPATHS = (JSON.parse(readFileSync(join(SRC, '../package.json'), 'utf8')) as { exports: Record<string, unknown> }).exports;

/** Every file a module's index reaches through static imports and re-exports (type-only ones excluded: erased). */
function staticGraph(entry: string): Map<string, string> {
  const seen = new Map<string, string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text);
    for (const match of text.matchAll(/^(?:import|export)(\s+type\b)?[^;'"]*?from\s*['"]([^'"]+)['"]/gms)) {
      const [, typeOnly, specifier = ''] = match;
      if (typeOnly !== undefined || !specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      if (existsSync(target)) queue.push(target);
    }
  }
  return seen;
}

const loadsFastCheck = (text: string) => /^(?:import|export)(?!\s+type\b)[^;'"]*?from\s*['"]fast-check['"]|^import\s*['"]fast-check['"]/m.test(text);

describe('fast-check stays an optional peer dependency', () => {
  it('is in peerDependencies, marked optional', () => {
    const pkg = JSON.parse(readFileSync(join(SRC, '../package.json'), 'utf8')) as { peerDependencies: Record<string, string>; peerDependenciesMeta: Record<string, { optional?: boolean }> };
    expect(pkg.peerDependencies['fast-check']).toBeDefined();
    expect(pkg.peerDependenciesMeta['fast-check']?.optional).toBe(true);
  });

  for (const subpath of Object.keys(SUBPATHS).filter((s) => s !== './package.json')) {
    it(`${subpath} never imports fast-check statically`, () => {
      const entry = subpath === '.' ? join(SRC, 'index.ts') : join(SRC, subpath.slice(2), 'index.ts');
      const files = [...staticGraph(entry)].filter(([, text]) => loadsFastCheck(text)).map(([file]) => file);
      expect(files).toEqual([]);
    });
  }

  it('the CLI reaches fast-check only through the dynamic import of runConformance', () => {
    const graph = staticGraph(join(SRC, 'cli/index.ts'));
    expect([...graph.values()].filter(loadsFastCheck)).toEqual([]);
    expect([...graph.values()].some((text) => text.includes("await import('fast-check')"))).toBe(true);
  });
});
