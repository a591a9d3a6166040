import { type RequestLimits, resolveRequestLimits } from '../../limits/index.js';
import type { Version } from '../../version/index.js';
import type { ResponseLogger } from '../policies/access-log.js';
import { type AccessLogSink, accessLogger } from '../policies/structured-access-log.js';
import { type TelemetryOptions, resolveMeter, resolveTracing } from '../telemetry/api.js';
import { httpMetrics } from '../telemetry/http-metrics.js';
import type { HandlerTelemetry } from '../telemetry/request-trace.js';
import { type CorsOptions, type ResolvedCors, resolveCors } from '../policies/cors.js';
import { freshUuid } from '../../shared/fresh-uuid.js';
import { type IdempotencyOptions, type IdempotencySettings, resolveIdempotency } from '../idempotency/settings.js';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_JSON_VALUES } from '../core/json-body.js';
import { type OpenApiServeOptions, type ServedDocument, resolveOpenApi } from '../openapi/serve.js';
import { type DocsServeOptions, type ServedPage, resolveDocs } from '../openapi/docs.js';
import { PORT_MESSAGES, checkOptionShapes, positiveOption } from '../core/option-checks.js';
import type { AuthPort, EffectHandler, ErrorReporter, RateLimiter, TokenGrant, WalletProvider } from '../core/ports.js';
import type { Store } from '../store/port.js';
import type { ScheduleHorizon } from '../operations/schedule-view.js';
import type { SpecifiedOptions } from '../operations/context.js';
import { type StoreViews, requestStores, withStoreDeadline } from '../store/deadline.js';
import { type SettledReads, settledReadsOf } from '../store/settled-reads.js';
import { BearerMemo } from '../auth/bearer-memo.js';
import { type ScheduleTimeZone, resolveScheduleTimeZone } from '../operations/schedule-time-zone.js';
import { type KnownOptions, checkOptionKeys } from '../../shared/known-options.js';

/** What a host-registered operation (spec 4.6) receives. */
export type OperationContext = {
  /** The request, as a WHATWG `Request` (its URL is the full URL the client used). */
  readonly request: Request;
  /** Decoded path parameters, e.g. `{ accountID, paymentLinkCode }`. */
  readonly params: Readonly<Record<string, string>>;
  readonly requestId: string;
  /** The version the client asked for; `undefined` when it sent no header. */
  readonly version: Version | undefined;
  /** The authenticated token's grant. */
  readonly grant: TokenGrant;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
};

/**
 * A host implementation of an operation listed in spec 4.6. `scope`, when given, is a
 * scope template such as `/accounts/{accountID}/transfers.write` that the token must hold;
 * without it, any scope of the path's account is enough.
 */
export type OperationImplementation = {
  readonly scope?: string;
  handle(context: OperationContext): Response | Promise<Response>;
};

/** How far ahead get-schedule expands a recurrence (declared beside get-schedule, which reads it). */
export type { ScheduleHorizon };

/** The default horizon: 366 days ahead, at most 100 upcoming occurrences. */
export const DEFAULT_SCHEDULE_HORIZON: ScheduleHorizon = Object.freeze({ days: 366, limit: 100 });

/** The default `downstreamTimeoutMs`: 10 seconds. */
export const DEFAULT_DOWNSTREAM_TIMEOUT_MS = 10_000;

/**
 * The default `storeTimeoutMs`: 5 seconds, below the idempotency lease (8 s) and the timeouts
 * clients typically set (10-30 s), so a slow or absent database is answered 504 with
 * `Retry-After` before the client gives up.
 */
export const DEFAULT_STORE_TIMEOUT_MS = 5_000;

/**
 * Options of `createHandler`: ports with defaults; only `store` is required. `tracer` (with
 * `openTelemetry`) and `meter` turn on OpenTelemetry spans and metrics (docs/observability.md).
 */
