/**
 * payments-kit/amount against decimal.js (default precision 20 and precision 40),
 * big.js and dinero.js v2 (bigint calculator), on the same inputs, in one run. The line
 * totals are timed twice for ours: through payments-kit/invoice's lineItemTotal (one fused
 * pass per line) and through the public amount API (7 string-in, string-out calls a line).
 * Run: npx tsx bench/amount.bench.ts
 */
import Big from 'big.js';
import Decimal from 'decimal.js';
import { add as dAdd, dinero, multiply as dMultiply, toDecimal, USD } from 'dinero.js/bigint';
import type { Dinero } from 'dinero.js/bigint';
import { addDecimal, multiplyDecimal, sumDecimal } from '../src/amount/index.js';
import type { AmountDecimal } from '../src/amount/index.js';
import { lineItemTotal } from '../src/invoice/index.js';
import type { LineItem } from '../src/invoice/index.js';
import { compare } from './compare.js';

const Decimal40 = Decimal.clone({ precision: 40 });

// Deterministic inputs (a small LCG), int64-sized and small values mixed, up to 9 dp.
let seed = 20261121;
const next = (): number => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed;
};
const decimal = (maxWhole: number, places: number): string => {
  const whole = next() % maxWhole;
  const fraction = String(next() % 10 ** places).padStart(places, '0');
  return `${next() % 4 === 0 ? '-' : ''}${whole}.${fraction}`;
};
const big = (): string => `${next() % 9_000_000}${String(next() % 1_000_000).padStart(6, '0')}.${String(next() % 1e9).padStart(9, '0')}`;

const SUM_INPUT: string[] = Array.from({ length: 1000 }, (_, i) => (i % 10 === 0 ? big() : decimal(100_000, 1 + (i % 9))));
const SUM_AMOUNTS: AmountDecimal[] = SUM_INPUT.map((valueDecimal) => ({ currency: 'USD', valueDecimal }));

type Item = { basePrice: string; quantity: number; options: { quantity: number; priceModifier: string }[] };
const ITEMS: Item[] = Array.from({ length: 10_000 }, () => ({
  basePrice: decimal(1000, 2),
  quantity: 1 + (next() % 20),
  options: Array.from({ length: 3 }, () => ({ quantity: next() % 4, priceModifier: decimal(50, 2 + (next() % 3)) })),
}));

// The same items in the shape of payments-kit/invoice (decimal strings wrapped as
// AmountDecimal, built once before timing, as a request body would arrive).
const usd = (valueDecimal: string): AmountDecimal => ({ currency: 'USD', valueDecimal });
const LINE_ITEMS: LineItem[] = ITEMS.map((item, i) => ({
  name: `Item ${i}`,
  quantity: item.quantity,
  basePrice: usd(item.basePrice),
  options: item.options.map((o, j) => ({ name: `Option ${j}`, quantity: o.quantity, priceModifier: usd(o.priceModifier) })),
}));

// dinero.js has no string parser: parse to a bigint at scale 9 (our own helper, same for every dinero call).
const toDinero = (s: string): Dinero<bigint> => {
  const [whole = '0', fraction = ''] = s.split('.');
  return dinero({ amount: BigInt(whole + fraction.padEnd(9, '0')), currency: USD, scale: 9n });
};

const oursLineTotal = (item: Item): string => {
  let unit: AmountDecimal = { currency: 'USD', valueDecimal: item.basePrice };
  for (const o of item.options) unit = addDecimal(unit, multiplyDecimal({ currency: 'USD', valueDecimal: o.priceModifier }, o.quantity));
  return multiplyDecimal(unit, item.quantity).valueDecimal;
};
const decimalLineTotal = (D: typeof Decimal) => (item: Item): string => {
  let unit = new D(item.basePrice);
  for (const o of item.options) unit = unit.plus(new D(o.priceModifier).times(o.quantity));
  return unit.times(item.quantity).toFixed();
};
const bigLineTotal = (item: Item): string => {
  let unit = new Big(item.basePrice);
  for (const o of item.options) unit = unit.plus(new Big(o.priceModifier).times(o.quantity));
  return unit.times(item.quantity).toFixed();
};
const dineroLineTotal = (item: Item): string => {
  let unit = toDinero(item.basePrice);
  for (const o of item.options) unit = dAdd(unit, dMultiply(toDinero(o.priceModifier), BigInt(o.quantity)));
  return toDecimal(dMultiply(unit, BigInt(item.quantity)));
};

