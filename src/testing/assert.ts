import { brandError, hasErrorBrand } from '../shared/error-brand.js';

/** The brand of every ConformanceError, shared by the ESM and CJS builds (see `isConformanceError`). */
const CONFORMANCE_ERROR_BRAND = Symbol.for('payments-kit.ConformanceError');

/** Thrown by a failed conformance check; the message says what the store did wrong. */
export class ConformanceError extends Error {
  override name = 'ConformanceError';
  constructor(message: string) {
    super(message);
    brandError(this, CONFORMANCE_ERROR_BRAND);
  }
}

/**
 * Whether `value` is a {@link ConformanceError} made by any copy of payments-kit (ESM or CJS
 * build), by its `Symbol.for('payments-kit.ConformanceError')` brand: a failed check, as
 * opposed to an error the store under test threw.
 *
 * @example
 * try { await conformanceCheck.run() } catch (e) { if (isConformanceError(e)) console.log(`the store broke a rule: ${e.message}`) }
 */
export function isConformanceError(value: unknown): value is ConformanceError {
  return hasErrorBrand(value, CONFORMANCE_ERROR_BRAND);
}

/**
 * Fails the check with `message` unless `condition` holds.
 *
 * @example
 * check(result.ok, 'compareAndSetInvoice with the current version must succeed');
 */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new ConformanceError(message);
}

/**
 * Fails unless `actual` and `expected` serialize to the same JSON (key order aside).
 *
 * @example
 * checkSameJson(await store.getSchedule('a', 's'), schedule, 'getSchedule returns what was seeded');
 */
export function checkSameJson(actual: unknown, expected: unknown, message: string): void {
  const a = canonical(actual);
  const e = canonical(expected);
  if (a !== e) throw new ConformanceError(`${message}\n  expected: ${e}\n  actual:   ${a}`);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  ) ?? 'undefined';
}
