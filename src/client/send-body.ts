import type { OperationRoute } from '../operations/index.js';
import { call, localAnswer, localFailure, type CallOptions } from './call.js';
import { freshUuid } from './fresh-uuid.js';
import type { BodyShapes } from './read-answer.js';
import type { AnyResult } from './result.js';
import type { Transport } from './transport.js';

/** A per-operation validator of `payments-kit/schemas`: the body, or the status and body the server answers. */
export type BodyValidator = (body: unknown) => { readonly ok: true } | { readonly ok: false; readonly status: number; readonly body: unknown };

/**
 * Sends a write's body once `validate` accepts it; an invalid body is answered locally
 * (`local: true`, no attempt) with the validator's status and body, which are the server's;
 * so is an `idempotencyKey` that is not 1 to 255 printable ASCII characters (400).
 * The body sent is the caller's own, as JSON.
 *
 * @example
 * sendBody(api, UPDATE_INVOICE, params, { status: 'unpaid' }, undefined, validateInvoiceUpdate, { fields: true })
 */
export function sendBody(
  transport: Transport,
  route: OperationRoute,
  params: unknown,
  body: unknown,
  options: CallOptions | undefined,
  validate: BodyValidator,
  shapes: BodyShapes,
): Promise<AnyResult> {
  let checked: ReturnType<BodyValidator>;
  let json: string;
  try {
    checked = validate(body);
    json = checked.ok ? JSON.stringify(body) : '';
  } catch (error) {
    return Promise.resolve(localFailure('the body could not be read', freshUuid(), true, error));
  }
  if (!checked.ok) return Promise.resolve(localAnswer(checked.status, checked.body, freshUuid(), true));
  const key: unknown = typeof options === 'object' && options !== null ? options.idempotencyKey : undefined;
  // The server answers 400 to such a key; a header cannot even carry some of them.
  if (key !== undefined && (typeof key !== 'string' || !/^[\x20-\x7e]{1,255}$/.test(key))) {
    return Promise.resolve(localAnswer(400, { error: 'the Idempotency-Key must be 1 to 255 printable ASCII characters' }, freshUuid(), true));
  }
  return call(transport, route, params, options, json, shapes);
}
