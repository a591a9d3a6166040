/**
 * `payments-kit/http`: the optional request handler, runtime-neutral (Node, Bun, Deno,
 * Cloudflare Workers: no `node:` import, no Node-only global, nothing done at module scope).
 * `createHandler(options)` is a WHATWG fetch handler for the five specified operations
 * (spec 4.1-4.5) with auth and scopes (spec 5), errors (spec 7), versions (spec 9) and
 * request ids; `createMemoryStore` and `createStaticAuth` are the reference ports. The Node
 * adapter is `payments-kit/node`; the reference server is `payments-kit/reference`.
 *
 * @packageDocumentation
 */
export { createHandler, type ExchangeEntry, type FetchHandler, type Handler } from './pipeline/handler.js';
export type { Outcome } from './pipeline/request-state.js';
export type { BodyBytes, Exchange, PlainReply, Reply } from './core/exchange.js';
export {
  type CorsOptions,
  CORS_ALLOWED_HEADERS,
  CORS_EXPOSED_HEADERS,
  CORS_MESSAGES,
  DEFAULT_CORS_MAX_AGE_SECONDS,
} from './policies/cors.js';
export type { ResponseLogEntry, ResponseLogger } from './policies/access-log.js';
export {
  accessLogEntry,
  ACCESS_LOG_MESSAGE,
  type AccessLogEntry,
  type AccessLogSink,
  type PinoLikeLogger,
} from './policies/structured-access-log.js';
export { rateLimitHeaders, isPolicyName, RATE_LIMIT_HEADERS } from './policies/rate-limit-headers.js';
export { TELEMETRY_MESSAGES, type OpenTelemetryApi, type TelemetryOptions } from './telemetry/api.js';
export type {
  OtelAttributeValue,
  OtelAttributes,
  OtelBatchObservableResult,
  OtelContext,
  OtelCounter,
  OtelHistogram,
  OtelInstrumentOptions,
  OtelMeter,
  OtelObservable,
  OtelObservableResult,
  OtelObservableWithCallback,
  OtelSpan,
  OtelSpanContext,
  OtelSpanOptions,
  OtelTextMapGetter,
  OtelTracer,
} from './telemetry/otel-types.js';
export { ATTRIBUTES as TELEMETRY_ATTRIBUTES } from './telemetry/attributes.js';
export { HTTP_DURATION_BUCKETS, HTTP_METRICS } from './telemetry/http-metrics.js';
export { OUTBOX_METRICS } from './telemetry/outbox-metrics.js';
export { DELIVERY_OUTCOMES } from './telemetry/delivery-trace.js';
export { STORE_METHODS } from './core/option-checks.js';
export {
  createOpenApiDocument,
  VERSION_PATTERN,
  OPENAPI_MESSAGES,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiOptions,
  type OpenApiServeOptions,
  type DocsServeOptions,
  type DocsPage,
  type PageFile,
  DOCS_MESSAGES,
  PAGE_CSP,
} from './openapi/index.js';
export { createMemoryStore, type MemoryStoreOptions } from './store/memory-store.js';
export {
  createEffectDispatcher,
  DISPATCHER_MESSAGES,
  DEFAULT_RETRY_POLICY,
  DEFAULT_MAX_ATTEMPTS,
  DUPLICATE_EFFECT_MESSAGE,
  DEAD_LETTER_MESSAGES,
  MAX_DEAD_PAGE,
  retryDelayMs,
  type EffectDispatcher,
  type EffectDispatcherOptions,
  type DeliverableEffect,
  type DeliveryContext,
  type DispatchErrorContext,
  type RetryPolicy,
} from './effects/index.js';
export {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  isValidIdempotencyKey,
} from './idempotency/key.js';
export { IDEMPOTENCY_MESSAGES } from './idempotency/messages.js';
export {
  StoreUnavailableError,
  type StoreUnavailableReason,
  type StoreOutcome,
  OUTCOME_HEADER,
  IdempotencyKeyLostError,
  isStoreUnavailable,
  isIdempotencyKeyLost,
  STORE_FAILURE_MESSAGES,
  STORE_RETRY_AFTER_SECONDS,
} from './store/errors.js';
export {
  storeWithin,
  requestStores,
  withStoreDeadline,
  storeDeadline,
  remainingMs,
  STORE_CALLS,
  WRITE_CALLS,
  type StoreViews,
} from './store/deadline.js';
export { checkRedriveFilter, deadPageSize } from './store/dead-letters.js';
export {
  DEFAULT_IDEMPOTENCY_TTL_SECONDS,
  DEFAULT_IDEMPOTENCY_LOCK_SECONDS,
  IDEMPOTENCY_OPTION_MESSAGES,
  type IdempotencyOptions,
} from './idempotency/settings.js';
export { createStaticAuth, type StaticToken, INVALID_EXPIRY_MESSAGE } from './auth/static-auth.js';
export {
  createJwtAuth,
  scopesFromClaim,
  type JwtAuthOptions,
  type JwtAuthJwksOptions,
  type JwtAuthKeyOptions,
  type JwtAuthCommonOptions,
  JWT_AUTH_MESSAGES,
  DEFAULT_CLOCK_TOLERANCE_SECONDS,
  DEFAULT_JWKS_TIMEOUT_MS,
  DEFAULT_JWKS_COOLDOWN_MS,
  DEFAULT_JWKS_MAX_AGE_MS,
  DEFAULT_SCOPE_CLAIM,
} from './auth/jwt-auth.js';
export { algorithmsForKey, ASYMMETRIC_ALGORITHMS } from './auth/jwt-algorithms.js';
export { withBasicAuth, type BasicAuthOptions, BASIC_REALM_MESSAGE } from './auth/basic-auth.js';
export { decodeBasicCredentials } from './auth/basic-credentials.js';
export { challengeFor, DEFAULT_BASIC_REALM } from './auth/authenticate.js';
export {
  createRateLimiter,
  defaultRateLimitKey,
  type FlexibleLimiter,
  type BackendFailurePolicy,
  type RateLimiterOptions,
  DEFAULT_RATE_LIMIT_TIMEOUT_MS,
  DEFAULT_RATE_LIMIT_POLICY,
  RATE_LIMITER_MESSAGES,
} from './policies/rate-limiter.js';
export { OPERATION_CATALOG, type CatalogEntry, type SpecifiedOperationId } from './operations/catalog.js';
export { SCHEDULE_TIME_ZONE_MESSAGES, type ScheduleTimeZone, type ScheduleTimeZoneContext } from './operations/schedule-time-zone.js';
export {
  type HandlerOptions,
  type OperationContext,
  type OperationImplementation,
  type ScheduleHorizon,
  DEFAULT_SCHEDULE_HORIZON,
  DEFAULT_DOWNSTREAM_TIMEOUT_MS,
  DEFAULT_STORE_TIMEOUT_MS,
  OPTION_MESSAGES,
} from './pipeline/options.js';
export type {
  AuthPort,
  AuthContext,
  OutboundFetch,
  AuthRefusal,
  AuthRefusalReason,
  AuthVerdict,
  CredentialPair,
  TokenGrant,
  WalletProvider,
  WalletSessionInput,
  RateLimiter,
  RateLimitInput,
  RateLimitDecision,
  RateLimitBudget,
  EffectHandler,
  EffectContext,
  ErrorReporter,
} from './core/ports.js';
export type {
  Store,
  StoreDeadline,
  StoreSeed,
  AccountSeed,
  Dispute,
  VersionedInvoice,
  CompareAndSetResult,
  AddEvidenceResult,
  NewEffect,
  ClaimedEffect,
  ClaimEffectsInput,
  IdempotentAnswer,
  BeginIdempotentInput,
  BeginIdempotentResult,
  IdempotencyCompletion,
  WriteExtras,
  DeadEffect,
  RedriveFilter,
  ListDeadEffectsInput,
  OutboxStats,
  EffectSubscription,
  EffectSubscriptionOptions,
} from './store/port.js';
export { HTTP_MESSAGES } from './core/messages.js';
export { REQUEST_ID_HEADER, REQUEST_ID_PATTERN, chooseRequestId } from './core/request-id.js';
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_JSON_VALUES, MAX_JSON_DEPTH, isJsonContentType } from './core/json-body.js';

