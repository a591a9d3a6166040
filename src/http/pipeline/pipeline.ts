import type { Version } from '../../version/index.js';
import { loggedSettle } from '../middleware/access-log.js';
import { type Authentication, authenticate, holdsAccountScope, insufficientScopeChallenge, scopeFor } from '../auth/authenticate.js';
import { type CatalogEntry, OPERATION_CATALOG } from '../operations/catalog.js';
import { corsPreflight, corsSettle } from '../middleware/cors.js';
import { BadRequestTargetError, type Exchange, type Reply, isResponseReply } from '../core/exchange.js';
import { freshUuid } from '../../shared/fresh-uuid.js';
import { performIdempotent } from '../idempotency/perform.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { documentReply } from '../openapi/serve.js';
import { docsReply } from '../openapi/docs.js';
import { SPECIFIED_BY_ID } from '../operations/index.js';
import type { OperationImplementation, ResolvedOptions } from './options.js';
import type { OperationDeclaration } from '../operations/declaration.js';
import type { RateLimitDecision, TokenGrant } from '../core/ports.js';
import { errorReply } from '../core/reply.js';
import { storeFailureReply } from '../store/errors.js';
import { REQUEST_ID_HEADER, chooseRequestId } from '../core/request-id.js';
import { type RouteMatch, type Router, createRouter } from '../core/router.js';
import { VERSION_HEADER_NAME, checkVersion } from '../core/versions.js';
import { rateLimitHeaders } from '../middleware/rate-limit-headers.js';
import { RequestTelemetry } from '../telemetry/request-trace.js';
import { tracedRateLimit, withTracedPorts } from '../telemetry/traced-ports.js';
import { tracedStore } from '../telemetry/traced-store.js';
import { withHeaders } from './with-headers.js';
import { callGuarded } from '../core/guarded.js';

/** The answer to one exchange: the reply and the request id it must carry. */
export type Outcome = { readonly requestId: string; readonly reply: Reply };

/** A catalog row with the declaration of its operation (`undefined` for an operation spec 4.6 only lists). */
type RoutedEntry = CatalogEntry & { readonly declaration: OperationDeclaration | undefined };

/**
 * The compiled router of the whole catalog (built once per process). Each route carries its
 * operation's declaration, so that a routed request needs no lookup by id.
 */
export const CATALOG_ROUTER: Router<RoutedEntry> = createRouter(
  OPERATION_CATALOG.map((entry): RoutedEntry => ({ ...entry, declaration: SPECIFIED_BY_ID.get(entry.id) })),
);

const INTERNAL_ERROR = errorReply(500, HTTP_MESSAGES.internal);

function relativePath(path: string, prefix: string): string | undefined {
  if (prefix === '') return path;
  if (path === prefix) return '';
  return path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47 /* / */ ? path.slice(prefix.length) : undefined;
}

function report(options: ResolvedOptions, error: unknown, requestId: string, operationId?: string): void {
  callGuarded(options.onError, error, operationId === undefined ? { requestId } : { requestId, operationId });
}

/** A routed request: what every step after routing needs. */
type Routed = {
  readonly exchange: Exchange;
  readonly options: ResolvedOptions;
  readonly requestId: string;
  readonly entry: RoutedEntry;
  readonly params: Readonly<Record<string, string>>;
  readonly accountID: string | undefined;
  /** The host's implementation, for an operation of spec 4.6. */
  readonly implementation: OperationImplementation | undefined;
  /** The request's spans and metrics; `undefined` without a tracer and a meter. */
  readonly telemetry: RequestTelemetry | undefined;
};

const NOT_FOUND: RouteMatch<RoutedEntry> = { kind: 'not-found' };

/** The catalog route of the exchange's path below the mount path and `basePath`, if any. */
function route(exchange: Exchange, options: ResolvedOptions): RouteMatch<RoutedEntry> {
  const mounted = relativePath(exchange.path, exchange.mountPath) ?? exchange.path;
  const path = relativePath(mounted, options.basePath);
  return path === undefined ? NOT_FOUND : CATALOG_ROUTER.match(exchange.method, path);
}

// The steps below return a reply, or a promise only where a port answers asynchronously, so
// that a request whose ports answer at once costs no promise before its operation's own.

/** Authentication (401): the `auth` port's grant for the bearer token, then {@link admit}. */
function authenticateRouted(routed: Routed): Reply | Promise<Reply> {
  const { exchange, options } = routed;
  const authenticated = authenticate(exchange.header('authorization'), options.auth, options.clock, options.downstreamTimeoutMs, routed.telemetry);
  return authenticated instanceof Promise ? authenticated.then((authentication) => admit(routed, authentication)) : admit(routed, authenticated);
}

