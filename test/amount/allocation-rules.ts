import { expect } from 'vitest';
import type { Rate } from '../../src/amount/index.js';
import { readDecimal } from './exact.js';

/** The ratios as integers on one scale (test-side reading). */
export function scaled(ratios: readonly Rate[]): bigint[] {
  const read = ratios.map((r) => readDecimal(String(r)));
  const places = Math.max(...read.map((r) => r.places));
  return read.map((r) => r.digits * 10n ** BigInt(places - r.places));
}

/**
 * Every documented rule of one split, checked from the definition: the parts sum to the amount;
 * each part is its exact share truncated toward zero plus 0 or 1 unit (so within one unit of it);
 * a zero ratio gets zero; the sign is the amount's; and the extra units went to the largest
 * remainders, ties to the earlier part.
 */
export function expectRules(amountUnits: bigint, ratios: readonly bigint[], parts: readonly bigint[]): void {
  expect(parts.length).toBe(ratios.length);
  expect(parts.reduce((a, b) => a + b, 0n)).toBe(amountUnits);
  const magnitude = amountUnits < 0n ? -amountUnits : amountUnits;
  const total = ratios.reduce((a, b) => a + b, 0n);
  const remainders = ratios.map((r) => (magnitude * r) % total);
  const extra = parts.map((p, i) => {
    const size = p < 0n ? -p : p;
    if (p !== 0n) expect(p < 0n).toBe(amountUnits < 0n);
    const truncated = (magnitude * (ratios[i] ?? 0n)) / total;
    const gained = size - truncated;
    expect(gained === 0n || gained === 1n, `part ${i} is ${gained} units above its truncated share`).toBe(true);
    // Within one unit of the exact share: |size x total - magnitude x ratio| < total.
    const off = size * total - magnitude * (ratios[i] ?? 0n);
    expect(off < total && off > -total).toBe(true);
    if (ratios[i] === 0n) expect(p).toBe(0n);
    return gained === 1n;
  });
  for (let i = 0; i < parts.length; i++) {
    for (let j = 0; j < parts.length; j++) {
      if (!extra[i] || extra[j]) continue;
      const ri = remainders[i] ?? 0n;
      const rj = remainders[j] ?? 0n;
      expect(ri > rj || (ri === rj && i < j), `part ${i} (remainder ${ri}) got a unit before part ${j} (remainder ${rj})`).toBe(true);
    }
  }
}

/**
 * Splits by the two leftover rules, from the definition (test-side models): every part is its
 * exact share truncated toward zero; the leftover units then go one each to the parts that
 * `first` puts first. `largestRemainder` is ours; `largestRatio` is dinero.js 2.0.2's
 * (`distribute`: the non-zero ratios sorted by ratio, larger first, equal ones in order).
 */
export function splitBy(amountUnits: bigint, ratios: readonly bigint[], rule: 'largestRemainder' | 'largestRatio'): bigint[] {
  const magnitude = amountUnits < 0n ? -amountUnits : amountUnits;
  const total = ratios.reduce((a, b) => a + b, 0n);
  const parts = ratios.map((r) => (magnitude * r) / total);
  const key = (i: number): bigint => (rule === 'largestRatio' ? (ratios[i] ?? 0n) : (magnitude * (ratios[i] ?? 0n)) % total);
  const order = ratios
    .map((_, i) => i)
    .filter((i) => (ratios[i] ?? 0n) > 0n)
    .sort((a, b) => (key(a) === key(b) ? a - b : key(a) > key(b) ? -1 : 1));
  let left = magnitude - parts.reduce((a, b) => a + b, 0n);
  for (const i of order) {
    if (left === 0n) break;
    parts[i] = (parts[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return amountUnits < 0n ? parts.map((p) => -p) : parts;
}

/** The sum over the parts of |part - exact share|, times the sum of the ratios (an integer). */
export function totalDeviation(amountUnits: bigint, ratios: readonly bigint[], parts: readonly bigint[]): bigint {
  const total = ratios.reduce((a, b) => a + b, 0n);
  return parts.reduce((sum, p, i) => {
    const off = p * total - amountUnits * (ratios[i] ?? 0n);
    return sum + (off < 0n ? -off : off);
  }, 0n);
}
