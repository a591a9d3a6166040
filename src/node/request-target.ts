/**
 * The path of a request target (origin-form `/path?query` or absolute-form
 * `http://host/path?query`), without its query. An absolute-form target whose authority is
 * followed by `?`, `#` or nothing has path `/`; asterisk-form or garbage is returned as it
 * is (no route starts without `/`, so it answers 404).
 *
 * @example
 * pathOfTarget('/accounts/a/invoices?limit=2'); // '/accounts/a/invoices'
 * pathOfTarget('http://example.test?x=1');      // '/'
 */
export function pathOfTarget(target: string): string {
  let start = 0;
  if (target.charCodeAt(0) !== 47 /* / */) {
    const scheme = target.indexOf('://');
    if (scheme < 0) return target;
    let end = scheme + 3;
    while (end < target.length) {
      const c = target.charCodeAt(end);
      if (c === 47 /* / */ || c === 63 /* ? */ || c === 35 /* # */) break;
      end += 1;
    }
    if (target.charCodeAt(end) !== 47) return '/';
    start = end;
  }
  const query = target.indexOf('?', start);
  return query < 0 ? (start === 0 ? target : target.slice(start)) : target.slice(start, query);
}
