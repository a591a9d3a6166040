import { currencyExponent } from './currency.js';
import {
  AmountError,
  INEXACT_AMOUNT_MESSAGE,
  ROUNDING_MODE_MESSAGE,
  SAFE_INTEGER_MESSAGE,
  UNKNOWN_CURRENCY_MESSAGE,
} from './errors.js';
import { DECIMAL_PLACES, describe, formatFixed, parseFixed } from './fixed-point.js';
import { ROUNDING_STEPS, roundQuotient } from './rounding.js';
import type { Amount, AmountDecimal, RoundingMode } from './types.js';

/** Options of `toAmount`. Without `rounding`, an inexact conversion throws. */
export type ToAmountOptions = { readonly rounding?: RoundingMode | undefined };

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const POWERS: readonly bigint[] = Array.from({ length: DECIMAL_PLACES + 1 }, (_, i) => 10n ** BigInt(i));

function exponentOf(currency: string): number {
  const exponent = currencyExponent(currency);
  if (exponent === undefined) {
    throw new AmountError('unknown-currency', `${describe(currency)}: ${UNKNOWN_CURRENCY_MESSAGE}`);
  }
  return exponent;
}

/**
 * Converts to integer minor units of the currency's ISO 4217 exponent. Money never
 * rounds unless a rounding mode is named: without `rounding`, a value with more
 * digits than the exponent throws `AmountError` ('inexact-amount'). A result outside
 * the safe-integer range throws ('unsafe-integer'), never rounds.
 * @example
 * toAmount({ currency: 'USD', valueDecimal: '12.34' })                         // { currency: 'USD', value: 1234 }
 * toAmount({ currency: 'USD', valueDecimal: '-2.345' }, { rounding: 'half-up' }) // { currency: 'USD', value: -235 }
 */
export function toAmount(d: AmountDecimal, options: ToAmountOptions = {}): Amount {
  const mode = options.rounding;
  if (mode !== undefined && !Object.prototype.hasOwnProperty.call(ROUNDING_STEPS, mode)) {
    throw new AmountError('invalid-rounding-mode', `rounding ${describe(mode)}: ${ROUNDING_MODE_MESSAGE}`);
  }
  const exponent = exponentOf(d.currency);
  const { units } = parseFixed(d.valueDecimal);
  const divisor = POWERS[DECIMAL_PLACES - exponent] ?? 1n;
  if (mode === undefined && units % divisor !== 0n) {
    throw new AmountError('inexact-amount', `${describe(d.valueDecimal)} ${d.currency}: ${INEXACT_AMOUNT_MESSAGE}`);
  }
  const minor = roundQuotient(units, divisor, mode ?? 'down');
  if (minor > MAX_SAFE || minor < -MAX_SAFE) {
    throw new AmountError('unsafe-integer', `${minor} ${d.currency}: ${SAFE_INTEGER_MESSAGE}`);
  }
  return { currency: d.currency, value: minor === 0n ? 0 : Number(minor) };
}

/**
 * Converts integer minor units to a decimal string with exactly the currency's
 * exponent of decimal places; exact. Throws `AmountError` when `value` is not a safe
 * integer or the currency has no minor unit.
 * @example
 * toAmountDecimal({ currency: 'USD', value: -5 })  // { currency: 'USD', valueDecimal: '-0.05' }
 * toAmountDecimal({ currency: 'JPY', value: 500 }) // { currency: 'JPY', valueDecimal: '500' }
 */
export function toAmountDecimal(a: Amount): AmountDecimal {
  if (!Number.isSafeInteger(a.value)) {
    throw new AmountError('unsafe-integer', `value ${describe(a.value)}: ${SAFE_INTEGER_MESSAGE}`);
  }
  const exponent = exponentOf(a.currency);
  const units = BigInt(a.value) * (POWERS[DECIMAL_PLACES - exponent] ?? 1n);
  return { currency: a.currency, valueDecimal: formatFixed(units, exponent) };
}
