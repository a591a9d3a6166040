import type { JsonSchema } from '@valibot/to-json-schema';
import { type RequestLimits, resolveRequestLimits } from '../../limits/index.js';
import { REFERENCE_VERSION, VERSION_HEADER } from '../../version/index.js';
import { type CatalogEntry, OPERATION_CATALOG, type SpecifiedOperationId, isSpecifiedOperation } from '../operations/catalog.js';
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from '../core/request-id.js';
import { SPECIFIED_BY_ID } from '../operations/index.js';
import { type ComponentName, componentRef, componentSchemas } from './components.js';
import { BODY_EXAMPLES, GENERIC_PARAMETER_EXAMPLE, PARAMETER_EXAMPLES, SUCCESS_EXAMPLES } from './examples.js';

/** A JSON value of the document. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json | undefined };

/** An OpenAPI 3.1 operation object, as this module writes it. */
export type OpenApiOperation = {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly parameters: readonly Json[];
  readonly security: readonly Readonly<Record<string, readonly string[]>>[];
  readonly requestBody?: Json;
  readonly responses: Readonly<Record<string, Json>>;
  readonly deprecated?: boolean;
  readonly 'x-stage'?: 'beta' | 'sunsetting';
};

/** The OpenAPI 3.1 document `createOpenApiDocument` returns (plain JSON data). */
export type OpenApiDocument = {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly { readonly url: string; readonly description?: string }[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, OpenApiOperation>>>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, JsonSchema>>;
    readonly parameters: Readonly<Record<string, Json>>;
    readonly headers: Readonly<Record<string, Json>>;
    readonly securitySchemes: Readonly<Record<string, Json>>;
  };
};

/** Options of {@link createOpenApiDocument}. */
export type OpenApiOptions = {
  /** The prefix the handler is served under (`createHandler`'s `basePath`); the default server URL. */
  readonly basePath?: string;
  /** The document's `servers`; default one server at `basePath` (or `/`), relative to where the document is served. */
  readonly servers?: readonly { readonly url: string; readonly description?: string }[];
  /** `info.title`; default "Payments Platform API". */
  readonly title?: string;
  /** The count limits the handler applies (`createHandler`'s `limits`); default `REQUEST_LIMITS`. */
  readonly limits?: Partial<RequestLimits>;
};

/** `X-Service-Version` values `parseVersion` accepts: `vYYYY.QQ.BB` (year 0001-9999, QQ a quarter's first month) or `dev`. */
export const VERSION_PATTERN = '^(?:v(?!0000)[0-9]{4}\\.(?:01|04|07|10)\\.[0-9]{2}|dev)$';

/** What each status means, in this document's words. */
const STATUS_DESCRIPTIONS: Readonly<Record<number, string>> = {
  200: 'Done.',
  201: 'Created.',
  400: 'The request could not be read: a body that is not JSON, or too large, a malformed version header, or (evidence upload) an invalid field.',
  401: 'No credential, or one that is malformed, unknown or expired.',
  403: 'The credential does not hold the scope the operation needs for this account.',
  404: 'No such resource in this account, or (get schedule, get adjustment) a version other than the reference version.',
  409: "The request conflicts with the resource's current state.",
  422: 'The request is well-formed but its contents failed validation.',
  429: 'Too many requests: retry after the seconds in Retry-After.',
  500: 'The request failed because of an unexpected error on the server.',
  501: 'The API lists this operation but this server does not implement it.',
  504: 'A downstream service (the wallet provider, the credential verifier) did not answer in time.',
};

const LISTED_STATUSES = [400, 401, 403, 429, 500, 501, 504] as const;

const STATUS_HEADERS: Readonly<Record<number, Readonly<Record<string, Json>>>> = {
  401: { 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } },
  403: { 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } },
  429: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
};

const schemaRef = (name: ComponentName): Json => ({ $ref: componentRef(name) });

function response(status: number, body: ComponentName, example?: unknown): Json {
  const media: Record<string, Json> = { schema: schemaRef(body) };
  if (example !== undefined) media['example'] = example as Json;
  return {
    description: STATUS_DESCRIPTIONS[status] ?? '',
    headers: { [REQUEST_ID_HEADER]: { $ref: '#/components/headers/RequestId' }, ...STATUS_HEADERS[status] },
    content: { 'application/json': media },
  };
}

