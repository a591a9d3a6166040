import type { AuthContext, AuthPort, AuthVerdict, CredentialPair } from '../core/ports.js';

/** Options of {@link withBasicAuth}. */
export type BasicAuthOptions = {
  /**
   * Checks a credential pair (spec 5.3) and answers like the port's `verify`: a grant,
   * `undefined` (unknown user or wrong password: 401), `{ refused: 'expired' | 'invalid' }`
   * (401) or `{ refused: 'unavailable' }` when the user directory failed to answer (504).
   * Compare secrets in constant time (e.g. `crypto.timingSafeEqual` over hashes).
   */
  readonly verify: (pair: CredentialPair, context?: AuthContext) => Promise<AuthVerdict> | AuthVerdict;
  /** The realm the Basic challenge names; default `payments-kit`. Printable ASCII without `"` or `\`. */
  readonly realm?: string;
};

/** Thrown by {@link withBasicAuth} for a realm a quoted header value cannot carry as is. */
export const BASIC_REALM_MESSAGE = 'withBasicAuth: realm must be printable ASCII (spaces allowed) without `"` or `\\`';

const REALM = /^[\x20\x21\x23-\x5B\x5D-\x7E]+$/;

/**
 * Adds credential pairs (`Authorization: Basic`, spec 5.3, RFC 7617) to an auth port: bearer
 * tokens still go to `auth.verify`, pairs go to `verify`, and every 401 then challenges with
 * both schemes (`Bearer ..., Basic realm="...", charset="UTF-8"`).
 *
 * @example
 * const auth = withBasicAuth(createJwtAuth({ jwks, issuer, audience }), {
 *   realm: 'payments',
 *   verify: async ({ username, password }) => (await directory.check(username, password)) ? { scopes } : undefined,
 * });
 */
export function withBasicAuth(auth: AuthPort, options: BasicAuthOptions): AuthPort {
  if (typeof options?.verify !== 'function') throw new TypeError('withBasicAuth: options.verify must be a function');
  if (options.realm !== undefined && !REALM.test(options.realm)) throw new TypeError(BASIC_REALM_MESSAGE);
  const verifyPair = options.verify;
  return {
    verify: (token, context) => auth.verify(token, context),
    verifyBasic: (pair, context) => verifyPair(pair, context),
    ...(options.realm === undefined ? {} : { basicRealm: options.realm }),
  };
}
