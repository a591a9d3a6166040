import type { OperationRoute } from '../operations/index.js';
import { backoffMs } from './backoff.js';
import { expandPath } from './expand-path.js';
import { freshUuid } from '../shared/fresh-uuid.js';
import { headersProblem } from './header-value.js';
import { outcomeOf } from './outcome.js';
import { readAnswer, type BodyShapes } from './read-answer.js';
import { readBody, type BodyRead } from './read-body.js';
import type { AnyResult, Outcome } from './result.js';
import { retryAfterMs } from './retry-after.js';
import { endAttemptSpan, startAttemptSpan, type ClientOtelContext, type ClientOtelSpan } from './trace.js';
import { BEARER_TOKEN, type Transport } from './transport.js';

/** Per-call options of every operation: each overrides the client's own for this call. */
export type ReadOptions = {
  /** Aborts the call: the fetch in flight and any wait between attempts. */
  readonly signal?: AbortSignal;
  /** Retries after the first attempt (0 to 10). */
  readonly retries?: number;
  /** This call's deadline, attempts and waits included, in milliseconds. */
  readonly timeoutMs?: number;
  /** One attempt's deadline, in milliseconds. */
  readonly attemptTimeoutMs?: number;
  /** Headers of this call (over the client's `headers`; the client's own still win); no CR, LF or NUL in a value. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The statuses retried in this call (see the client's `retryStatuses`). */
  readonly retryStatuses?: readonly number[];
};

/** Per-call options of the writes: {@link ReadOptions} and the `Idempotency-Key`. */
export type CallOptions = ReadOptions & {
  /** The write's `Idempotency-Key` (1 to 255 printable ASCII); a fresh UUID v4 when absent. */
  readonly idempotencyKey?: string;
};

/**
 * A local error answer: what the server would answer, without sending. A write's carries
 * `outcome: 'none'`.
 *
 * @example
 * localAnswer(422, { status: 'must be one of ...' }, freshUuid(), true)
 */
export function localAnswer(status: number, body: unknown, requestId: string, write: boolean): AnyResult {
  const answer = { ok: false, kind: 'answer', status, body, requestId, attempts: 0, replayed: false, local: true } as const;
  return write ? { ...answer, outcome: 'none' } : answer;
}

/**
 * A call the client refused to send (`kind: 'local'`): `problem` says what was refused, and
 * never shows a token, password or header value.
 *
 * @example
 * localFailure('retries must be an integer from 0 to 10', freshUuid(), true)
 */
export function localFailure(problem: string, requestId: string, write: boolean, error?: unknown): AnyResult {
  const failure = { ok: false, kind: 'local', requestId, attempts: 0, error: error ?? new TypeError(`payments-kit/client: ${problem}`) } as const;
  return write ? { ...failure, outcome: 'none' } : failure;
}

const wholeIn = (value: unknown, min: number, max: number): boolean => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

const isSignal = (value: unknown): value is AbortSignal =>
  typeof value === 'object' && value !== null && typeof (value as AbortSignal).aborted === 'boolean' && typeof (value as AbortSignal).addEventListener === 'function';

/**
 * What is wrong with a call's options, or `undefined`: they come from the caller at run time,
 * so each is checked and a bad one answered locally rather than thrown.
 *
 * @example
 * callOptionsProblem({ retries: -1 }) // 'retries must be an integer from 0 to 10'
 */
export function callOptionsProblem(options: unknown): string | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null) return 'the call options must be an object';
  const o = options as Record<string, unknown>;
  if (o['signal'] !== undefined && !isSignal(o['signal'])) return 'signal must be an AbortSignal';
  if (o['retries'] !== undefined && !wholeIn(o['retries'], 0, 10)) return 'retries must be an integer from 0 to 10';
  if (o['timeoutMs'] !== undefined && !wholeIn(o['timeoutMs'], 1, 2_147_483_647)) return 'timeoutMs must be an integer from 1 to 2147483647';
  if (o['attemptTimeoutMs'] !== undefined && !wholeIn(o['attemptTimeoutMs'], 1, 2_147_483_647)) return 'attemptTimeoutMs must be an integer from 1 to 2147483647';
  const statuses = o['retryStatuses'];
  if (statuses !== undefined && (!Array.isArray(statuses) || statuses.length > 500 || !statuses.every((status) => wholeIn(status, 100, 599)))) {
    return 'retryStatuses must be HTTP statuses (100 to 599)';
  }
  return o['headers'] === undefined ? undefined : headersProblem(o['headers']);
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';

/** The name `error.type` and `onRetry` give to what an attempt threw. */
const errorName = (error: unknown): string => (error instanceof Error && /^\w{1,64}$/.test(error.name) ? error.name : '_OTHER');