/** Scope (403) and rate limit (429) for an authenticated (or refused: 401) request. */
function admit(routed: Routed, authentication: Authentication): Reply | Promise<Reply> {
  if (!authentication.ok) {
    if (authentication.status === 401) return errorReply(401, authentication.error, { 'www-authenticate': authentication.challenge });
    // The identity provider failed to answer: the server's problem, not the client's credential.
    report(routed.options, authentication.cause, routed.requestId, routed.entry.id);
    return errorReply(504, authentication.error);
  }
  const { entry, accountID, implementation, options } = routed;
  const template = entry.scope ?? implementation?.scope;
  const required = template === undefined ? undefined : scopeFor(template, accountID);
  const allowed = required === undefined ? holdsAccountScope(authentication.grant, accountID) : authentication.grant.scopes.includes(required);
  if (!allowed) {
    return errorReply(403, HTTP_MESSAGES.insufficientScope, { 'www-authenticate': insufficientScopeChallenge(required) });
  }
  if (options.rateLimiter === undefined) return perform(routed, authentication.grant);
  const { token, scheme } = authentication;
  const { rateLimiter } = options;
  const input = { operationId: entry.id, accountID, token, scheme };
  const tracing = options.telemetry?.tracing;
  const parent = routed.telemetry?.context;
  const decision = tracing === undefined || parent === undefined ? rateLimiter.check(input) : tracedRateLimit(tracing, parent, entry.id, () => rateLimiter.check(input));
  // The same test `await` applies: anything with a callable `then` is awaited.
  if (typeof (decision as { then?: unknown }).then === 'function') {
    return Promise.resolve(decision).then((resolved) => afterRateLimit(routed, authentication.grant, resolved));
  }
  return afterRateLimit(routed, authentication.grant, decision as RateLimitDecision);
}

/**
 * The rate limiter's decision: 429 with `Retry-After`, or on to {@link perform}; with the
 * `RateLimit-Policy` and `RateLimit` headers on the answer when the limiter reports a budget.
 */
function afterRateLimit(routed: Routed, grant: TokenGrant, decision: RateLimitDecision): Reply | Promise<Reply> {
  if ('backendError' in decision) report(routed.options, decision.backendError, routed.requestId, routed.entry.id);
  const budget = 'budget' in decision && decision.budget !== undefined ? rateLimitHeaders(decision.budget) : undefined;
  if (decision.allowed) {
    const reply = perform(routed, grant);
    if (budget === undefined) return reply;
    return reply instanceof Promise ? reply.then((answered) => withHeaders(answered, budget)) : withHeaders(reply, budget);
  }
  // The limiter's backend failed and it chose to refuse (fail closed): a downstream failure.
  if (!('retryAfterSeconds' in decision)) return errorReply(504, HTTP_MESSAGES.rateLimiterUnavailable);
  const seconds = Math.max(0, Math.ceil(Number.isFinite(decision.retryAfterSeconds) ? decision.retryAfterSeconds : 1));
  return errorReply(429, HTTP_MESSAGES.rateLimited, { 'retry-after': String(seconds), ...budget });
}

/** Version (400 or 404), then the operation: ours, the host's, or 501. */
function perform(routed: Routed, grant: TokenGrant): Reply | Promise<Reply> {
  const { exchange, entry, params, accountID, requestId, options, implementation } = routed;
  const specified = entry.declaration;
  const version = checkVersion(exchange.header(VERSION_HEADER_NAME), specified?.versionPolicy ?? 'any');
  if (!version.ok) return errorReply(version.status, version.error);
  if (specified !== undefined) {
    const tracing = options.telemetry?.tracing;
    const parent = routed.telemetry?.context;
    // One deadline for the whole request's store work, from here (issue 32).
    const store = options.storeFor();
    const traced = tracing !== undefined && parent !== undefined;
    const ported = traced ? withTracedPorts(options, tracing, parent) : options;
    const context = { exchange, params, accountID: accountID ?? '', requestId, options: ported, store: traced ? tracedStore(store, tracing, parent) : store };
    return options.idempotency !== undefined && specified.idempotent
      ? performIdempotent(context, specified.run, specified.id, options.idempotency)
      : specified.run(context);
  }
  if (implementation === undefined) return errorReply(501, HTTP_MESSAGES.notImplemented);
  return performHostOperation(routed, implementation, version.version, grant);
}

/** A host-registered operation (spec 4.6): it gets a WHATWG `Request` and answers a `Response`. */
async function performHostOperation(
  routed: Routed,
  implementation: OperationImplementation,
  version: Version | undefined,
  grant: TokenGrant,
): Promise<Reply> {
  const { exchange, entry, params, requestId } = routed;
  let request: Request;
  try {
    request = exchange.toRequest();
  } catch (error) {
    if (error instanceof BadRequestTargetError) return errorReply(400, error.message);
    throw error;
  }
  const operationContext = { request, params, requestId, version, grant, signal: exchange.signal };
  const tracing = routed.options.telemetry?.tracing;
  const parent = routed.telemetry?.context;
  // Traced: the host's code runs with the server span active, so its own spans join the trace.
  const response: unknown = await (tracing === undefined || parent === undefined
    ? implementation.handle(operationContext)
    : tracing.api.context.with(parent, () => implementation.handle(operationContext)));
  if (!(response instanceof Response)) throw new TypeError(`operation ${entry.id} did not return a Response`);
  return { response };
}

/**
 * A specified operation answers only the statuses spec 4 lists for it (the pipeline's own
 * 401, 403, 429 and version answers are listed too); anything else is a defect, answered 500.
 */