function pathParameters(path: string): Json[] {
  return [...path.matchAll(/\{([A-Za-z]+)\}/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', minLength: 1 },
    example: PARAMETER_EXAMPLES[name] ?? GENERIC_PARAMETER_EXAMPLE,
  }));
}

const versionParameter = (id: string): Json => ({
  $ref: SPECIFIED_BY_ID.get(id)?.versionPolicy === 'reference-only' ? '#/components/parameters/ServiceVersionReferenceOnly' : '#/components/parameters/ServiceVersion',
});

function security(scope: string | undefined): Readonly<Record<string, readonly string[]>>[] {
  const scopes = scope === undefined ? [] : [scope];
  return [{ bearerAuth: scopes }, { basicAuth: scopes }];
}

const words = (id: string): string => {
  const spaced = id.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

function specifiedOperation(entry: CatalogEntry, id: SpecifiedOperationId): OpenApiOperation {
  const declaration = SPECIFIED_BY_ID.get(id);
  if (declaration === undefined) throw new TypeError(`no declaration for operation ${id}`);
  const details = declaration.docs;
  const responses: Record<string, Json> = {};
  for (const status of entry.statuses ?? []) {
    if (status < 300) responses[String(status)] = response(status, details.success, SUCCESS_EXAMPLES[id]);
    else if (status === 422 && details.unprocessable !== undefined) responses[String(status)] = response(status, details.unprocessable);
    else responses[String(status)] = response(status, 'Error');
  }
  const examples = BODY_EXAMPLES[id];
  const operation: OpenApiOperation = {
    operationId: id,
    summary: details.summary,
    description: `${details.description} Scope: \`${entry.scope ?? ''}\`.`,
    parameters: [...pathParameters(entry.path), versionParameter(id), { $ref: '#/components/parameters/RequestId' }],
    security: security(entry.scope),
    responses,
  };
  if (details.requestBody === undefined) return operation;
  const media: Record<string, Json> = { schema: schemaRef(details.requestBody) };
  if (examples !== undefined) media['examples'] = examples as Json;
  return { ...operation, requestBody: { required: true, content: { 'application/json': media } } };
}

function listedOperation(entry: CatalogEntry): OpenApiOperation {
  const responses: Record<string, Json> = {};
  for (const status of LISTED_STATUSES) responses[String(status)] = response(status, 'Error');
  const operation: OpenApiOperation = {
    operationId: entry.id,
    summary: words(entry.id),
    description:
      'Listed by the API by method and path only; its request and response are not described. This server authenticates it and answers 501 unless the host implements it (`operations` of `createHandler`); without a declared scope the credential needs some scope of the path\'s account.',
    parameters: [...pathParameters(entry.path), versionParameter(entry.id), { $ref: '#/components/parameters/RequestId' }],
    security: security(undefined),
    responses,
  };
  if (entry.stage === undefined) return operation;
  return entry.stage === 'sunsetting' ? { ...operation, deprecated: true, 'x-stage': 'sunsetting' } : { ...operation, 'x-stage': entry.stage };
}

/** The operationId of the HEAD operation beside the GET operation `id`. */
const headOperationId = (id: string): string => `${id}Head`;

/**
 * The HEAD operation beside a GET one (RFC 9110 9.3.2; the handler answers HEAD wherever it
 * answers GET): the same parameters, security, statuses and response headers, no response body.
 */
function headOperation(get: OpenApiOperation): OpenApiOperation {
  const responses: Record<string, Json> = {};
  for (const [status, response] of Object.entries(get.responses)) {
    const { content: _body, ...withoutBody } = response as { readonly [key: string]: Json | undefined };
    responses[status] = withoutBody;
  }
  return {
    ...get,
    operationId: headOperationId(get.operationId),
    summary: `${get.summary} (headers only)`,
    description: `HEAD: the status and headers \`${get.operationId}\` would answer (\`content-length\` included), without a body. ${get.description}`,
    responses,
  };
}

const DESCRIPTION = [
  'The five operations of the Payments Platform API that payments-kit serves in full, and every other operation the API lists, which this server answers 501 until the host implements it.',
  '',
  'Every GET operation also answers HEAD (listed beside it): the same status and headers, no body.',
  '',
  'Every response carries `x-request-id`. Error bodies are `{"error": string}`, except the invoice update\'s 422, which mirrors the request field by field.',
  '',
  'Text limits (`minLength`, `maxLength`) count Unicode code points, as JSON Schema defines string length; a validator that counts UTF-16 code units (JavaScript\'s `length`) would refuse 64 emoji in a 64-character field that this server accepts. Every string also refuses lone surrogates (`pattern` with the `u` flag). Rules JSON Schema cannot state (an RRULE\'s grammar, an invoice\'s totals, date-time edge cases) are listed in docs/validation.md of payments-kit and are enforced by the server.',
].join('\n');

/**
 * The OpenAPI 3.1 document of the API this handler serves, generated from the catalog (paths,
 * methods, scopes, statuses), the valibot schemas (bodies, through `@valibot/to-json-schema`)
 * and the version policies: the five specified operations in full, the operations listed by
 * method and path with their 501, and a HEAD operation beside every GET (`<id>Head`). A fresh
 * object each call.
 *
 * @example
 * const document = createOpenApiDocument({ basePath: '/v1' });
 * document.paths['/accounts/{accountID}/invoices/{invoiceID}']?.['patch']?.security
 * // [{ bearerAuth: ['/accounts/{accountID}/invoices.write'] }, { basicAuth: ['/accounts/{accountID}/invoices.write'] }]
 */
export function createOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  for (const entry of OPERATION_CATALOG) {
    const item = (paths[entry.path] ??= {});
    const operation = isSpecifiedOperation(entry.id) ? specifiedOperation(entry, entry.id) : listedOperation(entry);
    item[entry.method.toLowerCase()] = operation;
    if (entry.method === 'GET') item['head'] = headOperation(operation);
  }
  const basePath = options.basePath === undefined || options.basePath === '' ? '/' : options.basePath;
  return {
    openapi: '3.1.0',
    info: { title: options.title ?? 'Payments Platform API', version: REFERENCE_VERSION, description: DESCRIPTION },
    servers: options.servers ?? [{ url: basePath }],
    paths,
    components: {
      schemas: componentSchemas(resolveRequestLimits(options.limits)),
      parameters: {
        ServiceVersion: {
          name: VERSION_HEADER,
          in: 'header',
          required: false,
          description: `The API version to serve. Absent: served as ${REFERENCE_VERSION}. A malformed value is a 400.`,
          schema: { type: 'string', pattern: VERSION_PATTERN },
          example: REFERENCE_VERSION,
        },
        ServiceVersionReferenceOnly: {
          name: VERSION_HEADER,
          in: 'header',
          required: false,
          description: `Only ${REFERENCE_VERSION} is served (or no header); any other value is a 404.`,
          schema: { type: 'string', enum: [REFERENCE_VERSION] },
          example: REFERENCE_VERSION,
        },
        RequestId: {
          name: 'X-Request-Id',
          in: 'header',
          required: false,
          description: 'A trace id to answer with; a value that does not match the pattern is replaced by a fresh UUID, never refused.',
          schema: { type: 'string' },
        },
      },
      headers: {
        RequestId: {
          description: 'The request id: the client\'s own when it was valid, else a fresh UUID.',
          required: true,
          schema: { type: 'string', pattern: REQUEST_ID_PATTERN },
        },
        WWWAuthenticate: { description: 'The authentication challenge (RFC 6750, RFC 7617).', required: true, schema: { type: 'string', minLength: 1 } },
        RetryAfter: { description: 'Whole seconds to wait before retrying.', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } },
      },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An access token. Scopes are the operation\'s scope with the path\'s account filled in, e.g. `/accounts/acc_1/invoices.write`.',
        },
        basicAuth: { type: 'http', scheme: 'basic', description: 'A credential pair, where the host enables it; the same scopes apply.' },
      },
    },
  };
}
