import type { BeginIdempotentResult, IdempotentAnswer, Store } from '../http/index.js';
import type { Row } from './client.js';
import { POSTGRES_MESSAGES } from './messages.js';
import { type ViewContext, completionParams, storable } from './view.js';

/** How many times beginIdempotentRequest re-runs when the record changes state under it. */
const BEGIN_ROUNDS = 3;

/** The idempotency calls of the port. */
type IdempotencyCalls = Pick<Store, 'beginIdempotentRequest' | 'completeIdempotentRequest' | 'releaseIdempotentRequest' | 'renewIdempotentRequest'>;

/**
 * Idempotency records: begun by `INSERT ... ON CONFLICT` (one caller of a key gets it, with a
 * lock token and a lease on the database's clock), completed with the answer, released, renewed.
 * A write's own completion is part of its statement (resources.ts), fenced by the lock token.
 *
 * @example
 * const calls = idempotencyCalls(context);
 * await calls.beginIdempotentRequest('acc_1', { key, fingerprint, ttlMs, lockMs }); // { state: 'started', lockToken }
 */
export function idempotencyCalls(context: ViewContext): IdempotencyCalls {
  const { sql, query, first } = context;
  return {
    async beginIdempotentRequest(accountID, { key, fingerprint, ttlMs, lockMs }): Promise<BeginIdempotentResult> {
      if (!storable(accountID, key, fingerprint)) throw new TypeError(POSTGRES_MESSAGES.unstorableKey);
      // A few rounds at most: each ends unless the record changed state between two statements.
      for (let round = 0; round < BEGIN_ROUNDS; round++) {
        const row = await first(sql.beginIdempotent, [accountID, key, fingerprint, ttlMs, lockMs]);
        const lockToken = row?.['lock_token'];
        if (typeof lockToken === 'string') return { state: 'started', lockToken };
        const seen = row?.['live'] === true ? row : await first(sql.readIdempotent, [accountID, key]);
        if (seen?.['live'] !== true) continue; // gone or expired meanwhile: begin again
        if (seen['fingerprint'] !== fingerprint) return { state: 'mismatch' };
        if (seen['status'] === null) return { state: 'in-flight' };
        return { state: 'completed', answer: answerOf(seen) };
      }
      return { state: 'in-flight' };
    },
    async completeIdempotentRequest(accountID, completion) {
      if (!storable(accountID, completion.key, completion.lockToken)) return;
      await query(sql.completeIdempotent, [accountID, ...completionParams(completion)]);
    },
    async releaseIdempotentRequest(accountID, key, lockToken) {
      if (!storable(accountID, key, lockToken)) return;
      await query(sql.releaseIdempotent, [accountID, key, lockToken]);
    },
    async renewIdempotentRequest(accountID, key, lockToken, lockMs) {
      if (!storable(accountID, key, lockToken)) return false;
      return (await query(sql.renewIdempotent, [accountID, key, lockToken, lockMs])).length > 0;
    },
  };
}

function answerOf(row: Row): IdempotentAnswer {
  const body = JSON.parse(row['body'] as string) as string | null;
  return {
    status: Number(row['status']),
    headers: JSON.parse(row['headers'] as string) as Record<string, string>,
    body: body === null ? undefined : body,
  };
}
