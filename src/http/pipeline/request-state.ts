import type { Version } from '../../version/index.js';
import type { AuthScheme } from '../auth/authenticate.js';
import type { Exchange, Reply } from '../core/exchange.js';
import { callGuarded } from '../core/guarded.js';
import type { TokenGrant } from '../core/ports.js';
import type { OperationImplementation, ResolvedOptions } from './options.js';
import type { RequestTelemetry } from '../telemetry/request-trace.js';
import type { CatalogEntry } from '../operations/catalog.js';
import type { OperationDeclaration } from '../operations/declaration.js';

/**
 * A catalog row with the declaration of its operation (`undefined` for an operation spec 4.6
 * only lists), and its statuses as a table: `listed[status]` is 1 for a status it may answer
 * (`undefined` when the row lists none).
 */
export type RoutedEntry = CatalogEntry & { readonly declaration: OperationDeclaration | undefined; readonly listed: Uint8Array | undefined };

/** The answer to one exchange: the reply and the request id it must carry. */
export type Outcome = { readonly requestId: string; readonly reply: Reply };

/** Where an answer goes once it is decided: the adapter writes it (or resolves a promise with it). */
export type Settle<E extends Exchange = Exchange> = (exchange: E, outcome: Outcome) => void;

/**
 * One request on its way through the steps: what it arrived with, and what each step found
 * for the ones after it (the route, the credential, the version, headers every answer carries).
 * One object per request, of one shape (a class), so that the steps stay monomorphic.
 */
export class RequestState {
  readonly exchange: Exchange;
  readonly options: ResolvedOptions;
  readonly settle: Settle;
  readonly requestId: string;
  /** The request's spans and metrics; `undefined` without a tracer and a meter. */
  readonly telemetry: RequestTelemetry | undefined;
  /** `performance.now()` at arrival, for the access log (0 without `onResponse`). */
  readonly started: number;
  /** Set by the route step. */
  entry: RoutedEntry | undefined = undefined;
  params: Readonly<Record<string, string>> = NO_PARAMS;
  accountID: string | undefined = undefined;
  /** The host's implementation, for an operation spec 4.6 only lists. */
  implementation: OperationImplementation | undefined = undefined;
  /** Set by the authentication step. */
  grant: TokenGrant | undefined = undefined;
  token = '';
  scheme: AuthScheme = 'bearer';
  /** Set by the version step: the version asked for, if any. */
  version: Version | undefined = undefined;
  /** Headers the answer carries whatever it is (the rate limiter's budget), set by a step before the operation. */
  headers: Readonly<Record<string, string>> | undefined = undefined;

  constructor(exchange: Exchange, options: ResolvedOptions, settle: Settle, requestId: string, telemetry: RequestTelemetry | undefined, started: number) {
    this.exchange = exchange;
    this.options = options;
    this.settle = settle;
    this.requestId = requestId;
    this.telemetry = telemetry;
    this.started = started;
  }

  /** Reports `error` to `onError` with the request id (and the operation, once routed); never throws. */
  report(error: unknown): void {
    const operationId = this.entry?.id;
    callGuarded(this.options.onError, error, operationId === undefined ? { requestId: this.requestId } : { requestId: this.requestId, operationId });
  }
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** A request the route step matched to an operation: what every step after it reads. */
export type RoutedState = RequestState & { readonly entry: RoutedEntry };
