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
  const allowed = required === undefined ? holdsAccountScope(grant, accountID) : grant.scopes.includes(required);
  if (allowed) return undefined;
  return errorReply(403, HTTP_MESSAGES.insufficientScope, { 'www-authenticate': insufficientScopeChallenge(required) });
}