function checkListed(entry: CatalogEntry | undefined, reply: Reply, options: ResolvedOptions, requestId: string): Reply {
  if (entry === undefined || 'response' in reply || entry.statuses === undefined || entry.statuses.includes(reply.status)) return reply;
  report(options, new Error(`operation ${entry.id} answered unlisted status ${reply.status}`), requestId, entry.id);
  return INTERNAL_ERROR;
}

/**
 * Answers one exchange: routing (404, 405 with `Allow`), authentication (401), scope
 * (403), rate limit (429), version (400 or 404), then the operation, or 501 for a listed
 * operation the host did not implement. Calls `settle(exchange, outcome)` exactly once and
 * never throws: any thrown error is reported to `onError` and answered 500 `{ error }`
 * without internals. The request id is chosen first, so every answer carries it. No
 * promise is made here beyond the operation's own (see {@link answer} for one).
 *
 * @example
 * answerThen(exchange, options, (exchange, { requestId, reply }) => write(reply, requestId));
 */
export function answerThen<E extends Exchange>(
  exchange: E,
  options: ResolvedOptions,
  settle: (exchange: E, outcome: Outcome) => void,
): void {
  const telemetry = options.telemetry === undefined ? undefined : new RequestTelemetry(options.telemetry, exchange);
  if (options.onResponse !== undefined) settle = loggedSettle(exchange, options.onResponse, settle, telemetry?.ids());
  if (telemetry !== undefined) settle = telemetrySettle(telemetry, settle);
  if (options.cors !== undefined) settle = corsSettle(exchange, options.cors, settle);
  let requestId: string;
  try {
    requestId = chooseRequestId(exchange.header(REQUEST_ID_HEADER), freshUuid);
  } catch {
    requestId = freshUuid();
  }
  let entry: RoutedEntry | undefined;
  let pending: Reply | Promise<Reply>;
  try {
    const match = exchange.malformed === undefined ? route(exchange, options) : undefined;
    // A request the adapter found malformed (Node: a bad or repeated Host) is never routed.
    if (match === undefined) pending = errorReply(400, exchange.malformed ?? HTTP_MESSAGES.badTarget);
    else if (match.kind === 'not-found') {
      pending = documentReply(exchange, options.openApi, options.cors) ?? docsReply(exchange, options.docs) ?? errorReply(404, HTTP_MESSAGES.notFound);
    }
    else if (match.kind === 'method-not-allowed') {
      pending = corsPreflight(exchange, match.allow, options.cors) ?? errorReply(405, HTTP_MESSAGES.methodNotAllowed, { allow: match.allow });
    }
    else {
      entry = match.entry;
      const { params } = match;
      const implementation = entry.declaration === undefined ? options.operations.get(entry.id) : undefined;
      const accountID = params['accountID'];
      telemetry?.routed({ route: `${exchange.mountPath}${options.basePath}${entry.path}`, operationId: entry.id, accountID });
      pending = authenticateRouted({ exchange, options, requestId, entry, params, accountID, implementation, telemetry });
    }
  } catch (error) {
    report(options, error, requestId, entry?.id);
    settleOnce(settle, exchange, { requestId, reply: INTERNAL_ERROR }, options);
    return;
  }
  if (!(pending instanceof Promise)) {
    settleOnce(settle, exchange, { requestId, reply: checkListed(entry, pending, options, requestId) }, options);
    return;
  }
  pending.then(
    (reply) => settleOnce(settle, exchange, { requestId, reply: checkListed(entry, reply, options, requestId) }, options),
    (error: unknown) => {
      report(options, error, requestId, entry?.id);
      // A slow or absent database is a 504 with Retry-After (listed for every specified operation), not a bug.
      settleOnce(settle, exchange, { requestId, reply: storeFailureReply(error) ?? INTERNAL_ERROR }, options);
    },
  );
}

/** `settle`, then the request's span ends and its duration is recorded with the answer's status. */
function telemetrySettle<E>(telemetry: RequestTelemetry, settle: (exchange: E, outcome: Outcome) => void): (exchange: E, outcome: Outcome) => void {
  return (exchange, outcome) => {
    try {
      settle(exchange, outcome);
    } finally {
      const { reply } = outcome;
      telemetry.answered(isResponseReply(reply) ? reply.response.status : reply.status, outcome.requestId);
    }
  };
}

/** Calls `settle`; should it throw anyway, the error is reported, never left as an unhandled rejection. */
function settleOnce<E>(settle: (exchange: E, outcome: Outcome) => void, exchange: E, outcome: Outcome, options: ResolvedOptions): void {
  try {
    settle(exchange, outcome);
  } catch (error) {
    report(options, error, outcome.requestId);
  }
}

/**
 * {@link answerThen} as a promise, which never rejects.
 *
 * @example
 * const { requestId, reply } = await answer(exchange, options);
 */
export function answer(exchange: Exchange, options: ResolvedOptions): Promise<Outcome> {
  return new Promise((resolve) => answerThen(exchange, options, (_exchange, outcome) => resolve(outcome)));
}
