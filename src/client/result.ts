import type { ErrorBody } from '../schemas/index.js';
import type { OperationRoute } from '../operations/index.js';
import type { RateLimit } from './rate-limit.js';

/**
 * What a failed write did on the server, from its last attempt: `'none'` when nothing was
 * written (a local answer, a 4xx other than a 409 "still being processed", a 503, a 504 without
 * `x-outcome: unknown`); `'unknown'` otherwise (no answer after the request left, a timeout or
 * abort after sending, `x-outcome: unknown`, a 500, a 502, a 3xx, a 409 "still being processed").
 * Retry an `'unknown'` write only under the same `idempotencyKey`.
 */
export type Outcome = 'none' | 'unknown';

/** What every result carries. */
type Common = {
  /** The answer's `x-request-id`, or the one the client sent (every call sends one). */
  readonly requestId: string;
  /** How many requests were sent (0 when the client answered locally). */
  readonly attempts: number;
  /** The write's `Idempotency-Key`, the same on every attempt (absent on reads). */
  readonly idempotencyKey?: string;
  /** On a failed write only: whether anything may have been written (see {@link Outcome}). */
  readonly outcome?: Outcome;
};

/** What every answer from the server carries. */
type Answered = {
  /** The answer's headers. */
  readonly headers: Headers;
  /** The answer's rate-limit budget, when it has `RateLimit` headers. */
  readonly rateLimit?: RateLimit;
};

/**
 * A success answer: the resource, checked against its schema when the transport has the check.
 *
 * @example
 * if (result.ok) console.log(result.data, result.requestId, result.replayed)
 */
export type ClientSuccess<Status extends number, Data> = Common & Answered & {
  readonly ok: true;
  readonly kind: 'answer';
  readonly status: Status;
  readonly data: Data;
  /** True when the server replayed a write's stored answer (`idempotent-replayed: true`); always false for a read, which carries no key. */
  readonly replayed: boolean;
  readonly local: false;
};

/**
 * An error answer listed for the operation (spec 4.1-4.5), with its documented body. `local` is
 * true when the client's own validation answered without sending (the body is then what the
 * server would answer for the same body).
 *
 * @example
 * if (!result.ok && result.kind === 'answer' && result.status === 422) console.log(result.body)
 */
export type ClientErrorAnswer<Status extends number, Body> = Common & {
  readonly ok: false;
  readonly kind: 'answer';
  readonly status: Status;
  readonly body: Body;
  readonly replayed: boolean;
  readonly local: boolean;
  /** The answer's headers (absent on a local answer). */
  readonly headers?: Headers;
  /** The answer's rate-limit budget, when it has `RateLimit` headers. */
  readonly rateLimit?: RateLimit;
};

/**
 * No answer: the connection failed (`network`, after the retries), a deadline passed
 * (`timeout`: the call's, or the last attempt's), the caller's signal aborted (`aborted`), or
 * the client refused to send what the call was given (`local`: a per-call option out of range,
 * a header value with CR, LF or NUL, what the `token` function gave or threw). A write's
 * `outcome` says whether it may have run: retry an `'unknown'` one only under the same
 * `idempotencyKey`.
 *
 * @example
 * if (!result.ok && result.outcome === 'unknown') retryLater(result.idempotencyKey)
 */
export type ClientFailure = Common & {
  readonly ok: false;
  readonly kind: 'network' | 'timeout' | 'aborted' | 'local';
  readonly status?: undefined;
  /** What `fetch` threw, the abort reason, or (`local`) a `TypeError` saying what was refused, never showing a secret. */
  readonly error: unknown;
};

/**
 * An answer that breaks the spec: a status the operation does not list (a redirect among
 * them: redirects are never followed), a body larger than `maxResponseBytes`, a body that is
 * not JSON, an error body without its `error` string, or a success body its schema refuses.
 *
 * @example
 * if (!result.ok && result.kind === 'unexpected') report(result.status, result.problem)
 */
export type ClientUnexpected = Common & Answered & {
  readonly ok: false;
  readonly kind: 'unexpected';
  /** The answer's status (0 for a redirect a browser hides, `redirect: 'manual'`). */
  readonly status: number;
  /** The parsed body, the text when it is not JSON, `undefined` when it was too large. */
  readonly body: unknown;
  /** A redirect's `Location`, as the answer gave it (never followed). */
  readonly location?: string;
  /** What is wrong with the answer. */
  readonly problem: string;
  readonly replayed: boolean;
};

type Listed<R extends OperationRoute> = R['statuses'][number];
type SuccessStatus<R extends OperationRoute> = Extract<Listed<R>, 200 | 201>;
type ErrorStatus<R extends OperationRoute> = Exclude<Listed<R>, 200 | 201>;

/**
 * The result of one operation: a union over its listed statuses (the success resource, each
 * error status with its body: `Bodies[status]` where given, else `{ error }`), plus transport
 * failures and answers that break the spec. Narrow on `ok`, `kind` and `status`.
 *
 * @example
 * type R = ClientResult<typeof GET_SCHEDULE, Schedule>
 */
export type ClientResult<R extends OperationRoute, Data, Bodies = object> =
  | ClientSuccess<SuccessStatus<R>, Data>
  | { [S in ErrorStatus<R>]: ClientErrorAnswer<S, S extends keyof Bodies ? Bodies[S] : ErrorBody> }[ErrorStatus<R>]
  | ClientFailure
  | ClientUnexpected;

/** Any operation's result, as the shared code builds it. */
export type AnyResult = ClientSuccess<number, unknown> | ClientErrorAnswer<number, unknown> | ClientFailure | ClientUnexpected;