export type HandlerOptions = TelemetryOptions & {
  /** Storage (required). */
  readonly store: Store;
  /** Token verification; the default knows no token, so every request is a 401. */
  readonly auth?: AuthPort;
  /** The wallet provider for create-a-wallet-payment-session; without it that operation answers 500. */
  readonly walletProvider?: WalletProvider;
  /**
   * In-process effect delivery: the handler runs an effect dispatcher over `store` that calls
   * this for each effect its writes put in the outbox, at least once, after the commit, never
   * on the request path (a throw is retried with backoff). Leave it out when a dispatcher of
   * your own (`createEffectDispatcher`) delivers the outbox.
   */
  readonly onEffect?: EffectHandler;
  /** Internal errors (500s, failed effect callbacks), for logging. */
  readonly onError?: ErrorReporter;
  /**
   * `Idempotency-Key` on the three writes (update invoice, upload evidence text, create wallet
   * session); on by default with a 24 h TTL; `false` turns it off (the header is then ignored).
   */
  readonly idempotency?: false | IdempotencyOptions;
  /** The current time; default `() => new Date()`. */
  readonly clock?: () => Date;
  /** New resource IDs (evidence IDs); default a random version 4 UUID. */
  readonly generateId?: () => string;
  /** Refuses requests with 429 and `Retry-After`; default: no limit. */
  readonly rateLimiter?: RateLimiter;
  /** How long the wallet provider may take before a 504; default 10 000. */
  readonly downstreamTimeoutMs?: number;
  /**
   * How long one request's store work may take in all (pool waits included) before it is
   * answered 504 with `Retry-After`; each store call gets what is left of it. Default
   * {@link DEFAULT_STORE_TIMEOUT_MS}. The PostgreSQL store cancels the work in the database at
   * the deadline and answers only once it knows whether a write committed; see docs/storage.md.
   */
  readonly storeTimeoutMs?: number;
  /** Largest accepted request body in bytes; default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Most values (array elements and object members) a JSON body may hold, checked before parsing; default 20 000. */
  readonly maxJsonValues?: number;
  /** A path prefix the handler is served under, e.g. `/v1`; default none. */
  readonly basePath?: string;
  /** Implementations of operations listed in spec 4.6, by operation id; others answer 501. */
  readonly operations?: Readonly<Record<string, OperationImplementation>>;
  /** How far ahead get-schedule expands the recurrence; default {@link DEFAULT_SCHEDULE_HORIZON}. */
  readonly scheduleHorizon?: Partial<ScheduleHorizon>;
  /**
   * The wall clock get-schedule expands recurrences on: an IANA zone name, or a function
   * `(schedule, { accountID, requestId }) => zone` per schedule. Generated occurrences keep the
   * start's local time of day in that zone across daylight-saving changes (a local time that
   * does not exist or occurs twice is placed as `expandRecurrence` documents). Default `'UTC'`.
   * A name Intl does not know is refused here; a function returning one fails that request
   * with a 500 reported to `onError`.
   */
  readonly scheduleTimeZone?: ScheduleTimeZone;
  /** Cross-origin access for browsers from the listed origins; default off (no CORS headers). */
  readonly cors?: CorsOptions;
  /** An access-log hook: called once per answer with method, path, status, request id and ms. */
  readonly onResponse?: ResponseLogger;
  /** A structured access log in pino-http's shape, to a callback or a pino-compatible logger; default none. */
  readonly accessLog?: AccessLogSink;
  /** Count limits of request bodies (items, options, images, reported errors); default `REQUEST_LIMITS` (the validators' `limits`). */
  readonly limits?: Partial<RequestLimits>;
  /** Serve the OpenAPI document at `openApi.path` (below `basePath`), without authentication; default not served. */
  readonly openApi?: OpenApiServeOptions;
  /**
   * Serve the API reference page (Swagger UI on the OpenAPI document, from `docs.page`) at
   * `docs.path` (below `basePath`), without authentication; default not served. The reference
   * server serves it at `/docs`; `readDocsPage()` of payments-kit/reference reads the page.
   */
  readonly docs?: DocsServeOptions;
};

