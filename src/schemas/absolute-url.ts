/**
 * True when `s` is an absolute URL as the WHATWG URL parser reads it (an image `link`).
 * The rule of the `link` schema and of the straight-line validator alike.
 *
 * @example
 * isAbsoluteUrl('https://cdn.example/latte.png') // true
 * isAbsoluteUrl('/latte.png')                    // false
 */
export function isAbsoluteUrl(s: string): boolean {
  return URL.canParse(s);
}
