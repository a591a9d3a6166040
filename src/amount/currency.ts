import { ISO_4217_MINOR_UNITS } from './iso4217.js';

const hasCode = (code: string): boolean =>
  typeof code === 'string' && Object.prototype.hasOwnProperty.call(ISO_4217_MINOR_UNITS, code);

/**
 * True when `code` is a current ISO 4217 code in our table (uppercase, exactly as ISO
 * spells it), including codes with no minor unit such as `XAU`.
 * @example
 * isCurrencyCode('USD') // true
 * isCurrencyCode('XAU') // true
 * isCurrencyCode('usd') // false
 * isCurrencyCode('HRK') // false (withdrawn)
 */
export function isCurrencyCode(code: string): boolean {
  return hasCode(code);
}

/**
 * The number of minor-unit digits of a currency (USD 2, JPY 0, KWD 3, CLF 4), or
 * `undefined` for an unknown code or a code with no minor unit (XAU, XDR, XXX...).
 * @example
 * currencyExponent('USD') // 2
 * currencyExponent('XAU') // undefined
 */
export function currencyExponent(code: string): number | undefined {
  if (!hasCode(code)) return undefined;
  return ISO_4217_MINOR_UNITS[code] ?? undefined;
}