/** The options with every default filled in. */
export type ResolvedOptions = SpecifiedOptions & {
  readonly auth: AuthPort;
  /** The last accepted bearer header of a fixed-table auth port (`createStaticAuth`), else `undefined`. */
  readonly bearerMemo: BearerMemo | undefined;
  readonly onEffect: EffectHandler | undefined;
  /** TTL and lock of idempotency records; `undefined` when `idempotency: false`. */
  readonly idempotency: IdempotencySettings | undefined;
  readonly rateLimiter: RateLimiter | undefined;
  /**
   * The deadline of one request's store work: each request's view (`storeFor`) gives every call
   * what is left of it; `store` (bounded per call by it) serves the handler's own bookkeeping.
   */
  readonly storeTimeoutMs: number;
  /**
   * A new request's store view: its calls all end within `storeTimeoutMs` from now (see
   * `requestStores`). `storeFor.direct` is set when the store needs no view (the memory store):
   * a path may use it and skip the call.
   */
  readonly storeFor: StoreViews;
  /** The reads the store passed answers at once (the memory store itself), else `undefined`: see `SpecifiedContext.reads`. */
  readonly reads: SettledReads | undefined;
  readonly basePath: string;
  readonly operations: ReadonlyMap<string, OperationImplementation>;
  readonly cors: ResolvedCors | undefined;
  readonly onResponse: ResponseLogger | undefined;
  /** Spans and HTTP metrics; `undefined` (and never touched) without `tracer` and `meter`. */
  readonly telemetry: HandlerTelemetry | undefined;
  readonly openApi: ServedDocument | undefined;
  readonly docs: ServedPage | undefined;
};

/** Messages for options `createHandler` refuses at start-up. */
export const OPTION_MESSAGES = Object.freeze({
  store: 'createHandler: options.store is required',
  basePath: 'createHandler: basePath must be empty or start with "/"',
  positive: (name: string) => `createHandler: ${name} must be a positive finite number`,
  unknownOperation: (id: string) => `createHandler: options.operations has no listed operation "${id}"`,
  accessLog: 'createHandler: accessLog must be a function or a pino-compatible logger (an object with info)',
  ...PORT_MESSAGES,
});

/** Every key of {@link HandlerOptions}: `createHandler` refuses any other. */
const HANDLER_OPTION_KEYS = {
  store: true, auth: true, walletProvider: true, onEffect: true, onError: true, idempotency: true, clock: true, generateId: true,
  rateLimiter: true, downstreamTimeoutMs: true, storeTimeoutMs: true, maxBodyBytes: true, maxJsonValues: true, basePath: true,
  operations: true, scheduleHorizon: true, scheduleTimeZone: true, cors: true, onResponse: true, accessLog: true, limits: true,
  openApi: true, docs: true, tracer: true, meter: true, openTelemetry: true,
} as const satisfies KnownOptions<HandlerOptions>;

const NO_TOKENS: AuthPort = { verify: () => undefined };
const systemClock = (): Date => new Date();
const clockInMilliseconds = (clock: () => Date) => (): number => clock().getTime();

const positive = (value: number | undefined, fallback: number, name: string): number => positiveOption(value, fallback, OPTION_MESSAGES.positive(name));

function normalizeBasePath(basePath: string | undefined): string {
  if (basePath === undefined || basePath === '' || basePath === '/') return '';
  if (!basePath.startsWith('/')) throw new TypeError(OPTION_MESSAGES.basePath);
  return basePath.endsWith('/') ? basePath.slice(0, -1) : basePath;
}

/** The handler's telemetry, or `undefined` without a tracer and a meter. */
function resolveTelemetry(options: TelemetryOptions): HandlerTelemetry | undefined {
  const tracing = resolveTracing(options, 'createHandler');
  const meter = resolveMeter(options, 'createHandler');
  if (tracing === undefined && meter === undefined) return undefined;
  const { tracer, openTelemetry } = options;
  const dispatcherOptions: TelemetryOptions = { ...(tracing === undefined ? {} : { tracer, openTelemetry }), ...(meter === undefined ? {} : { meter }) };
  return { tracing, metrics: meter === undefined ? undefined : httpMetrics(meter), dispatcherOptions };
}

