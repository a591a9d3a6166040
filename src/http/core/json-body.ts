import type { Exchange } from './exchange.js';
import { HTTP_MESSAGES } from './messages.js';
import { yieldToEventLoop } from './yield.js';

/** The deepest nesting of arrays and objects a request body may have. */
export const MAX_JSON_DEPTH = 64;

/** The default `maxBodyBytes`: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

/** A parsed JSON body, or the `{ error }` message of the 400 that refuses it. */
export type JsonBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

// `application/json` or any `application/<x>+json`, with optional parameters.
const JSON_MEDIA_TYPE = /^application\/(?:[\w.!#$&^+-]+\+)?json\s*(?:;|$)/i;
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;

/**
 * True when a `Content-Type` names JSON (`application/json` or `application/*+json`)
 * with no charset other than UTF-8.
 *
 * @example
 * isJsonContentType('application/json; charset=UTF-8') // true
 * isJsonContentType('text/plain')                      // false
 */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined || !JSON_MEDIA_TYPE.test(contentType)) return false;
  const charset = CHARSET.exec(contentType)?.[1];
  return charset === undefined || /^utf-?8$/i.test(charset);
}

/** The default `maxJsonValues`: how many values (array elements and object members) a request body may hold. */
export const DEFAULT_MAX_JSON_VALUES = 20_000;

/** Why {@link checkJsonShape} refuses a text, or `ok`. */
export type JsonShapeVerdict = 'ok' | 'too-deep' | 'too-many-values';

const BLANK = new Uint8Array(128);
for (const c of [9, 10, 13, 32]) BLANK[c] = 1;

/**
 * Checks JSON text before it is parsed: the nesting of `[` and `{` (outside strings) at most
 * `maxDepth`, and at most `maxValues` values, counting every array element and object member
 * (a member's key and value count once) and the top-level value. Scans the text once and stops
 * at the first limit passed. `JSON.parse` costs grow with the values and, far more, with the
 * distinct object shapes they form (about 1.5 µs per member when every object has its own key
 * order): a bound on values is a bound on its cost, checked before paying it.
 *
 * @example
 * checkJsonShape('{"a":[1,{"b":"[["}]}', 64, 100) // 'ok' (depth 3, values 4)
 * checkJsonShape('[1,2,3]', 64, 2)                // 'too-many-values'
 */
export function checkJsonShape(text: string, maxDepth: number, maxValues: number): JsonShapeVerdict {
  let depth = 0;
  // The top-level value, then one per comma and one per container that is not empty.
  let values = 1;
  let opened = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (opened && (c >= 128 || BLANK[c] === 0)) {
      opened = false;
      if (c !== 93 /* ] */ && c !== 125 /* } */ && ++values > maxValues) return 'too-many-values';
    }
    if (c === 34 /* " */) {
      i = endOfString(text, i);
      if (i < 0) return 'ok'; // unterminated: JSON.parse refuses it
    } else if (c === 44 /* , */) {
      if (++values > maxValues) return 'too-many-values';
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > maxDepth) return 'too-deep';
      opened = true;
    } else if (c === 93 || c === 125) depth--;
  }
  return 'ok';
}

/**
 * The index of the quote that closes the string opened at `start`, or -1. Short strings are
 * read character by character; past 64 characters it jumps from quote to quote (a native
 * search, so long text costs little), skipping quotes escaped by an odd run of backslashes.
 */
function endOfString(text: string, start: number): number {
  const short = Math.min(text.length, start + 64);
  let i = start + 1;
  for (; i < short; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) i++;
    else if (c === 34 /* " */) return i;
  }
  let quote = i - 1;
  for (;;) {
    quote = text.indexOf('"', quote + 1);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
}

/** Bodies larger than this yield to the event loop once between reading and parsing (see {@link readJsonBody}). */
const YIELD_ABOVE_BYTES = 65_536;

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Decodes UTF-8 strictly (a leading byte-order mark is dropped); `undefined` when invalid. */
function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Reads a request's JSON body: checks the content type, reads at most `maxBytes` bytes
 * (refusing as soon as the limit is passed), decodes strict UTF-8, bounds the nesting
 * ({@link MAX_JSON_DEPTH}) and the number of values (`maxValues`, see {@link checkJsonShape})
 * and parses. Every refusal is a message for a 400 `{ error }`.
 *
 * @example
 * const body = await readJsonBody(exchange, 1_048_576, 20_000);
 * if (!body.ok) return errorReply(400, body.error);
 */
export async function readJsonBody(exchange: Exchange, maxBytes: number, maxValues: number = DEFAULT_MAX_JSON_VALUES): Promise<JsonBody> {
  if (!isJsonContentType(exchange.header('content-type'))) return { ok: false, error: HTTP_MESSAGES.contentType };
  const declared = exchange.header('content-length');
  if (declared !== undefined && Number(declared) > maxBytes) return { ok: false, error: HTTP_MESSAGES.bodyTooLarge };
  const read = await exchange.readBody(maxBytes);
  if (!read.ok) return { ok: false, error: read.reason === 'too-large' ? HTTP_MESSAGES.bodyTooLarge : HTTP_MESSAGES.bodyAborted };
  const text = decodeUtf8(read.bytes);
  if (text === undefined) return { ok: false, error: HTTP_MESSAGES.invalidUtf8 };
  const shape = checkJsonShape(text, MAX_JSON_DEPTH, maxValues);
  if (shape !== 'ok') return { ok: false, error: shape === 'too-deep' ? HTTP_MESSAGES.tooDeep : HTTP_MESSAGES.tooManyValues };
  // Decoding and scanning a large body took a few milliseconds, parsing it takes a few more:
  // let requests that arrived meanwhile run in between, so a client sending large bodies back
  // to back delays the others by one slice of work, not by the whole of it.
  if (read.bytes.byteLength > YIELD_ABOVE_BYTES) await yieldToEventLoop();
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: HTTP_MESSAGES.malformedJson };
  }
}
