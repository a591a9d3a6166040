/**
 * The path of a route with its parameters filled in, each percent-encoded; `undefined` when a
 * parameter is missing, not a string, empty, a dot segment (`.`, `..`, which would name another
 * path) or not well-formed UTF-16 (a lone surrogate cannot be encoded) (spec 4: path parameters
 * are required). Never throws, whatever `params` is.
 *
 * @example
 * expandPath('/accounts/{accountID}/schedules/{scheduleID}', { accountID: 'a 1', scheduleID: 's1' })
 * // '/accounts/a%201/schedules/s1'
 * expandPath('/accounts/{accountID}', { accountID: '..' }) // undefined
 * expandPath('/accounts/{accountID}', { accountID: '\ud800' }) // undefined
 */
export function expandPath(template: string, params: unknown): string | undefined {
  const given = typeof params === 'object' && params !== null ? (params as Readonly<Record<string, unknown>>) : {};
  let path = '';
  let from = 0;
  for (;;) {
    const open = template.indexOf('{', from);
    if (open < 0) return path + template.slice(from);
    const close = template.indexOf('}', open);
    const name = template.slice(open + 1, close);
    const value = Object.hasOwn(given, name) ? given[name] : undefined;
    // WHATWG URL parsing reads '.', '..', '%2e' and '%2E.' alike as dot segments.
    if (typeof value !== 'string' || value === '' || (value.length <= 6 && /^(\.|%2e){1,2}$/i.test(value))) return undefined;
    let encoded: string;
    try {
      encoded = encodeURIComponent(value);
    } catch {
      return undefined;
    }
    path += template.slice(from, open) + encoded;
    from = close + 1;
  }
}
