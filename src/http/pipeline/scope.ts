import { holdsAccountScope, insufficientScopeChallenge, scopeFor } from '../auth/authenticate.js';
import type { Reply } from '../core/exchange.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { errorReply } from '../core/reply.js';
import type { RoutedState } from './request-state.js';

/**
 * The scope step: the grant must hold the operation's scope (its declaration's template with
 * the path's account, e.g. `/accounts/a1/invoices.write`), or for an operation without one, a
 * scope of the path's account; else 403 with the `insufficient_scope` challenge.
 *
 * @example
 * checkScope(state) // undefined, or { status: 403, ... }
 */
export function checkScope(state: RoutedState): Reply | undefined {
  const { entry, accountID, implementation, grant } = state;
  if (grant === undefined) throw new Error('the scope step runs after the authentication step');
  const template = entry.scope ?? implementation?.scope;
  const required = template === undefined ? undefined : scopeFor(template, accountID);
  const allowed = required === undefined ? holdsAccountScope(grant, accountID) : holdsScope(grant.scopes, required);
  if (allowed) return undefined;
  return errorReply(403, HTTP_MESSAGES.insufficientScope, { 'www-authenticate': insufficientScopeChallenge(required) });
}

/**
 * The last frozen list of scopes found to hold a scope, and that scope: a frozen array cannot
 * change, so the same list (a static token's grant, `createStaticAuth`) holds the same scope
 * again without a walk of it. A list that is not frozen (a JWT's claims) is walked each time.
 */
let heldBy: readonly string[] | undefined;
let held: string | undefined;

/** `scopes.includes(required)`, remembered for the last frozen list that held it. */
function holdsScope(scopes: readonly string[], required: string): boolean {
  if (scopes === heldBy && required === held) return true;
  if (!scopes.includes(required)) return false;
  if (Object.isFrozen(scopes)) {
    heldBy = scopes;
    held = required;
  }
  return true;
}
