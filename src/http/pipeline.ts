import { authenticate, insufficientScopeChallenge, isAllowed, scopeFor } from './auth.js';
import { type CatalogEntry, OPERATION_CATALOG, isSpecifiedOperation } from './catalog.js';
import { BadRequestTargetError, type Exchange, type Reply } from './exchange.js';
import { HTTP_MESSAGES } from './messages.js';
import { SPECIFIED_OPERATIONS } from './operations/index.js';
import type { ResolvedOptions } from './options.js';
import { errorReply } from './reply.js';
import { REQUEST_ID_HEADER, chooseRequestId } from './request-id.js';
import { type Router, createRouter } from './router.js';
import { VERSION_HEADER_NAME, VERSION_POLICIES, checkVersion } from './versions.js';

/** The answer to one exchange: the reply and the request id it must carry. */
export type Outcome = { readonly requestId: string; readonly reply: Reply };

/** The compiled router of the whole catalog (built once per process). */
export const CATALOG_ROUTER: Router = createRouter(OPERATION_CATALOG);

const randomRequestId = (): string => globalThis.crypto.randomUUID();
const INTERNAL_ERROR = errorReply(500, HTTP_MESSAGES.internal);

function relativePath(path: string, prefix: string): string | undefined {
  if (prefix === '') return path;
  if (path === prefix) return '';
  return path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47 /* / */ ? path.slice(prefix.length) : undefined;
}

function report(options: ResolvedOptions, error: unknown, requestId: string, operationId?: string): void {
  try {
    options.onError?.(error, operationId === undefined ? { requestId } : { requestId, operationId });
  } catch {
    // A failing reporter must not change the answer.
  }
}

async function dispatch(exchange: Exchange, options: ResolvedOptions, requestId: string): Promise<Reply> {
  const mounted = relativePath(exchange.path, exchange.mountPath) ?? exchange.path;
  const path = relativePath(mounted, options.basePath);
  const match = path === undefined ? undefined : CATALOG_ROUTER.match(exchange.method, path);
  if (match === undefined || match.kind === 'not-found') return errorReply(404, HTTP_MESSAGES.notFound);
  if (match.kind === 'method-not-allowed') return errorReply(405, HTTP_MESSAGES.methodNotAllowed, { allow: match.allow });
  const { entry, params } = match;
  const accountID = params['accountID'];
  const implementation = options.operations.get(entry.id);

  const authenticated = authenticate(exchange.header('authorization'), options.auth, options.clock);
  const authentication = authenticated instanceof Promise ? await authenticated : authenticated;
  if (!authentication.ok) {
    return errorReply(401, authentication.error, { 'www-authenticate': authentication.challenge });
  }
  const template = entry.scope ?? implementation?.scope;
  const required = template === undefined ? undefined : scopeFor(template, accountID);
  if (!isAllowed(authentication.grant, required, accountID)) {
    return errorReply(403, HTTP_MESSAGES.insufficientScope, { 'www-authenticate': insufficientScopeChallenge(required) });
  }
  if (options.rateLimiter !== undefined) {
    const decision = await options.rateLimiter.check({ operationId: entry.id, accountID, token: authentication.token });
    if (!decision.allowed) {
      const seconds = Math.max(0, Math.ceil(Number.isFinite(decision.retryAfterSeconds) ? decision.retryAfterSeconds : 1));
      return errorReply(429, HTTP_MESSAGES.rateLimited, { 'retry-after': String(seconds) });
    }
  }
  const version = checkVersion(exchange.header(VERSION_HEADER_NAME), VERSION_POLICIES[entry.id] ?? 'any');
  if (!version.ok) return errorReply(version.status, version.error);

  if (isSpecifiedOperation(entry.id)) {
    const reply = await SPECIFIED_OPERATIONS[entry.id]({ exchange, params, accountID: accountID ?? '', requestId, options });
    return checkListed(entry, reply, options, requestId);
  }
  if (implementation === undefined) return errorReply(501, HTTP_MESSAGES.notImplemented);
  let request: Request;
  try {
    request = exchange.toRequest();
  } catch (error) {
    if (error instanceof BadRequestTargetError) return errorReply(400, HTTP_MESSAGES.badTarget);
    throw error;
  }
  const response: unknown = await implementation.handle({
    request,
    params,
    requestId,
    version: version.version,
    grant: authentication.grant,
    signal: exchange.signal,
  });
  if (!(response instanceof Response)) throw new TypeError(`operation ${entry.id} did not return a Response`);
  return { response };
}

/** A specified operation may answer only the statuses spec 4 lists for it; anything else is a defect, answered 500. */
function checkListed(entry: CatalogEntry, reply: Reply, options: ResolvedOptions, requestId: string): Reply {
  if ('response' in reply || entry.statuses === undefined || entry.statuses.includes(reply.status)) return reply;
  report(options, new Error(`operation ${entry.id} answered unlisted status ${reply.status}`), requestId, entry.id);
  return INTERNAL_ERROR;
}

/**
 * Answers one exchange: routing (404, 405 with `Allow`), authentication (401), scope
 * (403), rate limit (429), version (400 or 404), then the operation, or 501 for a listed
 * operation the host did not implement. Never rejects: any thrown error is reported to
 * `onError` and answered 500 `{ error }` without internals. The request id is chosen
 * first, so every answer carries it.
 *
 * @example
 * const { requestId, reply } = await answer(exchange, options);
 */
export async function answer(exchange: Exchange, options: ResolvedOptions): Promise<Outcome> {
  let requestId: string;
  try {
    requestId = chooseRequestId(exchange.header(REQUEST_ID_HEADER), randomRequestId);
  } catch {
    requestId = randomRequestId();
  }
  try {
    return { requestId, reply: await dispatch(exchange, options, requestId) };
  } catch (error) {
    report(options, error, requestId);
    return { requestId, reply: INTERNAL_ERROR };
  }
}
