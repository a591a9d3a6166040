// The documented performance rule of payments-kit/amount (docs/amount.md, "How it stays fast"):
// every operation is exact BigInt arithmetic by definition, and the fast paths answer the
// common case "without touching BigInt": short strings (addDecimal, subtractDecimal,
// multiplyDecimal by a quantity), sums in limbs that "meet BigInt once at the end (and every
// million items)", and splits of small amounts by small ratios. Results cannot show which path
// answered (both are exact: fused.test.ts, sum-flush.test.ts, allocate.test.ts), so this file
// counts calls into the BigInt-backed readers and formatters: none while every value stays a
// safe integer, at both ends of that range and at mixed scales in either order; and the exact
// path past it. The fold of sumDecimal's limbs is counted too: once per `flushEvery` items.
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/amount/fixed-point.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/amount/fixed-point.js')>();
  return { ...actual, parseFixed: vi.fn(actual.parseFixed), formatFixed: vi.fn(actual.formatFixed) };
});
vi.mock('../../src/amount/rate.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/amount/rate.js')>();
  return { ...actual, readRate: vi.fn(actual.readRate) };
});
vi.mock('../../src/amount/allocation-unit.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/amount/allocation-unit.js')>();
  return { ...actual, wholeUnits: vi.fn(actual.wholeUnits) };
});
vi.mock('../../src/amount/wide.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/amount/wide.js')>();
  return { ...actual, limbsToUnits: vi.fn(actual.limbsToUnits) };
});

const fixedPoint = await import('../../src/amount/fixed-point.js');
const rate = await import('../../src/amount/rate.js');
const allocationUnit = await import('../../src/amount/allocation-unit.js');
const wideModule = await import('../../src/amount/wide.js');
const { addDecimal, allocateDecimal, distributeDecimal, multiplyDecimal, subtractDecimal, sumDecimal } = await import('../../src/amount/index.js');
const { sumDecimalFlushing } = await import('../../src/amount/arithmetic.js');
const { lineTotal, scanLineTotal } = await import('../../src/amount/line-total.js');
const { smallRatios } = await import('../../src/amount/allocate.js');
type Rate = import('../../src/amount/index.js').Rate;

const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });
const values = (parts: readonly { valueDecimal: string }[]) => parts.map((p) => p.valueDecimal);
/** Calls into the BigInt-backed functions since the last test. */
const exactCalls = () =>
  vi.mocked(fixedPoint.parseFixed).mock.calls.length +
  vi.mocked(fixedPoint.formatFixed).mock.calls.length +
  vi.mocked(rate.readRate).mock.calls.length +
  vi.mocked(allocationUnit.wholeUnits).mock.calls.length +
  vi.mocked(wideModule.limbsToUnits).mock.calls.length;

afterEach(() => {
  vi.mocked(fixedPoint.parseFixed).mockClear();
  vi.mocked(fixedPoint.formatFixed).mockClear();
  vi.mocked(rate.readRate).mockClear();
  vi.mocked(allocationUnit.wholeUnits).mockClear();
  vi.mocked(wideModule.limbsToUnits).mockClear();
});

describe('addDecimal and subtractDecimal: short strings never meet BigInt', () => {
  it.each<[string, string, string, string]>([
    ['add', '1.50', '2', '3.50'],
    ['add', '2', '1.50', '3.50'],
    ['subtract', '1', '2.50', '-1.50'],
    ['subtract', '-1.25', '-1.25', '0.00'],
    ['add', '9007199254740990', '1', '9007199254740991'],
    ['subtract', '-9007199254740990', '1', '-9007199254740991'],
    ['add', '9007199254740991', '-9007199254740991', '0'],
    ['add', '0.000000001', '9007199.25474099', '9007199.254740991'],
    ['add', '9007199.25474099', '0.000000001', '9007199.254740991'],
    ['subtract', '-0.000000001', '9007199.25474099', '-9007199.254740991'],
  ])('%s %s and %s is %s', (op, a, b, want) => {
    const f = op === 'add' ? addDecimal : subtractDecimal;
    expect(f(usd(a), usd(b)).valueDecimal).toBe(want);
    expect(exactCalls()).toBe(0);
  });

  it('past 2^53 the exact path answers', () => {
    expect(addDecimal(usd('9007199254740991'), usd('1')).valueDecimal).toBe('9007199254740992');
    expect(exactCalls()).toBeGreaterThan(0);
  });
});

