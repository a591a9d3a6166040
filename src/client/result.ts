import type { ErrorBody } from '../schemas/index.js';
import type { OperationRoute } from '../operations/index.js';

/** What every result carries. */
type Common = {
  /** The answer's `x-request-id`, or the one the client sent (every call sends one). */
  readonly requestId: string;
  /** How many requests were sent (0 when the client answered locally). */
  readonly attempts: number;
  /** The write's `Idempotency-Key`, the same on every attempt (absent on reads). */
  readonly idempotencyKey?: string;
};

/**
 * A success answer: the resource, checked against its schema when the transport has the check.
 *
 * @example
 * if (result.ok) console.log(result.data, result.requestId, result.replayed)
 */
export type ClientSuccess<Status extends number, Data> = Common & {
  readonly ok: true;
  readonly kind: 'answer';
  readonly status: Status;
  readonly data: Data;
  /** True when the server replayed a stored answer (`idempotent-replayed: true`). */
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
};

/**
 * No answer: the connection failed (`network`, after the retries), the deadline passed
 * (`timeout`) or the caller's signal aborted (`aborted`). For a write the outcome is unknown:
 * retry it only under the same `idempotencyKey`.
 *
 * @example
 * if (!result.ok && result.kind === 'timeout') retryLater(result.idempotencyKey)
 */
export type ClientFailure = Common & {
  readonly ok: false;
  readonly kind: 'network' | 'timeout' | 'aborted';
  readonly status?: undefined;
  /** What `fetch` threw, or the abort reason. */
  readonly error: unknown;
};

/**
 * An answer that breaks the spec: a status the operation does not list, a body that is not
 * JSON, an error body without its `error` string, or a success body its schema refuses.
 *
 * @example
 * if (!result.ok && result.kind === 'unexpected') report(result.status, result.problem)
 */
export type ClientUnexpected = Common & {
  readonly ok: false;
  readonly kind: 'unexpected';
  readonly status: number;
  /** The parsed body, or the text when it is not JSON. */
  readonly body: unknown;
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
