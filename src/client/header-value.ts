/**
 * True when `value` can go out as a header value unchanged: no CR, LF or NUL anywhere (fetch
 * refuses them; a proxy or server that did not could read them as a new header) and every
 * character a byte (0-255). Leading and trailing spaces are HTTP's to drop; nothing else is
 * trimmed or rewritten.
 *
 * @example
 * isSafeHeaderValue('Bearer abc')    // true
 * isSafeHeaderValue('abc\r\nx: y')   // false
 */
export function isSafeHeaderValue(value: unknown): value is string {
  return typeof value === 'string' && !/[\0\r\n\u0100-\uffff]/.test(value);
}

// RFC 9110 5.1 field-name (a token).
const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Checks headers given by the caller: `undefined` when every name is an HTTP token and every
 * value {@link isSafeHeaderValue}, else what is wrong, naming the header but never showing
 * its value.
 *
 * @example
 * headersProblem({ 'x-api-key': 'k\n' }) // 'the value of header x-api-key holds CR, LF, NUL or a character above U+00FF'
 */
export function headersProblem(headers: unknown): string | undefined {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return 'headers must be an object of strings';
  for (const name of Object.keys(headers)) {
    if (!NAME.test(name)) return 'a header name is not an HTTP token';
    if (!isSafeHeaderValue((headers as Record<string, unknown>)[name])) return `the value of header ${name} holds CR, LF, NUL or a character above U+00FF, or is not a string`;
  }
  return undefined;
}
