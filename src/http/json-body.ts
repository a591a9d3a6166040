import type { Exchange } from './exchange.js';
import { HTTP_MESSAGES } from './messages.js';

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

/**
 * The deepest nesting of `[` and `{` in JSON text, outside strings. Scanned before
 * parsing so that no later recursive step can overflow the stack.
 *
 * @example
 * jsonDepth('{"a":[1,{"b":"[["}]}') // 3
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return deepest;
}

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
 * (refusing as soon as the limit is passed), decodes strict UTF-8, bounds the nesting and
 * parses. Every refusal is a message for a 400 `{ error }`.
 *
 * @example
 * const body = await readJsonBody(exchange, 1_048_576);
 * if (!body.ok) return errorReply(400, body.error);
 */
export async function readJsonBody(exchange: Exchange, maxBytes: number): Promise<JsonBody> {
  if (!isJsonContentType(exchange.header('content-type'))) return { ok: false, error: HTTP_MESSAGES.contentType };
  const declared = exchange.header('content-length');
  if (declared !== undefined && Number(declared) > maxBytes) return { ok: false, error: HTTP_MESSAGES.bodyTooLarge };
  const read = await exchange.readBody(maxBytes);
  if (!read.ok) return { ok: false, error: read.reason === 'too-large' ? HTTP_MESSAGES.bodyTooLarge : HTTP_MESSAGES.bodyAborted };
  const text = decodeUtf8(read.bytes);
  if (text === undefined) return { ok: false, error: HTTP_MESSAGES.invalidUtf8 };
  if (jsonDepth(text) > MAX_JSON_DEPTH) return { ok: false, error: HTTP_MESSAGES.tooDeep };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: HTTP_MESSAGES.malformedJson };
  }
}
