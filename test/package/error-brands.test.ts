// The error classes' brand checks across the BUILT package's two copies: an error thrown by
// the CJS build (dist/*.cjs, through require) must be recognised by the ESM build's
// `isAmountError` and the like (dist/*.js, through import), and the other way round, although
// `instanceof` fails across them. `npm test` builds before the unit suite; a bare `vitest run`
// without a build skips this file.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const SUBPATHS = ['amount', 'schedule', 'testing'] as const;
const built = SUBPATHS.every((m) => existsSync(join(root, `dist/${m}/index.js`)) && existsSync(join(root, `dist/${m}/index.cjs`)));

/** One copy of the package: the three subpaths that export error classes. */
type Kit = {
  amount: typeof import('../../src/amount/index.js');
  schedule: typeof import('../../src/schedule/index.js');
  testing: typeof import('../../src/testing/index.js');
};

const require = createRequire(import.meta.url);
const loadCjs = (): Kit => ({
  amount: require(join(root, 'dist/amount/index.cjs')) as Kit['amount'],
  schedule: require(join(root, 'dist/schedule/index.cjs')) as Kit['schedule'],
  testing: require(join(root, 'dist/testing/index.cjs')) as Kit['testing'],
});
const esmOf = async <M extends keyof Kit>(m: M): Promise<Kit[M]> => (await import(pathToFileURL(join(root, `dist/${m}/index.js`)).href)) as Kit[M];
const loadEsm = async (): Promise<Kit> => ({ amount: await esmOf('amount'), schedule: await esmOf('schedule'), testing: await esmOf('testing') });

type ClassName = 'AmountError' | 'CurrencyMismatchError' | 'RecurrenceError' | 'ScheduleError' | 'ConformanceError';

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

const USD = { currency: 'USD', valueDecimal: '1.00' };

/** Each public error class, thrown by the package's own functions in one copy. */
const THROWN: Record<ClassName, (kit: Kit) => unknown> = {
  AmountError: (kit) => thrown(() => kit.amount.addDecimal(USD, { currency: 'USD', valueDecimal: '1.2.3' })),
  CurrencyMismatchError: (kit) => thrown(() => kit.amount.addDecimal(USD, { currency: 'EUR', valueDecimal: '1.00' })),
  RecurrenceError: (kit) => thrown(() => kit.schedule.expandRecurrence({ recurrenceRule: 'FREQ=DAILY', start: '2026-01-01T09:00:00Z', runTransfer: {} })),
  ScheduleError: (kit) => thrown(() => kit.schedule.scheduleOccurrences({})),
  ConformanceError: (kit) => thrown(() => kit.testing.check(false, 'the store lost a write')),
};

/** The brand checks and the classes of one copy. */
const CHECKS: Record<ClassName, (kit: Kit) => (value: unknown) => boolean> = {
  AmountError: (kit) => kit.amount.isAmountError,
  CurrencyMismatchError: (kit) => kit.amount.isCurrencyMismatchError,
  RecurrenceError: (kit) => kit.schedule.isRecurrenceError,
  ScheduleError: (kit) => kit.schedule.isScheduleError,
  ConformanceError: (kit) => kit.testing.isConformanceError,
};
const CLASSES: Record<ClassName, (kit: Kit) => abstract new (...args: never[]) => Error> = {
  AmountError: (kit) => kit.amount.AmountError,
  CurrencyMismatchError: (kit) => kit.amount.CurrencyMismatchError,
  RecurrenceError: (kit) => kit.schedule.RecurrenceError,
  ScheduleError: (kit) => kit.schedule.ScheduleError,
  ConformanceError: (kit) => kit.testing.ConformanceError,
};

/** What each error is, as `instanceof` says within one copy: a CurrencyMismatchError is an AmountError too. */
const IS_A: Record<ClassName, readonly ClassName[]> = {
  AmountError: ['AmountError'],
  CurrencyMismatchError: ['CurrencyMismatchError', 'AmountError'],
  RecurrenceError: ['RecurrenceError'],
  ScheduleError: ['ScheduleError'],
  ConformanceError: ['ConformanceError'],
};
const NAMES = Object.keys(IS_A) as ClassName[];

describe.skipIf(!built)('error brand checks across the ESM and CJS builds', () => {
  it.each([
    ['made by the CJS build, checked by the ESM build', 'cjs', 'esm'],
    ['made by the ESM build, checked by the CJS build', 'esm', 'cjs'],
  ] as const)('%s', async (_title, maker, checker) => {
    const builds = { cjs: loadCjs(), esm: await loadEsm() };
    const made = builds[maker];
    const checking = builds[checker];
    for (const name of NAMES) {
      const error = THROWN[name](made);
      // The two copies really are different classes: instanceof fails across them...
      expect(error instanceof CLASSES[name](made), name).toBe(true);
      expect(error instanceof CLASSES[name](checking), name).toBe(false);
      // ...and the brand checks answer as instanceof does within one copy.
      for (const check of NAMES) {
        expect(CHECKS[check](checking)(error), `is${check}(${name} from ${maker})`).toBe(IS_A[name].includes(check));
      }
    }
  });

  it('refuses everything else: other errors, look-alikes, plain objects, null, primitives', async () => {
    const builds = [loadCjs(), await loadEsm()];
    const lookAlikes: unknown[] = [
      null,
      undefined,
      0,
      'AmountError',
      Symbol.for('payments-kit.AmountError'),
      {},
      new Error('amount'),
      new TypeError('currency'),
      new RangeError('rule'),
      Object.assign(new Error('x'), { name: 'AmountError', code: 'malformed-decimal' }),
      { name: 'ScheduleError', code: 'missing-plan', message: 'x' },
      Object.fromEntries(NAMES.map((name) => [name, true])),
      // A symbol with the right description but not the registered one.
      Object.fromEntries(NAMES.map((name) => [Symbol(`payments-kit.${name}`), true])),
    ];
    for (const kit of builds) {
      for (const check of NAMES) {
        for (const value of lookAlikes) expect(CHECKS[check](kit)(value), `is${check}(${String(value)})`).toBe(false);
      }
    }
  });

  it('keeps the brand out of what people read: not enumerable, not printed', () => {
    const error = THROWN.CurrencyMismatchError(loadCjs());
    const symbols = Object.getOwnPropertySymbols(error);
    expect(symbols.map(String)).toContain('Symbol(payments-kit.CurrencyMismatchError)');
    expect(symbols.filter((symbol) => Object.prototype.propertyIsEnumerable.call(error, symbol))).toEqual([]);
    expect(inspect(error)).not.toContain('payments-kit.');
  });
});
