import type { BodyBytes, Exchange, PlainReply } from '../core/exchange.js';
import type { ErrorReporter } from '../core/ports.js';
import type { Store } from '../store/port.js';
import { errorReply } from '../core/reply.js';
import { requestFingerprint } from './fingerprint.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, isValidIdempotencyKey } from './key.js';
import { IDEMPOTENCY_MESSAGES } from './messages.js';
import type { IdempotencySettings } from './settings.js';
import { IdempotencyTicket } from './ticket.js';
import { isIdempotencyKeyLost } from '../store/errors.js';
import { holdLease, renewEveryMs } from './lease.js';
import { callGuarded } from '../core/guarded.js';

/** What {@link performIdempotent} reads of an operation's context (the operations' `SpecifiedContext` has it). */
export type IdempotentContext = {
  readonly exchange: Exchange;
  readonly accountID: string;
  readonly requestId: string;
  readonly options: { readonly store: Store; readonly onError: ErrorReporter | undefined; readonly maxBodyBytes: number };
  /** The request's store (its one deadline): the key is begun through it; release and completion go through `options.store`. */
  readonly store: Store;
  /** Present while the operation runs under the key: a write stores its answer with it. */
  readonly idempotency?: IdempotencyTicket;
};

/**
 * The 409 of a key another request holds, with `Retry-After`: one renewal period, the longest a
 * holder that died keeps renewing before its lease starts running out (docs/decisions/0236-idempotency-keys-are-leased-and-fenced-in-the-write.md).
 */
function inFlightReply(settings: IdempotencySettings): PlainReply {
  return errorReply(409, IDEMPOTENCY_MESSAGES.inFlight, { 'retry-after': String(Math.max(1, Math.ceil(renewEveryMs(settings.lockMs) / 1000))) });
}
/**
 * An exchange whose body was read already: `readBody` answers those bytes again. A class (the
 * signal getter on the prototype), not an object literal with a getter, which would make a
 * hidden class per request (docs/decisions/0235-the-node-adapter-reads-node-http-directly.md).
 */
class ExchangeWithBody implements Exchange {
  readonly method: string;
  readonly path: string;
  readonly mountPath: string;
  readonly #exchange: Exchange;
  readonly #read: Promise<BodyBytes>;

  constructor(exchange: Exchange, body: BodyBytes) {
    this.#exchange = exchange;
    this.#read = Promise.resolve(body);
    this.method = exchange.method;
    this.path = exchange.path;
    this.mountPath = exchange.mountPath;
  }

  header(name: string): string | undefined {
    return this.#exchange.header(name);
  }

  readBody(): Promise<BodyBytes> {
    return this.#read;
  }

  get signal(): AbortSignal {
    return this.#exchange.signal;
  }

  toRequest(): Request {
    return this.#exchange.toRequest();
  }
}

/** Reports to `onError` without letting a failing reporter change anything. */
function report(context: IdempotentContext, operationId: string, error: unknown): void {
  callGuarded(context.options.onError, error, { requestId: context.requestId, operationId });
}

/** Only the answers of requests that changed something are kept (docs/decisions/0195-idempotency-key-stripe-s-semantics-stored-with-the-write.md). */
const isKept = (status: number): boolean => status >= 200 && status < 300;

/**
 * Runs one of the three writes under its `Idempotency-Key` (Stripe's semantics): without the
 * header, the operation runs as always; a key that is not 1-255 printable ASCII is 400; the
 * fingerprint (method, path, body bytes) is begun under the account-scoped key, then
 * - `completed`: the stored answer, plus `idempotent-replayed: true`;
 * - `mismatch` or `in-flight`: 409 `{ error }` saying which (in-flight with `Retry-After`);
 * - `started`: the operation runs with a ticket while the key's lease is renewed; a 2xx answer
 *   is kept (stored by the write itself, in its transaction, or here for a write the store did
 *   not see), any other answer or a thrown error releases the key, so a retry runs again. A
 *   write whose lease ran out and was taken over is rolled back by the store
 *   (`IdempotencyKeyLostError`) and answered like a request in flight: the key's new holder runs.
 *
 * @example
 * const reply = await performIdempotent(context, uploadEvidenceText, 'uploadEvidenceText', { ttlMs: 86_400_000, lockMs: 70_000 });
 */
export function performIdempotent<C extends IdempotentContext>(
  context: C,
  operation: (context: C) => PlainReply | Promise<PlainReply>,
  operationId: string,
  settings: IdempotencySettings,
): PlainReply | Promise<PlainReply> {
  const key = context.exchange.header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return operation(context);
  if (!isValidIdempotencyKey(key)) return Promise.resolve(errorReply(400, IDEMPOTENCY_MESSAGES.invalidKey));
  return runWithKey(context, operation, operationId, settings, key);
}

async function runWithKey<C extends IdempotentContext>(
  context: C,
  operation: (context: C) => PlainReply | Promise<PlainReply>,
  operationId: string,
  settings: IdempotencySettings,
  key: string,
): Promise<PlainReply> {
  const { exchange, options, accountID } = context;
  const declared = exchange.header('content-length');
  // A body over the limit is refused (400) before anything runs: nothing to remember.
  if (declared !== undefined && Number(declared) > options.maxBodyBytes) return operation(context);
  const body = await exchange.readBody(options.maxBodyBytes);
  const replayable: C = { ...context, exchange: new ExchangeWithBody(exchange, body) };
  if (!body.ok) return operation(replayable);
  const fingerprint = await requestFingerprint(exchange.method, exchange.path, body.bytes);
  const begun = await context.store.beginIdempotentRequest(accountID, { key, fingerprint, ...settings });
  switch (begun.state) {
    case 'completed': {
      const { status, headers, body: stored } = begun.answer;
      const replayed = { ...headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' };
      return stored === undefined ? { status, headers: replayed } : { status, headers: replayed, body: stored };
    }
    case 'mismatch':
      return errorReply(409, IDEMPOTENCY_MESSAGES.keyReused);
    case 'in-flight':
      return inFlightReply(settings);
    case 'started':
      break;
  }
  const ticket = new IdempotencyTicket(key, begun.lockToken);
  const { lockToken } = begun;
  const release = async (): Promise<void> => {
    try {
      await options.store.releaseIdempotentRequest(accountID, key, lockToken);
    } catch (error) {
      // The key is free again when its lease runs out (no renewal follows); the answer is unchanged.
      report(context, operationId, error);
    }
  };
  const lease = holdLease({ store: options.store, accountID, key, lockToken, lockMs: settings.lockMs, onFailure: (error) => report(context, operationId, error) });
  let reply: PlainReply;
  try {
    reply = await operation({ ...replayable, idempotency: ticket });
  } catch (error) {
    lease.stop();
    // The store refused the write: another request holds the key now and is the one to run.
    if (isIdempotencyKeyLost(error)) return inFlightReply(settings);
    // A write that committed its answer keeps it (release forgets only an in-flight record).
    await release();
    throw error;
  }
  if (!isKept(reply.status)) {
    lease.stop();
    await release();
  } else if (!ticket.isStored) {
    try {
      await options.store.completeIdempotentRequest(accountID, ticket.completionFor(reply));
    } catch (error) {
      // The answer stands; a retry after the lease runs out runs again.
      report(context, operationId, error);
    } finally {
      lease.stop();
    }
  } else lease.stop();
  return reply;
}
