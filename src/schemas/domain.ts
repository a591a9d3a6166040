/** The longest fully qualified host name, in characters (RFC 1035 2.3.4, without the root dot). */
export const DOMAIN_MAX_LENGTH = 253;

/** The longest label of a host name, in characters (RFC 1035 2.3.4). */
const LABEL_MAX_LENGTH = 63;

/** Messages for each way a wallet-payment `domain` can fail, by rule. */
export const DOMAIN_MESSAGES = Object.freeze({
  whitespace: 'must not contain whitespace',
  scheme: 'must be a host name without a URL scheme (remove "https://")',
  userInfo: 'must not contain a user-info part ("user@")',
  path: 'must not contain a path, query or fragment',
  ipAddress: 'must be a host name, not an IP address',
  port: 'must not contain a port',
  wildcard: 'must not contain a wildcard',
  nonAscii: 'must be ASCII: write an internationalised name in its "xn--" form',
  tooLong: `must be at most ${DOMAIN_MAX_LENGTH} characters`,
  trailingDot: 'must not end with a dot',
  singleLabel: 'must have at least two labels, e.g. shop.example',
  label: `each label must be 1 to ${LABEL_MAX_LENGTH} letters, digits or hyphens, and must not start or end with a hyphen`,
} as const);

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
// WHATWG URL host parsing reads a host whose last label is a number (decimal or 0x hex)
// as an IPv4 address, so such a name can never be a host name.
const NUMERIC_LABEL = /^(?:\d+|0[xX][0-9A-Fa-f]*)$/;

const labelsOf = (s: string): string[] => s.split('.');
const lastLabel = (s: string): string => labelsOf(s).at(-1) ?? '';

// The rules' patterns, compiled once (a regular expression literal inside a function is a new
// object on every call).
const WHITESPACE = /\s/u;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/|^\/\//;
const PATH_PART = /[/?#\\]/;
const NON_ASCII = /[^\x00-\x7F]/;

/** The rules in the order they are checked; the first that matches names the failure. */
const DOMAIN_RULES: readonly (readonly [(s: string) => boolean, string])[] = [
  [(s) => WHITESPACE.test(s), DOMAIN_MESSAGES.whitespace],
  [(s) => SCHEME.test(s), DOMAIN_MESSAGES.scheme],
  [(s) => s.includes('@'), DOMAIN_MESSAGES.userInfo],
  [(s) => PATH_PART.test(s), DOMAIN_MESSAGES.path],
  [(s) => s.startsWith('[') || s.split(':').length > 2, DOMAIN_MESSAGES.ipAddress],
  [(s) => s.includes(':'), DOMAIN_MESSAGES.port],
  [(s) => s.includes('*'), DOMAIN_MESSAGES.wildcard],
  [(s) => NON_ASCII.test(s), DOMAIN_MESSAGES.nonAscii],
  [(s) => s.length > DOMAIN_MAX_LENGTH, DOMAIN_MESSAGES.tooLong],
  [(s) => s.length > 1 && s.endsWith('.'), DOMAIN_MESSAGES.trailingDot],
  [(s) => NUMERIC_LABEL.test(lastLabel(s)), DOMAIN_MESSAGES.ipAddress],
  [(s) => !labelsOf(s).every((label) => LABEL.test(label)), DOMAIN_MESSAGES.label],
  [(s) => labelsOf(s).length < 2, DOMAIN_MESSAGES.singleLabel],
];

/** JSON Schema pattern for the same host names (ASCII labels, two or more, no numeric last label). */
export const DOMAIN_PATTERN =
  '^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+(?!(?:[0-9]+|0[xX][0-9A-Fa-f]*)$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$';

/** 1 for the ASCII codes a host-name label may hold (letters, digits, hyphen), else 0. */
const LABEL_CHAR = new Uint8Array(128);
for (const [first, last] of [[48, 57], [65, 90], [97, 122], [45, 45]] as const) LABEL_CHAR.fill(1, first, last + 1);

const HYPHEN = 45;
const DOT = 46;

/** True when `s[start, end)` is 1 to LABEL_MAX_LENGTH characters and neither starts nor ends with a hyphen. */
function isLabelShape(s: string, start: number, end: number): boolean {
  const length = end - start;
  return length >= 1 && length <= LABEL_MAX_LENGTH && s.charCodeAt(start) !== HYPHEN && s.charCodeAt(end - 1) !== HYPHEN;
}

/**
 * True when `s` matches {@link DOMAIN_PATTERN}, by one pass over its characters (a scan, not
 * the pattern: the scan costs half as much on a valid name). A name it accepts breaks none of
 * the rules below (each rule refuses something it cannot accept), so a valid name needs no
 * more; only a refused name walks the rules for its message. A property test holds it equal
 * to the pattern.
 */
function isValidDomain(s: string): boolean {
  if (s.length === 0 || s.length > DOMAIN_MAX_LENGTH) return false;
  let labelStart = 0;
  for (let i = 0; i < s.length; i += 1) {
    const code = s.charCodeAt(i);
    if (code === DOT) {
      if (!isLabelShape(s, labelStart, i)) return false;
      labelStart = i + 1;
    } else if (code > 127 || LABEL_CHAR[code] === 0) return false;
  }
  if (labelStart === 0 || !isLabelShape(s, labelStart, s.length)) return false;
  // A last label that starts with a digit may be a number (see NUMERIC_LABEL).
  const first = s.charCodeAt(labelStart);
  return !(first >= 48 && first <= 57 && NUMERIC_LABEL.test(s.slice(labelStart)));
}

/**
 * Checks a wallet-payment session `domain` (spec 4.4): a fully qualified host name of at
 * least two labels, each 1-63 letters, digits or hyphens (no leading or trailing hyphen),
 * at most 253 characters, internationalised names in their ASCII `xn--` form. Returns
 * `undefined` when valid, else the message of the first rule it breaks.
 *
 * @example
 * checkDomain('shop.example.com')       // undefined
 * checkDomain('https://shop.example')   // 'must be a host name without a URL scheme (remove "https://")'
 * checkDomain('shop.example:443')       // 'must not contain a port'
 */
export function checkDomain(s: string): string | undefined {
  if (isValidDomain(s)) return undefined;
  for (const [breaks, message] of DOMAIN_RULES) if (breaks(s)) return message;
  return undefined;
}

