import type { AmountError } from '../../src/amount/index.js';

/**
 * The `code` of the error `f` throws, or `undefined` when it returns.
 *
 * @example
 * thrownCode(() => toAmount({ currency: 'JPY', valueDecimal: '0.5' })) // 'inexact-amount'
 */
export function thrownCode(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return (e as AmountError).code;
  }
  return undefined;
}
