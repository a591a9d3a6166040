/**
 * The last accepted `Authorization` header of a fixed token table (`createStaticAuth`), and its
 * authentication: a client repeating its header is answered without reading the token out of
 * it and without the table's `Map` read of a fresh string (V8 hashes and internalizes it: about
 * 900 instructions a request, the largest single cost of a cached GET).
 *
 * Why this is safe:
 * - Same answer: only a port registered by {@link answersFromFixedTable} is remembered, whose
 *   answer is a pure function of the token (a table copied at creation, frozen grants, no
 *   expiry: a grant with `expiresAt` is never remembered, the clock decides it each time). The
 *   header is compared in full, so a hit is the very text that was authenticated, and its
 *   token and grant are what the table gives for it. Once `verify` is replaced on the port's
 *   object, nothing is recalled.
 * - No timing oracle: the header is compared in constant time. The loop runs over the incoming
 *   header's length (the client's own), never stops at the first difference, and reads the
 *   remembered text from a zero-filled array of fixed size, so neither where another client's
 *   header differs nor its length shows in the time taken. A miss then takes the ordinary path,
 *   so a hit tells a client only that its whole header equals the last one accepted: what it
 *   would learn by being answered 200.
 */
import type { AuthPort } from '../core/ports.js';
import type { Authentication } from './authenticate.js';

/** Longer headers are never remembered (decided on the incoming length alone). */
export const MAX_REMEMBERED_HEADER = 512;

/** The ports whose `verify` answers from a fixed table, and that `verify`. */
const FIXED_TABLES = new WeakMap<AuthPort, AuthPort['verify']>();

/**
 * Records that `port.verify` answers at once from a table fixed at creation (a pure function of
 * the token), so that a handler may remember its last accepted header ({@link BearerMemo}).
 *
 * @example
 * answersFromFixedTable(port, port.verify);
 */
export function answersFromFixedTable(port: AuthPort, verify: AuthPort['verify']): void {
  FIXED_TABLES.set(port, verify);
}

/**
 * One handler's last accepted bearer header for a fixed-table port (see the file's comment).
 *
 * @example
 * const memo = BearerMemo.of(auth); // undefined for any other port
 * memo?.recall(header) ?? authenticate(header, auth, clock, timeoutMs);
 */
export class BearerMemo {
  readonly #port: AuthPort;
  readonly #verify: AuthPort['verify'];
  /** The remembered header's UTF-16 code units, zero after its end. */
  readonly #codes = new Uint16Array(MAX_REMEMBERED_HEADER);
  #length = 0;
  #authentication: Authentication | undefined = undefined;

  private constructor(port: AuthPort, verify: AuthPort['verify']) {
    this.#port = port;
    this.#verify = verify;
  }

  /** A memo for `port` when it answers from a fixed table, else `undefined`. */
  static of(port: AuthPort): BearerMemo | undefined {
    const verify = FIXED_TABLES.get(port);
    return verify === undefined ? undefined : new BearerMemo(port, verify);
  }

  /** The authentication of `header` when it is the remembered one, compared in constant time; else `undefined`. */
  recall(header: string): Authentication | undefined {
    const authentication = this.#authentication;
    const length = header.length;
    if (authentication === undefined || length > MAX_REMEMBERED_HEADER || this.#port.verify !== this.#verify) return undefined;
    const codes = this.#codes;
    let difference = length ^ this.#length;
    for (let i = 0; i < length; i++) difference |= header.charCodeAt(i) ^ (codes[i] as number);
    return difference === 0 ? authentication : undefined;
  }

  /** Remembers `header` when it was accepted as a bearer token with a grant that does not expire. */
  remember(header: string, authentication: Authentication): void {
    if (!authentication.ok || authentication.scheme !== 'bearer' || authentication.grant.expiresAt !== undefined) return;
    const length = header.length;
    if (length > MAX_REMEMBERED_HEADER || this.#port.verify !== this.#verify) return;
    const codes = this.#codes;
    for (let i = 0; i < length; i++) codes[i] = header.charCodeAt(i);
    codes.fill(0, length, Math.max(length, this.#length));
    this.#length = length;
    this.#authentication = authentication;
  }
}