describe('multiplyDecimal by a quantity: never meets BigInt while the product is a safe integer', () => {
  it.each<[string, number, string]>([
    ['2.50', 3, '7.50'],
    ['-2.50', 3, '-7.50'],
    ['0.000006361', 1_416_003_655_831, '9007199.254740991'],
    ['0.000006361', -1_416_003_655_831, '-9007199.254740991'],
    ['1.25', 0, '0.00'],
  ])('%s x %d is %s', (a, factor, want) => {
    expect(multiplyDecimal(usd(a), factor).valueDecimal).toBe(want);
    expect(exactCalls()).toBe(0);
  });

  it('past 2^53 the exact path answers', () => {
    expect(multiplyDecimal(usd('0.000006361'), 1_416_003_655_832).valueDecimal).toBe('9007199.254747352');
    expect(exactCalls()).toBeGreaterThan(0);
  });
});

describe('sumDecimal: a total that is a safe integer of 10^-9 units never meets BigInt', () => {
  // 7,200 items of 0.999999999 bring the fraction limb to 7199999992800 units.
  const largestSafe = ['8999999', ...new Array<string>(7200).fill('0.999999999'), '0.254748191'];

  it.each<[string, string[], string]>([
    ['two cents', ['0.10', '0.20'], '0.30'],
    ['a negative total', ['-0.10', '-0.25', '0.05'], '-0.30'],
    ['places of the longest item', ['1', '0.5', '0.125'], '1.625'],
    ['just below 9,000,000', ['8999999.999999999'], '8999999.999999999'],
    ['just above -9,000,000', ['-8999999.999999999'], '-8999999.999999999'],
    ['exactly 2^53 - 1 units', largestSafe, '9007199.254740991'],
    ['exactly -(2^53 - 1) units', largestSafe.map((s) => `-${s}`), '-9007199.254740991'],
  ])('%s', (_, list, want) => {
    expect(sumDecimal(list.map(usd), 'USD').valueDecimal).toBe(want);
    expect(exactCalls()).toBe(0);
  });

  it('one unit past 2^53 - 1 the limbs meet BigInt once, with the same digits', () => {
    expect(sumDecimal([...largestSafe, '0.000000001'].map(usd), 'USD').valueDecimal).toBe('9007199.254740992');
    expect(vi.mocked(wideModule.limbsToUnits)).toHaveBeenCalledTimes(1);
  });

  it('two units below -(2^53 - 1) the limbs meet BigInt, with every digit', () => {
    const negative = largestSafe.map((s) => `-${s}`);
    expect(sumDecimal([...negative, '-0.000000002'].map(usd), 'USD').valueDecimal).toBe('-9007199.254740993');
    expect(vi.mocked(wideModule.limbsToUnits)).toHaveBeenCalledTimes(1);
  });

  it('the limbs are folded into BigInt once every flushEvery items, and once at the end', () => {
    const list = ['90000000000', '1.5', '2.25', '3', '4'].map(usd);
    for (const [flushEvery, folds] of [[1, 5], [2, 2], [3, 1], [5, 1], [6, 0]] as const) {
      vi.mocked(wideModule.limbsToUnits).mockClear();
      expect(sumDecimalFlushing(list, 'USD', flushEvery).valueDecimal).toBe('90000000010.75');
      expect(vi.mocked(wideModule.limbsToUnits), `flushEvery ${flushEvery}`).toHaveBeenCalledTimes(folds + 1);
    }
  });
});