/** An access-log sink: a function, or an object with `info`. */
function checkAccessLog(sink: unknown): void {
  if (sink === undefined || typeof sink === 'function') return;
  if (typeof sink !== 'object' || sink === null || typeof (sink as { info?: unknown }).info !== 'function') throw new TypeError(OPTION_MESSAGES.accessLog);
}

/**
 * Fills in the defaults and checks the options once, at start-up.
 *
 * @example
 * resolveOptions({ store: createMemoryStore() }).maxBodyBytes // 1048576
 */
export function resolveOptions(options: HandlerOptions, listedIds: ReadonlySet<string>): ResolvedOptions {
  if (options === null || typeof options !== 'object' || options.store === undefined) throw new TypeError(OPTION_MESSAGES.store);
  checkOptionKeys(options, HANDLER_OPTION_KEYS, 'createHandler');
  checkOptionShapes(options);
  checkAccessLog(options.accessLog);
  const operations = new Map<string, OperationImplementation>();
  for (const [id, implementation] of Object.entries(options.operations ?? {})) {
    if (!listedIds.has(id)) throw new TypeError(OPTION_MESSAGES.unknownOperation(id));
    operations.set(id, implementation);
  }
  const downstreamTimeoutMs = positive(options.downstreamTimeoutMs, DEFAULT_DOWNSTREAM_TIMEOUT_MS, 'downstreamTimeoutMs');
  const storeTimeoutMs = positive(options.storeTimeoutMs, DEFAULT_STORE_TIMEOUT_MS, 'storeTimeoutMs');
  const limits = resolveRequestLimits(options.limits);
  const storeFor = requestStores(options.store, storeTimeoutMs);
  return {
    store: withStoreDeadline(options.store, storeTimeoutMs),
    storeFor,
    reads: storeFor.direct === undefined ? undefined : settledReadsOf(storeFor.direct),
    auth: options.auth ?? NO_TOKENS,
    bearerMemo: options.auth === undefined ? undefined : BearerMemo.of(options.auth),
    walletProvider: options.walletProvider,
    onEffect: options.onEffect,
    onError: options.onError,
    idempotency: resolveIdempotency(options.idempotency),
    effectsCommitted: undefined,
    clock: options.clock ?? systemClock,
    now: options.clock === undefined ? Date.now : clockInMilliseconds(options.clock),
    generateId: options.generateId ?? freshUuid,
    rateLimiter: options.rateLimiter,
    downstreamTimeoutMs,
    storeTimeoutMs,
    maxBodyBytes: positive(options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 'maxBodyBytes'),
    maxJsonValues: positive(options.maxJsonValues, DEFAULT_MAX_JSON_VALUES, 'maxJsonValues'),
    basePath: normalizeBasePath(options.basePath),
    operations,
    scheduleHorizon: {
      days: positive(options.scheduleHorizon?.days, DEFAULT_SCHEDULE_HORIZON.days, 'scheduleHorizon.days'),
      limit: positive(options.scheduleHorizon?.limit, DEFAULT_SCHEDULE_HORIZON.limit, 'scheduleHorizon.limit'),
    },
    scheduleTimeZone: resolveScheduleTimeZone(options.scheduleTimeZone),
    cors: resolveCors(options.cors),
    onResponse: options.accessLog === undefined ? options.onResponse : accessLogger(options.accessLog, options.onResponse),
    telemetry: resolveTelemetry(options),
    limits,
    openApi: resolveOpenApi(options.openApi, { basePath: normalizeBasePath(options.basePath), limits }),
    docs: resolveDocs(options.docs, { basePath: normalizeBasePath(options.basePath), openApiPath: options.openApi?.path }),
  };
}
