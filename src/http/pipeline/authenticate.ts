import { type Authentication, authenticate as authenticateCredential } from '../auth/authenticate.js';
import type { Reply } from '../core/exchange.js';
import { errorReply } from '../core/reply.js';
import type { RoutedState } from './request-state.js';

/** What the authentication step found: nothing to answer (go on), or the 401 or 504 to answer. */
function afterAuthentication(state: RoutedState, authentication: Authentication): Reply | undefined {
  if (authentication.ok) {
    state.grant = authentication.grant;
    state.token = authentication.token;
    state.scheme = authentication.scheme;
    return undefined;
  }
  if (authentication.status === 401) return errorReply(401, authentication.error, { 'www-authenticate': authentication.challenge });
  // The identity provider failed to answer: the server's problem, not the client's credential.
  state.report(authentication.cause);
  return errorReply(504, authentication.error);
}

/**
 * The authentication step: the `auth` port's grant for the bearer token or credential pair
 * (`auth/authenticate.ts`), else 401 with `WWW-Authenticate`, or 504 when the verifier did
 * not answer in time. A promise only when the port answers asynchronously.
 *
 * @example
 * const refused = await authenticate(state); // undefined, and state.grant is set
 */
export function authenticate(state: RoutedState): Reply | undefined | Promise<Reply | undefined> {
  const { exchange, options } = state;
  const header = exchange.header('authorization');
  const { bearerMemo } = options;
  // A fixed token table (`createStaticAuth`): the last accepted header, compared in constant time (auth/bearer-memo.ts).
  const known = bearerMemo === undefined || header === undefined ? undefined : bearerMemo.recall(header);
  if (known !== undefined) return afterAuthentication(state, known);
  const authentication = authenticateCredential(header, options.auth, options.clock, options.downstreamTimeoutMs, state.telemetry);
  if (authentication instanceof Promise) return authentication.then((settled) => afterAuthentication(state, settled));
  if (bearerMemo !== undefined && header !== undefined) bearerMemo.remember(header, authentication);
  return afterAuthentication(state, authentication);
}