describe('allocateDecimal and distributeDecimal: small amounts by small ratios never meet BigInt', () => {
  it.each<[string, string, Rate[], string[]]>([
    ['equal numbers', '10.03', [50, 50], ['5.02', '5.01']],
    ['a refund by strings', '-1.00', ['1', '0', '2'], ['-0.33', '0.00', '-0.67']],
    ['strings of more places later', '1', ['0.5', '0.25'], ['0.67', '0.33']],
    ['strings of more places first', '1', ['0.25', '0.5'], ['0.33', '0.67']],
    ['a string then a number', '1', ['1', 2], ['0.33', '0.67']],
    ['a number then a string', '1', [1, '2'], ['0.33', '0.67']],
    ['a zero string', '1', ['0', 1], ['0.00', '1.00']],
    ['a zero number', '1', [1, 0, 2], ['0.33', '0.00', '0.67']],
    ['a zero number after a string', '1', ['1', 0, 2], ['0.33', '0.00', '0.67']],
    ['amount x ratio total exactly 2^52 units (the bound of the small split)', '22517998136852.48', [1, 1], ['11258999068426.24', '11258999068426.24']],
    ['zero by ratios whose total passes 2^52', '0', [2 ** 52, 2 ** 52], ['0.00', '0.00']],
    ['an amount with more places than the unit', '1000.000', [1, 3], ['250.00', '750.00']],
    ['zero', '0', [1, 1], ['0.00', '0.00']],
  ])('%s', (_, amount, ratios, want) => {
    expect(values(allocateDecimal(usd(amount), ratios))).toEqual(want);
    expect(exactCalls()).toBe(0);
  });

  it('more parts than the scan of leftovers takes (17)', () => {
    const parts = allocateDecimal(usd('1'), new Array<number>(17).fill(1));
    expect(values(parts)).toEqual([...new Array<string>(15).fill('0.06'), '0.05', '0.05']);
    expect(exactCalls()).toBe(0);
  });

  it('distributeDecimal', () => {
    expect(values(distributeDecimal(usd('100'), 3))).toEqual(['33.34', '33.33', '33.33']);
    expect(values(distributeDecimal(usd('-0.05'), 3))).toEqual(['-0.02', '-0.02', '-0.01']);
    expect(exactCalls()).toBe(0);
  });

  it('one unit past the bound of the small split, the exact path answers', () => {
    expect(values(allocateDecimal(usd('22517998136852.49'), [1, 1]))).toEqual(['11258999068426.25', '11258999068426.24']);
    expect(exactCalls()).toBeGreaterThan(0);
  });

  it('a list of safe-integer numbers is read as it is, without a copy; strings are put on one scale', () => {
    for (const list of [[1], [50, 50], [1, 0, 2], [0], [9_007_199_254_740_991, 1]]) expect(smallRatios(list)).toBe(list);
    expect(smallRatios(['1', 0, '0.25'])).toEqual([100, 0, 25]);
    expect(smallRatios([2, '0.5'])).toEqual([20, 5]);
    expect(smallRatios([1, -1])).toBeUndefined();
    expect(smallRatios([1, 1n])).toBeUndefined();
    expect(smallRatios(['1', -1])).toBeUndefined();
  });

  it('a ratio past the safe integers is read by the exact path', () => {
    expect(values(allocateDecimal(usd('1'), [1n, 1n]))).toEqual(['0.50', '0.50']);
    expect(exactCalls()).toBeGreaterThan(0);
  });
});

describe('scanLineTotal answers whatever stays within 2^53', () => {
  const option = (quantity: number, valueDecimal: string) => ({ quantity, priceModifier: usd(valueDecimal) });
  it.each<[string, string, ReturnType<typeof option>[], number, number, number]>([
    ['a modifier of fewer places', '4.50', [option(1, '0.5')], 2, 1000, 2],
    ['a modifier of more places', '4.5', [option(2, '0.125')], 1, 4750, 3],
    ['a modifier of equal places', '4.50', [option(1, '0.25')], 1, 475, 2],
    ['the negative end', '-9007199254740991', [], 1, -9_007_199_254_740_991, 0],
    ['the positive end through a modifier', '9007199254740990', [option(1, '1')], 1, 9_007_199_254_740_991, 0],
  ])('%s', (_, base, options, quantity, n, places) => {
    expect(scanLineTotal(usd(base), options, quantity)).toBe(true);
    expect({ ...lineTotal }).toEqual({ n, places });
  });
});
