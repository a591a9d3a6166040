import { OPERATION_CATALOG } from '../operations/catalog.js';
import { type ResolvedCors, corsPreflight } from '../policies/cors.js';
import type { Exchange, PlainReply } from '../core/exchange.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { errorReply } from '../core/reply.js';
import { createRouter } from '../core/router.js';
import { type OpenApiDocument, type OpenApiOptions, createOpenApiDocument } from './document.js';

/** The `openApi` option of `createHandler`: serve the OpenAPI document, without authentication. */
export type OpenApiServeOptions = {
  /** Where the document is served, below `basePath` (e.g. `/openapi.json`). */
  readonly path: string;
  /** The document to serve; default `createOpenApiDocument({ basePath, limits })` of the handler. */
  readonly document?: OpenApiDocument;
};

/** The served document: where (below the mount path) and its JSON, serialized once. */
export type ServedDocument = { readonly path: string; readonly body: string };

/** Messages for an `openApi` option `createHandler` refuses. */
export const OPENAPI_MESSAGES = Object.freeze({
  path: 'createHandler: openApi.path must start with "/" and have no query, fragment or empty segment',
  taken: (path: string) => `createHandler: openApi.path "${path}" is a path of the API; choose another`,
  document: 'createHandler: openApi.document must be an object',
});

const DOCUMENT_METHODS = 'GET, HEAD';
const PATH = /^(?:\/[^/?#\s]+)+$/;

/**
 * Checks the `openApi` option once, at start-up, and serializes the document; `undefined`
 * when the option is absent. The path may not be one the API routes.
 *
 * @example
 * resolveOpenApi({ path: '/openapi.json' }, { basePath: '/v1' }) // { path: '/v1/openapi.json', body: '{"openapi":"3.1.0",...}' }
 */
export function resolveOpenApi(
  option: OpenApiServeOptions | undefined,
  handler: { readonly basePath: string; readonly limits: NonNullable<OpenApiOptions['limits']> },
): ServedDocument | undefined {
  if (option === undefined) return undefined;
  if (option === null || typeof option !== 'object' || typeof option.path !== 'string' || !PATH.test(option.path)) {
    throw new TypeError(OPENAPI_MESSAGES.path);
  }
  if (option.document !== undefined && (option.document === null || typeof option.document !== 'object')) throw new TypeError(OPENAPI_MESSAGES.document);
  if (createRouter(OPERATION_CATALOG).match('GET', option.path).kind !== 'not-found') throw new TypeError(OPENAPI_MESSAGES.taken(option.path));
  const document = option.document ?? createOpenApiDocument(handler);
  return { path: handler.basePath + option.path, body: JSON.stringify(document) };
}

/**
 * The answer for a request to the document's path: 200 with the document for GET and HEAD
 * (no authentication), a CORS preflight when allowed, else 405 with `Allow: GET, HEAD`.
 * `undefined` for any other path, or when no document is served.
 *
 * @example
 * documentReply(exchange, served, cors) // { status: 200, body: '{"openapi":"3.1.0",...}' }
 */
export function documentReply(exchange: Exchange, served: ServedDocument | undefined, cors: ResolvedCors | undefined): PlainReply | undefined {
  if (served === undefined) return undefined;
  const { path, mountPath } = exchange;
  if (path !== mountPath + served.path && path !== served.path) return undefined;
  if (exchange.method === 'GET' || exchange.method === 'HEAD') return { status: 200, body: served.body };
  return corsPreflight(exchange, DOCUMENT_METHODS, cors) ?? errorReply(405, HTTP_MESSAGES.methodNotAllowed, { allow: DOCUMENT_METHODS });
}
