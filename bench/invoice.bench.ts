// Invoice totals and applying an update, side by side with the same work written with
// decimal.js and with dinero.js v2 (bigint). Run: npx tsx bench/invoice.bench.ts
import { Decimal } from 'decimal.js';
import { type Dinero, add, dinero, multiply, toDecimal } from 'dinero.js/bigint';
import { USD } from 'dinero.js/bigint/currencies';
import type { AmountDecimal } from '../src/amount/index.js';
import { applyInvoiceUpdate, invoiceTotals } from '../src/invoice/index.js';
import type { Invoice, LineItem, LineItems } from '../src/invoice/index.js';
import { validateInvoiceUpdate } from '../src/schemas/index.js';
import { compare } from './compare.js';

const usd = (valueDecimal: string): AmountDecimal => ({ currency: 'USD', valueDecimal });

// 100 items x 3 options: 2-dp prices, one negative modifier per item, one option without one.
function makeItems(count: number): LineItem[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `Item ${i}`,
    quantity: 1 + (i % 7),
    basePrice: usd(`${10 + i}.${String(i % 100).padStart(2, '0')}`),
    options: [
      { name: 'Large', quantity: 1, priceModifier: usd('1.25') },
      { name: 'Discount', quantity: 2, priceModifier: usd(`-0.${String(10 + (i % 90)).padStart(2, '0')}`) },
      { name: 'Note', quantity: 1 },
    ],
  }));
}

const LINE_ITEMS: LineItems = { items: makeItems(100) };
const TAX = usd('12.34');

// decimal.js: precision 60 so that it is as exact as ours for these inputs (the default of
// 20 significant digits would round int64-sized 9-dp values).
const D = Decimal.clone({ precision: 60 });
function totalsWithDecimalJs(lineItems: LineItems, tax: AmountDecimal) {
  let subtotal = new D(0);
  for (const item of lineItems.items) {
    let unit = new D(item.basePrice.valueDecimal);
    for (const o of item.options ?? []) {
      if (o.priceModifier !== undefined) unit = unit.plus(new D(o.priceModifier.valueDecimal).times(o.quantity));
    }
    subtotal = subtotal.plus(unit.times(item.quantity));
  }
  const total = subtotal.plus(tax.valueDecimal);
  return {
    subtotalAmount: usd(subtotal.toFixed()),
    taxAmount: tax,
    totalAmount: usd(total.toFixed()),
  };
}

// dinero.js v2 with bigint amounts: parse each decimal string into (amount, scale), as its
// docs advise, then add and multiply; toDecimal formats the result.
function parseDinero(valueDecimal: string): Dinero<bigint> {
  const negative = valueDecimal.startsWith('-');
  const [int = '0', frac = ''] = (negative ? valueDecimal.slice(1) : valueDecimal).split('.');
  const amount = BigInt(int + frac) * (negative ? -1n : 1n);
  return dinero({ amount, currency: USD, scale: BigInt(frac.length) });
}
function totalsWithDinero(lineItems: LineItems, tax: AmountDecimal) {
  let subtotal = dinero({ amount: 0n, currency: USD });
  for (const item of lineItems.items) {
    let unit = parseDinero(item.basePrice.valueDecimal);
    for (const o of item.options ?? []) {
      if (o.priceModifier !== undefined) unit = add(unit, multiply(parseDinero(o.priceModifier.valueDecimal), BigInt(o.quantity)));
    }
    subtotal = add(subtotal, multiply(unit, BigInt(item.quantity)));
  }
  const total = add(subtotal, parseDinero(tax.valueDecimal));
  return { subtotalAmount: usd(toDecimal(subtotal)), taxAmount: tax, totalAmount: usd(toDecimal(total)) };
}

