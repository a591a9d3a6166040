/**
 * The path of a route with its parameters filled in, each percent-encoded; `undefined` when a
 * parameter is empty or a dot segment (`.`, `..`), which would name another path (spec 4:
 * path parameters are required).
 *
 * @example
 * expandPath('/accounts/{accountID}/schedules/{scheduleID}', { accountID: 'a 1', scheduleID: 's1' })
 * // '/accounts/a%201/schedules/s1'
 * expandPath('/accounts/{accountID}', { accountID: '..' }) // undefined
 */
export function expandPath(template: string, params: Readonly<Record<string, unknown>>): string | undefined {
  let refused = false;
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    const text = typeof value === 'string' ? value : '';
    // WHATWG URL parsing reads '.', '..', '%2e' and '%2E.' alike as dot segments.
    if (text === '' || /^(\.|%2e){1,2}$/i.test(text)) refused = true;
    return encodeURIComponent(text);
  });
  return refused ? undefined : path;
}
