/**
 * payments-kit/amount against decimal.js (default precision 20 and precision 40),
 * big.js and dinero.js v2 (bigint calculator), on the same inputs, in one run. The line
 * totals are timed twice for ours: through payments-kit/invoice's lineItemTotal (one fused
 * pass per line) and through the public amount API (7 string-in, string-out calls a line).
 * Allocation: allocateDecimal / distributeDecimal against dinero.js's allocate (number and
 * bigint calculators), interleaved rounds. Ours is imported from the BUILT package (dist/).
 * Run: npm run build && npx tsx bench/amount.bench.ts
 *      npm run build && npx tsx bench/amount.bench.ts allocation   (the allocation groups only)
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import Big from 'big.js';
import Decimal from 'decimal.js';
import { allocate as nAllocate, dinero as nDinero } from 'dinero.js';
import { USD as nUSD } from 'dinero.js/currencies';
import { add as dAdd, allocate as dAllocate, dinero, multiply as dMultiply, toDecimal, USD } from 'dinero.js/bigint';
import type { Dinero } from 'dinero.js/bigint';
import type { AmountDecimal } from '../src/amount/index.js';
import type { LineItem } from '../src/invoice/index.js';
import { compare } from './compare.js';

// The built package, imported by URL so that type-checking (which runs before the build in
// `npm test`) needs no dist/: its types are those of the sources it was built from.
if (!existsSync(new URL('../dist/amount/index.js', import.meta.url))) {
  console.error('dist/ is missing: run `npm run build` first (the bench measures the built package)');
  process.exit(1);
}
const fromDist = async <T>(path: string): Promise<T> => (await import(new URL(`../dist/${path}`, import.meta.url).href)) as T;
const { addDecimal, allocateDecimal, distributeDecimal, multiplyDecimal, sumDecimal } =
  await fromDist<typeof import('../src/amount/index.js')>('amount/index.js');
const { lineItemTotal } = await fromDist<typeof import('../src/invoice/index.js')>('invoice/index.js');
const onlyAllocation = process.argv.includes('allocation');

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

// Allocation inputs: payment-sized amounts in cents (a refund in four), split by 2 to 6 integer
// ratios as payment teams use them; and int64-sized amounts (ours then runs on BigInt).
const RATIO_SETS: number[][] = [[50, 50], [70, 20, 10], [1, 1, 1], [3, 2], [25, 25, 25, 25], [5, 10, 15, 20, 25, 25], [1, 0, 2]];
type Split = { cents: number; ratios: number[]; amount: AmountDecimal };
const centsText = (cents: bigint): string => {
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${cents < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};
const SPLITS: Split[] = Array.from({ length: 1000 }, (_, i) => {
  const cents = (next() % 10_000_000) * (i % 4 === 0 ? -1 : 1);
  return { cents, ratios: RATIO_SETS[i % RATIO_SETS.length] ?? [1], amount: usd(centsText(BigInt(cents))) };
});
const BIG_SPLITS = Array.from({ length: 1000 }, (_, i) => {
  const cents = BigInt(big().replace('.', '').slice(0, 18)) * (i % 4 === 0 ? -1n : 1n);
  return { cents, ratios: (RATIO_SETS[i % RATIO_SETS.length] ?? [1]).map(BigInt), amount: usd(centsText(cents)) };
});
const allocations = {
  ours: () => SPLITS.map((s) => allocateDecimal(s.amount, s.ratios)),
  dinero: () => SPLITS.map((s) => nAllocate(nDinero({ amount: s.cents, currency: nUSD }), s.ratios)),
  dineroBigint: () => SPLITS.map((s) => dAllocate(dinero({ amount: BigInt(s.cents), currency: USD }), s.ratios.map(BigInt))),
};
const thirds = {
  ours: () => SPLITS.map((s) => distributeDecimal(s.amount, 3)),
  oursAllocate: () => SPLITS.map((s) => allocateDecimal(s.amount, [1, 1, 1])),
  dinero: () => SPLITS.map((s) => nAllocate(nDinero({ amount: s.cents, currency: nUSD }), [1, 1, 1])),
  dineroBigint: () => SPLITS.map((s) => dAllocate(dinero({ amount: BigInt(s.cents), currency: USD }), [1n, 1n, 1n])),
};
const bigAllocations = {
  ours: () => BIG_SPLITS.map((s) => allocateDecimal(s.amount, s.ratios)),
  dineroBigint: () => BIG_SPLITS.map((s) => dAllocate(dinero({ amount: s.cents, currency: USD }), s.ratios)),
};

// Before timing: every split adds up, and ours and dinero.js differ only by the leftover rule
// (test/amount/allocate-dinero.test.ts checks that rule by rule; here, the same total).
const centsOf = (d: AmountDecimal): bigint => BigInt(d.valueDecimal.replace('.', ''));
const oursSplits = allocations.ours();
const dineroSplits = allocations.dinero();
const wrongSums = SPLITS.filter((s, i) => (oursSplits[i] ?? []).reduce((a, p) => a + centsOf(p), 0n) !== BigInt(s.cents)).length;
const dineroDiffers = SPLITS.filter((_, i) => (oursSplits[i] ?? []).some((p, j) => centsOf(p) !== BigInt(dineroSplits[i]?.[j]?.toJSON().amount ?? Number.NaN))).length;
const bigWrong = BIG_SPLITS.filter((s) => allocateDecimal(s.amount, s.ratios).reduce((a, p) => a + centsOf(p), 0n) !== s.cents).length;
console.log(`1,000 splits: ${wrongSums === 0 ? 'every sum exact' : `${wrongSums} WRONG SUMS`}; ${dineroDiffers} differ from dinero.js by the leftover rule`);
console.log(`1,000 int64-sized splits: ${bigWrong === 0 ? 'every sum exact' : `${bigWrong} WRONG SUMS`}`);

const allocationGroups = [
  {
    title: 'split 1,000 payment-sized amounts by 2-6 ratios',
    contenders: [
      { name: 'ours: allocateDecimal (strings in and out)', fn: allocations.ours },
      { name: 'dinero.js v2 allocate (number)', fn: allocations.dinero },
      { name: 'dinero.js v2 allocate (bigint)', fn: allocations.dineroBigint },
    ],
  },
  {
    title: 'split 1,000 payment-sized amounts in thirds',
    contenders: [
      { name: 'ours: distributeDecimal(amount, 3)', fn: thirds.ours },
      { name: 'ours: allocateDecimal(amount, [1, 1, 1])', fn: thirds.oursAllocate },
      { name: 'dinero.js v2 allocate (number)', fn: thirds.dinero },
      { name: 'dinero.js v2 allocate (bigint)', fn: thirds.dineroBigint },
    ],
  },
  {
    title: 'split 1,000 int64-sized amounts (up to 18 digits of cents) by 2-6 ratios',
    contenders: [
      { name: 'ours: allocateDecimal (BigInt path)', fn: bigAllocations.ours },
      { name: 'dinero.js v2 allocate (bigint)', fn: bigAllocations.dineroBigint },
    ],
  },
];

console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
if (!onlyAllocation) {
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
}
// Allocation: 7 interleaved rounds, each running every contender in turn.
await compare(allocationGroups, { time: 500, rounds: 7 });
console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