// applyInvoiceUpdate of a 3-item update. The rivals do the same validation (the schemas
// validator) and the same merge, with the totals computed by decimal.js / dinero.js instead;
// they skip the state, currency and payment checks, so they do strictly less work.
const INVOICE: Invoice = {
  invoiceID: '8d4b6a8e-6f0e-4d8e-9a43-1c2f5b7e9a10',
  invoiceNumber: 'INV-1001',
  customerAccountID: '1b3c5d7e-0000-4000-8000-000000000001',
  partnerAccountID: '1b3c5d7e-0000-4000-8000-000000000002',
  createdOn: '2026-04-01T09:00:00Z',
  status: 'draft',
  lineItems: { items: [] },
  subtotalAmount: usd('0.00'),
  taxAmount: usd('0.00'),
  totalAmount: usd('0.00'),
  paidAmount: usd('0.00'),
  pendingAmount: usd('0.00'),
  refundedAmount: usd('0.00'),
  disputedAmount: usd('0.00'),
};
const UPDATE = { lineItems: { items: makeItems(3) }, taxAmount: { valueDecimal: '1.50' }, status: 'unpaid' };
const NOW = new Date(Date.UTC(2026, 4, 2));

function applyWith(totals: (l: LineItems, t: AmountDecimal) => ReturnType<typeof totalsWithDecimalJs>) {
  return () => {
    const validated = validateInvoiceUpdate(UPDATE);
    if (!validated.ok) throw new Error('bench update must be valid');
    const patch = validated.value;
    const lineItems = patch.lineItems ?? INVOICE.lineItems;
    const tax = { currency: INVOICE.taxAmount.currency, valueDecimal: patch.taxAmount?.valueDecimal ?? INVOICE.taxAmount.valueDecimal };
    return { ...INVOICE, ...totals(lineItems, tax), lineItems, status: patch.status ?? INVOICE.status };
  };
}

// Same answers before timing anything.
const ours = invoiceTotals(LINE_ITEMS, TAX);
for (const rival of [totalsWithDecimalJs(LINE_ITEMS, TAX), totalsWithDinero(LINE_ITEMS, TAX)]) {
  if (!new Decimal(rival.totalAmount.valueDecimal).equals(ours.totalAmount.valueDecimal)) {
    throw new Error(`totals differ: ${rival.totalAmount.valueDecimal} vs ${ours.totalAmount.valueDecimal}`);
  }
}
const applied = applyInvoiceUpdate(INVOICE, UPDATE, { now: NOW });
if (!applied.ok || !new Decimal(applied.invoice.totalAmount.valueDecimal).equals(applyWith(totalsWithDinero)().totalAmount.valueDecimal)) {
  throw new Error('applyInvoiceUpdate result differs');
}

await compare([
  {
    title: 'invoiceTotals: 100 items x 3 options',
    contenders: [
      { name: 'payments-kit invoiceTotals', fn: () => invoiceTotals(LINE_ITEMS, TAX) },
      { name: 'decimal.js (precision 60)', fn: () => totalsWithDecimalJs(LINE_ITEMS, TAX) },
      { name: 'dinero.js v2 (bigint)', fn: () => totalsWithDinero(LINE_ITEMS, TAX) },
    ],
  },
  {
    title: 'applyInvoiceUpdate: 3-item update of a draft (finalize)',
    contenders: [
      { name: 'payments-kit applyInvoiceUpdate', fn: () => applyInvoiceUpdate(INVOICE, UPDATE, { now: NOW }) },
      { name: 'validate + decimal.js totals', fn: applyWith(totalsWithDecimalJs) },
      { name: 'validate + dinero.js v2 totals', fn: applyWith(totalsWithDinero) },
    ],
  },
  {
    title: 'context: where the time of one update goes',
    contenders: [
      { name: 'applyInvoiceUpdate (all of it)', fn: () => applyInvoiceUpdate(INVOICE, UPDATE, { now: NOW }) },
      { name: 'validateInvoiceUpdate alone', fn: () => validateInvoiceUpdate(UPDATE) },
      { name: 'invoiceTotals of the 3 items alone', fn: () => invoiceTotals(UPDATE.lineItems, usd('1.50')) },
    ],
  },
]);