/**
 * Sends one operation with the transport's retry policy (see docs/client.md): a write carries
 * one `Idempotency-Key` on every attempt; connection errors, an attempt past
 * `attemptTimeoutMs`, the `retryStatuses` (429, 502, 503, 504 and the 409 with `Retry-After` of
 * a key still being processed) are retried, after `Retry-After` when given (up to
 * `maxRetryAfterMs`) or exponential backoff with jitter; any other answer is returned. Redirects
 * are not followed; at most `maxResponseBytes` of a body is read. The deadline (`timeoutMs`) and
 * the caller's signal abort the fetch in flight and any wait. Resolves for anything the caller
 * passes: what cannot be sent is a local failure.
 *
 * @example
 * await call(api, GET_SCHEDULE, { accountID, scheduleID }, undefined, undefined, {})
 */
export async function call(
  transport: Transport,
  route: OperationRoute,
  params: unknown,
  options: CallOptions | undefined,
  json: string | undefined,
  shapes: BodyShapes,
): Promise<AnyResult> {
  const requestId = freshUuid();
  const write = route.idempotent;
  const problem = callOptionsProblem(options);
  if (problem !== undefined) return localFailure(problem, requestId, write);
  const path = expandPath(route.path, params);
  if (path === undefined) return localAnswer(404, { error: 'path parameters must be non-empty, well-formed strings, not "." or ".."' }, requestId, write);
  const key = write ? (options?.idempotencyKey ?? freshUuid()) : undefined;
  const sent = key === undefined ? { requestId } : { requestId, idempotencyKey: key };
  const retries = options?.retries ?? transport.retries;
  const timeoutMs = options?.timeoutMs ?? transport.timeoutMs;
  const attemptTimeoutMs = options?.attemptTimeoutMs ?? transport.attemptTimeoutMs;
  const extra = options?.headers;
  const retryStatuses = options?.retryStatuses ?? transport.retryStatuses;
  const tracing = transport.tracing;
  const parent: ClientOtelContext | undefined = tracing?.api.context.active();
  let stopped: 'timeout' | 'aborted' | undefined;
  let why: unknown;
  // The attempt in flight: aborting its controller and rejecting `abandon` stop it, so a fetch
  // function that ignores its signal (a wrapper, a handler in process) cannot outlive a deadline.
  let controller: AbortController | undefined;
  let abandon: ((error: unknown) => void) | undefined;
  let wake: (() => void) | undefined;
  const stop = (reason: 'timeout' | 'aborted', error: unknown): void => {
    if (stopped !== undefined) return;
    stopped = reason;
    why = error;
    controller?.abort(error);
    abandon?.(error);
    wake?.();
  };
  const started = Date.now();
  const deadline = started + timeoutMs;
  // One timer at a time: the call's deadline while the call waits outside an attempt (a token, a
  // hook, a pause), and during an attempt the earlier of the attempt's and the call's. A call
  // answered in one attempt without waiting on anything else sets a single timer.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let callArmed = false;
  const callTimeout = (): void => stop('timeout', new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
  // Replaces the timer with one calling `fire` in `ms` (with none when `fire` is undefined).
  const arm = (fire?: () => void, ms = 0): void => {
    clearTimeout(timer);
    timer = fire && setTimeout(fire, Math.max(0, ms));
    callArmed = fire === callTimeout;
  };
  const armCall = (): void => {
    if (!callArmed) arm(callTimeout, deadline - Date.now());
  };
  const caller = options?.signal;
  const onAbort = (): void => stop('aborted', caller?.reason);
  caller?.addEventListener('abort', onAbort);
  if (caller?.aborted === true) onAbort();
  // What the last attempt says of a write (nothing sent yet: nothing written).
  let outcome: Outcome = 'none';
  const failed = (result: AnyResult): AnyResult => (write && !result.ok ? { ...result, outcome } : result);
  const halted = (attempts: number): AnyResult => failed({ ...sent, attempts, ok: false, kind: stopped ?? 'aborted', error: why });
  // Waits `ms` unless the call stops first (then false).
  const pause = (ms: number): Promise<boolean> =>
    new Promise((resolve) => {
      if (stopped !== undefined) return resolve(false);
      armCall();
      const wait = setTimeout(() => ((wake = undefined), resolve(true)), ms);
      wake = () => (clearTimeout(wait), resolve(false));
    });
  // A promise the call's stop settles too: a token function or hook that never settles cannot hold the call past its deadline.
  const guarded = <T>(given: PromiseLike<T>): Promise<T> => {
    armCall();
    return new Promise<T>((resolve, reject) => {
      abandon = reject;
      given.then(resolve, reject);
    });
  };
  const url = transport.baseUrl + path;
  try {
    for (let attempt = 1; ; attempt++) {
      if (stopped !== undefined) return halted(attempt - 1);
      let bearer: string | undefined;
      if (transport.token !== undefined) {
        let token: unknown;
        try {
          const given: unknown = transport.token();
          token = isThenable(given) ? await guarded(given) : given;
        } catch (error) {
          return stopped === undefined ? failed({ ...localFailure('the token function threw', requestId, false, error), ...sent, attempts: attempt - 1 }) : halted(attempt - 1);
        }
        if (stopped !== undefined) return halted(attempt - 1);
        if (typeof token !== 'string' || !BEARER_TOKEN.test(token)) {
          return failed({ ...localFailure('the token function gave no bearer token (RFC 6750 b64token)', requestId, false), ...sent, attempts: attempt - 1 });
        }
        bearer = `Bearer ${token}`;
      }
      // The transport's headers as a Headers object, which the Request copies as it is (a record
      // would have each name and value converted again); then what is this call's own. The signal
      // goes to fetch, not into the Request: Node's Request follows a signal at a cost (about 65 µs
      // a call, measured) that a handler called in process does not need.
      const request = new Request(
        url,
        json === undefined
          ? { method: route.method, headers: transport.readHeaders, redirect: 'manual' }
          : { method: route.method, headers: transport.writeHeaders, body: json, redirect: 'manual' },
      );
      const headers = request.headers;
      if (extra !== undefined) {
        for (const name of Object.keys(extra)) headers.set(name, extra[name] as string);
        for (const [name, value] of transport.ownHeaders) headers.set(name, value);
        if (json !== undefined) headers.set('content-type', 'application/json');
      }
      if (bearer !== undefined) headers.set('authorization', bearer);
      headers.set('x-request-id', requestId);
      if (key !== undefined) headers.set('idempotency-key', key);
      const span: ClientOtelSpan | undefined =
        tracing === undefined || parent === undefined
          ? undefined
          : startAttemptSpan(tracing, parent, { method: route.method, url, host: transport.host, port: transport.port }, attempt, headers);
      const hook: unknown = transport.onRequest?.({ operation: route.id, attempt, request });
      if (isThenable(hook)) {
        try {
          await guarded(hook);
        } catch (error) {
          if (stopped === undefined) throw error;
        }
      }
      if (stopped !== undefined) {
        if (span !== undefined) endAttemptSpan(span, undefined, errorName(why));
        return halted(attempt - 1);
      }
      const attemptStarted = Date.now();
      const attemptController = new AbortController();
      controller = attemptController;
      if (attemptTimeoutMs < deadline - attemptStarted) {
        arm(() => {
          const error = new DOMException(`attempt ${attempt}: no answer within ${attemptTimeoutMs} ms`, 'TimeoutError');
          attemptController.abort(error);
          abandon?.(error);
        }, attemptTimeoutMs);
      } else {
        armCall();
      }
      outcome = 'unknown';
      let response: Response | undefined;
      let read: BodyRead;
      try {
        // One promise settled by the fetch or by `abandon`, whichever comes first.
        response = await new Promise<Response>((resolve, reject) => {
          abandon = reject;
          transport.fetch(request, { signal: attemptController.signal }).then(resolve, reject);
        });
        read = await readBody(response, transport.maxResponseBytes, (cancel) => {
          abandon = cancel;
          if (attemptController.signal.aborted) cancel(attemptController.signal.reason);
        });
      } catch (error) {
        arm();
        if (span !== undefined) endAttemptSpan(span, undefined, errorName(stopped === undefined ? error : why));
        transport.onResponse?.({ operation: route.id, attempt, request, error: stopped === undefined ? error : why, durationMs: Date.now() - attemptStarted });
        if (stopped !== undefined) return halted(attempt);
        const timedOut = attemptController.signal.aborted;
        // The outcome is unknown: a read is safe to repeat, a write only under its key (it always has one).
        if (attempt <= retries) {
          const wait = backoffMs(attempt, transport.backoff, transport.random);
          transport.onRetry?.({ operation: route.id, attempt, delayMs: wait, reason: timedOut ? 'attempt timeout' : 'network' });
          if (await pause(wait)) continue;
          return halted(attempt);
        }
        return failed({ ...sent, attempts: attempt, ok: false, kind: timedOut ? 'timeout' : 'network', error: timedOut ? attemptController.signal.reason : error });
      }
      arm();
      const status = response.status;
      if (span !== undefined) endAttemptSpan(span, status, read.tooLarge ? 'response_too_large' : undefined);
      transport.onResponse?.({ operation: route.id, attempt, request, response, durationMs: Date.now() - attemptStarted });
      // Below 400 the answer's headers cannot make the outcome 'none': no header read for a success.
      if (write) outcome = status < 400 ? 'unknown' : outcomeOf(status, response.headers);
      if (
        !read.tooLarge &&
        attempt <= retries &&
        retryStatuses.includes(status) &&
        (status !== 409 || (key !== undefined && response.headers.has('retry-after')))
      ) {
        const asked = retryAfterMs(response.headers.get('retry-after'), Date.now());
        const wait = asked ?? backoffMs(attempt, transport.backoff, transport.random);
        if ((asked === undefined || asked <= transport.maxRetryAfterMs) && Date.now() + wait < deadline) {
          transport.onRetry?.({ operation: route.id, attempt, delayMs: wait, reason: `status ${status}` });
          if (!(await pause(wait))) return halted(attempt);
          continue;
        }
      }
      return failed(readAnswer(route, response, read.text, { ...sent, attempts: attempt }, shapes, transport.answerChecks[route.id]));
    }
  } finally {
    arm();
    caller?.removeEventListener('abort', onAbort);
  }
}
