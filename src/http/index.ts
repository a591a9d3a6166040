/**
 * `payments-kit/http`: the optional request handler. `createHandler(options)` is a WHATWG
 * fetch handler for the five specified operations (spec 4.1-4.5) with auth and scopes
 * (spec 5), errors (spec 7), versions (spec 9) and request ids; `createNodeServer` serves it
 * on node:http with hardened defaults; `toNodeListener` mounts it in node:http and Express; `createMemoryStore` and `createStaticAuth` are the reference
 * ports; `startReferenceServer` is what `npm start` runs.
 *
 * @packageDocumentation
 */
export { createHandler, type FetchHandler, type Handler } from './fetch-handler.js';
export {
  toNodeListener,
  type NodeListener,
  type NodeListenerOptions,
  type ResponseLogEntry,
} from './node-listener.js';
export { answerClientError, type ClientError, CLIENT_ERROR_READ_LIMIT } from './client-error.js';
export {
  createNodeServer,
  resolveNodeServerLimits,
  DEFAULT_NODE_SERVER_LIMITS,
  NODE_SERVER_MESSAGES,
  type NodeServerOptions,
  type NodeServerLimits,
  type ClientErrorLogEntry,
} from './node-server.js';
export {
  type CorsOptions,
  CORS_ALLOWED_HEADERS,
  CORS_EXPOSED_HEADERS,
  CORS_MESSAGES,
  DEFAULT_CORS_MAX_AGE_SECONDS,
} from './cors.js';
export type { ResponseLogger } from './access-log.js';
export { STORE_METHODS } from './option-checks.js';
export {
  createOpenApiDocument,
  VERSION_PATTERN,
  OPENAPI_MESSAGES,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiOptions,
  type OpenApiServeOptions,
} from './openapi/index.js';
export { createMemoryStore, type MemoryStoreOptions } from './memory-store.js';
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
  DEFAULT_IDEMPOTENCY_TTL_SECONDS,
  IDEMPOTENCY_OPTION_MESSAGES,
  type IdempotencyOptions,
} from './idempotency/settings.js';
export { createStaticAuth, type StaticToken, INVALID_EXPIRY_MESSAGE } from './static-auth.js';
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
} from './jwt-auth.js';
export { algorithmsForKey, ASYMMETRIC_ALGORITHMS } from './jwt-algorithms.js';
export { withBasicAuth, type BasicAuthOptions, BASIC_REALM_MESSAGE } from './basic-auth.js';
export { decodeBasicCredentials } from './basic-credentials.js';
export { challengeFor, DEFAULT_BASIC_REALM } from './auth.js';
export {
  createRateLimiter,
  defaultRateLimitKey,
  type FlexibleLimiter,
  type BackendFailurePolicy,
  type RateLimiterOptions,
  DEFAULT_RATE_LIMIT_TIMEOUT_MS,
  RATE_LIMITER_MESSAGES,
} from './rate-limiter.js';
export { OPERATION_CATALOG, type CatalogEntry, type SpecifiedOperationId } from './catalog.js';
export {
  type HandlerOptions,
  type OperationContext,
  type OperationImplementation,
  type ScheduleHorizon,
  DEFAULT_SCHEDULE_HORIZON,
  DEFAULT_DOWNSTREAM_TIMEOUT_MS,
  OPTION_MESSAGES,
} from './options.js';
export type {
  AuthPort,
  AuthContext,
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
  EffectHandler,
  EffectContext,
  ErrorReporter,
} from './ports.js';
export type {
  Store,
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
} from './store.js';
export { HTTP_MESSAGES } from './messages.js';
export { REQUEST_ID_HEADER, REQUEST_ID_PATTERN, chooseRequestId } from './request-id.js';
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_JSON_VALUES, MAX_JSON_DEPTH, isJsonContentType } from './json-body.js';
export { VERSION_POLICIES, type VersionPolicy } from './versions.js';
export { DISPUTE_STATUSES_ACCEPTING_EVIDENCE, acceptsEvidence } from './operations/upload-evidence-text.js';
export { PROVIDER_NOT_STRING_MESSAGE } from './operations/create-wallet-session.js';
export { occurrencesToShow } from './operations/get-schedule.js';
/** The stored schedule that `occurrencesToShow` reads (also exported by payments-kit/schedule). */
export type { Schedule } from '../schemas/shapes/schedule.js';
export {
  startReferenceServer,
  demoCurlCommands,
  type ReferenceServer,
  type ReferenceServerOptions,
} from './reference/server.js';
export { DEMO_IDS, DEMO_SEED, DEMO_TOKENS } from './reference/demo-data.js';
export { createDemoWalletProvider } from './reference/demo-wallet-provider.js';
