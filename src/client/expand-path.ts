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
  let refused = false;
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = Object.hasOwn(given, name) ? given[name] : undefined;
    const text = typeof value === 'string' ? value : '';
    // WHATWG URL parsing reads '.', '..', '%2e' and '%2E.' alike as dot segments.
    if (text === '' || /^(\.|%2e){1,2}$/i.test(text)) refused = true;
    try {
      return encodeURIComponent(text);
    } catch {
      refused = true;
      return '';
    }
  });
  return refused ? undefined : path;
}
