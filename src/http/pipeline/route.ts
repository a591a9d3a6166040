import type { Exchange, Reply } from '../core/exchange.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { errorReply } from '../core/reply.js';
import { type RouteMatch, type Router, createRouter } from '../core/router.js';
import { OPERATION_CATALOG } from '../operations/catalog.js';
import { SPECIFIED_BY_ID } from '../operations/index.js';
import { docsReply } from '../openapi/docs.js';
import { documentReply } from '../openapi/serve.js';
import type { ResolvedOptions } from './options.js';
import { corsPreflight } from '../policies/cors.js';
import type { RequestState, RoutedEntry, RoutedState } from './request-state.js';

/**
 * The compiled router of the whole catalog (built once per process). Each route carries its
 * operation's declaration, so that a routed request needs no lookup by id.
 */
export const CATALOG_ROUTER: Router<RoutedEntry> = createRouter(
  OPERATION_CATALOG.map((entry): RoutedEntry => ({ ...entry, declaration: SPECIFIED_BY_ID.get(entry.id), listed: statusTable(entry.statuses) })),
);

/**
 * `statuses` as a table indexed by status (one typed-array read per answer, where `includes`
 * is a builtin call); a status outside it (past 599, fractional, NaN) reads `undefined`, so
 * it is unlisted, as for `includes`.
 */
function statusTable(statuses: readonly number[] | undefined): Uint8Array | undefined {
  if (statuses === undefined) return undefined;
  const table = new Uint8Array(600);
  for (const status of statuses) {
    if (!Number.isInteger(status) || status < 0 || status >= table.length) throw new Error(`unexpected listed status ${status}`);
    table[status] = 1;
  }
  return table;
}

const NOT_FOUND: RouteMatch<RoutedEntry> = { kind: 'not-found' };

function relativePath(path: string, prefix: string): string | undefined {
  if (prefix === '') return path;
  if (path === prefix) return '';
  return path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47 /* / */ ? path.slice(prefix.length) : undefined;
}

/** The catalog route of the exchange's path below the mount path and `basePath`, if any. */
function match(exchange: Exchange, options: ResolvedOptions): RouteMatch<RoutedEntry> {
  const mounted = relativePath(exchange.path, exchange.mountPath) ?? exchange.path;
  const path = relativePath(mounted, options.basePath);
  return path === undefined ? NOT_FOUND : CATALOG_ROUTER.match(exchange.method, path);
}

/**
 * The route step: a request the adapter found malformed (Node: a bad or repeated Host) is 400
 * and never routed; an unknown path is the OpenAPI document or a docs page when served there,
 * else 404; a known path with another method is a CORS preflight when it is one, else 405 with
 * `Allow`. Otherwise the request gets its operation, path parameters and account, and
 * `undefined` (go on) is returned.
 *
 * @example
 * const refused = route(state); // undefined once state.entry is set
 */
export function route(state: RequestState): Reply | undefined {
  const { exchange, options } = state;
  if (exchange.malformed !== undefined) return errorReply(400, exchange.malformed);
  const found = match(exchange, options);
  if (found.kind === 'not-found') {
    return documentReply(exchange, options.openApi, options.cors) ?? docsReply(exchange, options.docs) ?? errorReply(404, HTTP_MESSAGES.notFound);
  }
  if (found.kind === 'method-not-allowed') {
    return corsPreflight(exchange, found.allow, options.cors) ?? errorReply(405, HTTP_MESSAGES.methodNotAllowed, { allow: found.allow });
  }
  const { entry, params } = found;
  state.entry = entry;
  state.params = params;
  const accountID = params['accountID'];
  state.accountID = accountID;
  state.implementation = entry.declaration === undefined ? options.operations.get(entry.id) : undefined;
  state.telemetry?.routed({ route: `${exchange.mountPath}${options.basePath}${entry.path}`, operationId: entry.id, accountID });
  return undefined;
}

/** True once the route step matched the request to an operation. */
export const isRouted = (state: RequestState): state is RoutedState => state.entry !== undefined;
