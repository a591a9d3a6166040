import type { OperationRoute } from '../operations/index.js';
import { backoffMs } from './backoff.js';
import { expandPath } from './expand-path.js';
import { freshUuid } from '../shared/fresh-uuid.js';
import { pause } from './pause.js';
import { readAnswer, type BodyShapes } from './read-answer.js';
import type { AnyResult } from './result.js';
import { retryAfterMs } from './retry-after.js';
import type { Transport } from './transport.js';

/** Per-call options of the writes (and `signal` of every operation). */
export type CallOptions = {
  /** The write's `Idempotency-Key` (1 to 255 printable ASCII); a fresh UUID v4 when absent. */
  readonly idempotencyKey?: string;
  /** Aborts the call: the fetch in flight and any wait between attempts. */
  readonly signal?: AbortSignal;
};

/**
 * A local error answer: what the server would answer, without sending.
 *
 * @example
 * localAnswer(422, { status: 'must be one of ...' }, freshUuid())
 */
export function localAnswer(status: number, body: unknown, requestId: string): AnyResult {
  return { ok: false, kind: 'answer', status, body, requestId, attempts: 0, replayed: false, local: true };
}

const RETRIED = new Set([429, 503, 504]);

/**
 * Sends one operation with the transport's retry policy (Stripe's, see docs/client.md): a
 * write carries one `Idempotency-Key` on every attempt; connection errors, 429, 503, 504 and a
 * 409 with `Retry-After` (a request under the same key still running) are retried, after
 * `Retry-After` when given (up to `maxRetryAfterMs`) or exponential backoff with jitter; any
 * other answer is returned. The deadline (`timeoutMs`) and the caller's signal abort the fetch
 * in flight and any wait.
 *
 * @example
 * await call(api, GET_SCHEDULE, { accountID, scheduleID }, undefined, undefined, {})
 */
export async function call(
  transport: Transport,
  route: OperationRoute,
  params: Readonly<Record<string, unknown>>,
  options: CallOptions | undefined,
  json: string | undefined,
  shapes: BodyShapes,
): Promise<AnyResult> {
  const requestId = freshUuid();
  const path = expandPath(route.path, params);
  if (path === undefined) return localAnswer(404, { error: 'path parameters must be non-empty, not "." or ".."' }, requestId);
  const key = route.idempotent ? (options?.idempotencyKey ?? freshUuid()) : undefined;
  const sent = key === undefined ? { requestId } : { requestId, idempotencyKey: key };
  const controller = new AbortController();
  let stopped: 'timeout' | 'aborted' | undefined;
  let why: unknown;
  // Settles (rejects) when the call stops: raced with each fetch and body read, so a fetch
  // function that ignores its signal (a wrapper, a handler in process) cannot outlive the deadline.
  let rejectStopped: (error: unknown) => void = () => {};
  const whenStopped = new Promise<never>((_, reject) => (rejectStopped = reject));
  whenStopped.catch(() => {});
  const stop = (reason: 'timeout' | 'aborted', error: unknown): void => {
    if (stopped !== undefined) return;
    stopped = reason;
    why = error;
    controller.abort(error);
    rejectStopped(error);
  };
  const deadline = Date.now() + transport.timeoutMs;
  const timer = setTimeout(() => stop('timeout', new DOMException(`no answer within ${transport.timeoutMs} ms`, 'TimeoutError')), transport.timeoutMs);
  const caller = options?.signal;
  const onAbort = (): void => stop('aborted', caller?.reason);
  caller?.addEventListener('abort', onAbort);
  if (caller?.aborted === true) onAbort();
  const url = transport.baseUrl + path;
  try {
    for (let attempt = 1; ; attempt++) {
      if (stopped !== undefined) return { ...sent, attempts: attempt - 1, ok: false, kind: stopped, error: why };
      const headers = new Headers(transport.headers as [string, string][]);
      const token = await transport.token?.();
      if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
      headers.set('x-request-id', requestId);
      if (key !== undefined) headers.set('idempotency-key', key);
      if (json !== undefined) headers.set('content-type', 'application/json');
      // The signal goes to fetch, not into the Request: Node's Request follows a signal at a cost
      // (about 65 µs a call, measured) that a handler called in process does not need.
      const request = new Request(url, json === undefined ? { method: route.method, headers } : { method: route.method, headers, body: json });
      transport.onRequest?.({ operation: route.id, attempt, request });
      const started = Date.now();
      let response: Response;
      let text: string;
      try {
        response = await Promise.race([transport.fetch(request, { signal: controller.signal }), whenStopped]);
        text = await Promise.race([response.text(), whenStopped]);
      } catch (error) {
        transport.onResponse?.({ operation: route.id, attempt, request, error, durationMs: Date.now() - started });
        if (stopped !== undefined) return { ...sent, attempts: attempt, ok: false, kind: stopped, error: why };
        // The outcome is unknown: a read is safe to repeat, a write only under its key (it always has one).
        if (attempt > transport.retries || !(await pause(backoffMs(attempt, transport.backoff, transport.random), controller.signal))) {
          return { ...sent, attempts: attempt, ok: false, kind: stopped ?? 'network', error: stopped === undefined ? error : why };
        }
        continue;
      }
      transport.onResponse?.({ operation: route.id, attempt, request, response, durationMs: Date.now() - started });
      const status = response.status;
      if (attempt <= transport.retries && (RETRIED.has(status) || (status === 409 && key !== undefined && response.headers.has('retry-after')))) {
        const asked = retryAfterMs(response.headers.get('retry-after'), Date.now());
        const wait = asked ?? backoffMs(attempt, transport.backoff, transport.random);
        if ((asked === undefined || asked <= transport.maxRetryAfterMs) && Date.now() + wait < deadline) {
          if (!(await pause(wait, controller.signal))) return { ...sent, attempts: attempt, ok: false, kind: stopped ?? 'aborted', error: why };
          continue;
        }
      }
      return readAnswer(route, response, text, { ...sent, attempts: attempt }, shapes, transport.answerChecks[route.id]);
    }
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', onAbort);
  }
}
