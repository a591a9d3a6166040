import type { PlainReply } from '../core/exchange.js';
import type { IdempotencyCompletion, IdempotentAnswer } from '../store/port.js';

const decoder = new TextDecoder();

/**
 * The stored form of a reply: status, its extra headers (never `x-request-id`, which the
 * pipeline adds per request) and the body as text.
 *
 * @example
 * answerOf({ status: 201, body: '{"evidenceID":"e1"}' }) // { status: 201, headers: {}, body: '{"evidenceID":"e1"}' }
 */
export function answerOf(reply: PlainReply): IdempotentAnswer {
  const body = reply.body === undefined || typeof reply.body === 'string' ? reply.body : decoder.decode(reply.body);
  return { status: reply.status, headers: { ...reply.headers }, body };
}

/**
 * An idempotent request under way: the key it holds and the lock token that proves it. A
 * write passes {@link IdempotencyTicket.completionFor} its answer, so that the answer is
 * stored in the write's own transaction, then calls {@link IdempotencyTicket.stored}.
 *
 * @example
 * const written = await store.addEvidence(accountID, evidence, ticket === undefined ? undefined : { idempotency: ticket.completionFor(reply) });
 * if (written.ok) ticket?.stored();
 */
export class IdempotencyTicket {
  readonly key: string;
  readonly lockToken: string;
  #stored = false;

  constructor(key: string, lockToken: string) {
    this.key = key;
    this.lockToken = lockToken;
  }

  /** The completion that stores `reply` with the write. */
  completionFor(reply: PlainReply): IdempotencyCompletion {
    return { key: this.key, lockToken: this.lockToken, answer: answerOf(reply) };
  }

  /** Records that a committed write stored the answer (no separate completion needed). */
  stored(): void {
    this.#stored = true;
  }

  /** True once a write stored the answer. */
  get isStored(): boolean {
    return this.#stored;
  }
}

/**
 * The write extras for an optional ticket: `{ idempotency }` with the answer, or nothing.
 *
 * @example
 * await store.addEvidence(accountID, evidence, idempotencyExtras(context.idempotency, reply));
 */
export function idempotencyExtras(ticket: IdempotencyTicket | undefined, reply: PlainReply): { idempotency: IdempotencyCompletion } | undefined {
  return ticket === undefined ? undefined : { idempotency: ticket.completionFor(reply) };
}