const sums = {
  ours: () => sumDecimal(SUM_AMOUNTS, 'USD').valueDecimal,
  decimal20: () => SUM_INPUT.reduce((acc, s) => acc.plus(s), new Decimal(0)).toFixed(),
  decimal40: () => SUM_INPUT.reduce((acc, s) => acc.plus(s), new Decimal40(0)).toFixed(),
  big: () => SUM_INPUT.reduce((acc, s) => acc.plus(s), new Big(0)).toFixed(),
  dinero: () => toDecimal(SUM_INPUT.reduce((acc, s) => dAdd(acc, toDinero(s)), toDinero('0'))),
};
const totals = {
  oursInvoice: () => LINE_ITEMS.map((item) => lineItemTotal(item).valueDecimal),
  ours: () => ITEMS.map(oursLineTotal),
  decimal20: () => ITEMS.map(decimalLineTotal(Decimal)),
  decimal40: () => ITEMS.map(decimalLineTotal(Decimal40)),
  big: () => ITEMS.map(bigLineTotal),
  dinero: () => ITEMS.map(dineroLineTotal),
};

// Exactness check before timing: each contender against decimal.js at precision 60.
const Decimal60 = Decimal.clone({ precision: 60 });
const exactSum = SUM_INPUT.reduce((acc, s) => acc.plus(s), new Decimal60(0));
for (const [name, fn] of Object.entries(sums)) {
  console.log(`sum of 1,000 ${name}: ${new Decimal60(fn()).eq(exactSum) ? 'exact' : 'INEXACT'}`);
}
const exactTotals = ITEMS.map(decimalLineTotal(Decimal60));
for (const [name, fn] of Object.entries(totals)) {
  const got = fn();
  const wrong = got.filter((t, i) => !new Decimal60(t).eq(exactTotals[i] ?? 'NaN')).length;
  console.log(`10,000 line totals ${name}: ${wrong === 0 ? 'exact' : `${wrong} INEXACT`}`);
}
// Both of ours must also agree digit for digit (same decimal places, not only the same value).
const fused = totals.oursInvoice();
const composed = totals.ours();
const differing = fused.filter((t, i) => t !== composed[i]).length;
console.log(`10,000 line totals, lineItemTotal vs public API: ${differing === 0 ? 'same strings' : `${differing} DIFFER`}`);

await compare(
  [
    {
      title: 'sum 1,000 decimal strings',
      contenders: [
        { name: 'ours: sumDecimal (payments-kit/amount)', fn: sums.ours },
        { name: 'decimal.js (precision 20, default)', fn: sums.decimal20 },
        { name: 'decimal.js (precision 40)', fn: sums.decimal40 },
        { name: 'big.js', fn: sums.big },
        { name: 'dinero.js v2 bigint', fn: sums.dinero },
      ],
    },
    {
      title: '10,000 line totals (quantity x (basePrice + sum(option.qty x modifier)), 3 options)',
      contenders: [
        { name: 'ours: lineItemTotal (payments-kit/invoice)', fn: totals.oursInvoice },
        { name: 'ours: public API, addDecimal/multiplyDecimal (7 calls a line)', fn: totals.ours },
        { name: 'decimal.js (precision 20, default)', fn: totals.decimal20 },
        { name: 'decimal.js (precision 40)', fn: totals.decimal40 },
        { name: 'big.js', fn: totals.big },
        { name: 'dinero.js v2 bigint', fn: totals.dinero },
      ],
    },
  ],
  { time: 1000 },
);
