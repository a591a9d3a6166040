import type { OperationRoute } from '../operations/index.js';
import { isJsonObject } from '../schemas/index.js';
import type { AnswerCheck } from './answer-check.js';
import { rateLimitOf } from './rate-limit.js';
import type { AnyResult } from './result.js';

/** What an operation's bodies look like beyond `{ error }`. */
export type BodyShapes = {
  /** The success body is a JSON string (the wallet session, spec 2.8), not an object. */
  readonly text?: boolean;
  /** The 422 body is the per-field object of spec 4.2, not `{ error }`. */
  readonly fields?: boolean;
};

/** Who sent the request: the request id and key the call used, and how many attempts it took. */
export type Sent = { readonly requestId: string; readonly idempotencyKey?: string; readonly attempts: number };


/**
 * Reads an answer into the operation's typed result: the success resource (checked by `check`
 * when given), an error status it lists with the documented body, or `unexpected` with what is
 * wrong (an unlisted status, a redirect, a body that passed `maxResponseBytes` (`text`
 * undefined), a body that is not JSON or not the documented shape). Every result carries the
 * answer's `headers`, and `rateLimit` when the answer has `RateLimit` headers.
 *
 * @example
 * readAnswer(GET_SCHEDULE, response, await response.text(), { requestId, attempts: 1 }, {})
 */
export function readAnswer(route: OperationRoute, response: Response, text: string | undefined, sent: Sent, shapes: BodyShapes, check?: AnswerCheck): AnyResult {
  const status = response.status;
  const headers = response.headers;
  const limit = headers.has('ratelimit') ? rateLimitOf(headers) : undefined;
  const requestId = headers.get('x-request-id') ?? sent.requestId;
  // Only an answer to a keyed write can be a replay (a read carries no key): a read skips the header.
  const replayed = sent.idempotencyKey !== undefined && headers.get('idempotent-replayed') === 'true';
  const answered = limit === undefined ? { ...sent, requestId, replayed, headers } : { ...sent, requestId, replayed, headers, rateLimit: limit };
  let body: unknown = text;
  let problem: string | undefined;
  if (text === undefined) problem = 'the body is larger than maxResponseBytes (cancelled)';
  else {
    try {
      body = JSON.parse(text);
    } catch {
      problem = 'the body is not JSON';
    }
  }
  if (status < 200 || (status >= 300 && status < 400) || response.type === 'opaqueredirect') {
    const location = headers.get('location');
    const unexpected = { ...answered, ok: false, kind: 'unexpected', status, body, problem: `a redirect (status ${status}) is never followed` } as const;
    return location === null ? unexpected : { ...unexpected, location };
  }
  if (text !== undefined && !route.statuses.includes(status)) problem = `status ${status} is not listed for ${route.id}`;
  const success = status < 300;
  if (problem === undefined) {
    if (success) problem = shapes.text ? (typeof body === 'string' ? undefined : 'the body is not a JSON string') : isJsonObject(body) ? check?.(body) : 'the body is not an object';
    else if (status === 422 && shapes.fields) problem = isJsonObject(body) ? undefined : 'the body is not an object';
    else problem = isJsonObject(body) && typeof body.error === 'string' ? undefined : 'the body is not { error: string }';
  }
  if (problem !== undefined) return { ...answered, ok: false, kind: 'unexpected', status, body, problem };
  return success
    ? { ...answered, ok: true, kind: 'answer', status, data: body, local: false }
    : { ...answered, ok: false, kind: 'answer', status, body, local: false };
}
