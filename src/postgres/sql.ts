/**
 * Every statement the store runs at request time, in plain sight. `s` is the quoted schema
 * name (checked by `quoteSchemaName`); everything else is a `$n` parameter. Every statement
 * about a resource filters by account. Times come from the database's clock (`now()`), so
 * several processes agree on leases and expiry whatever their own clocks say.
 *
 * `channel` is the outbox's NOTIFY channel (`effectsChannel`: `[a-z0-9_]` only, so safe as a literal).
 *
 * Durations arrive as milliseconds (`$n::double precision * interval '1 millisecond'`).
 */
export function storeStatements(s: string, channel: string) {
  const ms = (n: number) => `($${n}::double precision * interval '1 millisecond')`;
  /**
   * The fencing check of a write: the idempotency record of account $1 that the key $n and lock
   * token $n+1 still hold in flight, locked FOR UPDATE until the write's transaction ends (a
   * concurrent take-over waits, then sees the record completed). A NULL key (a write without
   * an idempotency completion) needs no record: `keyHeld(n)` is then true.
   */
  const held = (n: number) => `SELECT 1 FROM ${s}.idempotency_keys
        WHERE account_id = $1 AND key = $${n} AND lock_token = $${n + 1} AND status IS NULL
        FOR UPDATE`;
  const keyHeld = (n: number) => `($${n}::text IS NULL OR EXISTS (SELECT 1 FROM held))`;
  /**
   * Completes the idempotency record of account $1 with the answer in $n..$n+4 (key, lock
   * token, status, headers, body) when `condition` holds; still in flight and held by that
   * token, else nothing. The completed record lives `ttl_ms` from now.
   */
  const complete = (n: number, condition: string) => `UPDATE ${s}.idempotency_keys
        SET status = $${n + 2}, headers = $${n + 3}::json, body = $${n + 4}::json, lock_token = NULL, locked_until = NULL,
            expires_at = now() + ttl_ms * interval '1 millisecond'
        WHERE account_id = $1 AND key = $${n} AND lock_token = $${n + 1} AND status IS NULL AND ${condition}`;
  return {
    getSchedule: `SELECT document::text AS document FROM ${s}.schedules WHERE account_id = $1 AND schedule_id = $2`,
    getAdjustment: `SELECT document::text AS document FROM ${s}.adjustments WHERE account_id = $1 AND adjustment_id = $2`,
    getInvoice: `SELECT document::text AS document, version::text AS version FROM ${s}.invoices WHERE account_id = $1 AND invoice_id = $2`,
    getDispute: `SELECT dispute_id, status FROM ${s}.disputes WHERE account_id = $1 AND dispute_id = $2`,
    listEvidence: `SELECT document::text AS document FROM ${s}.evidence WHERE account_id = $1 AND dispute_id = $2 ORDER BY seq`,
    hasWalletDomain: `SELECT EXISTS (SELECT 1 FROM ${s}.wallet_domains WHERE account_id = $1 AND domain = $2) AS present`,

    /**
     * The whole invoice write in ONE statement (one round trip, one implicit transaction):
     * compare-and-set on the version, the effects into the outbox only when the write
     * happened, the idempotency record completed only when the write happened. `found`
     * tells a conflict (the invoice exists) from not-found.
     * $1 account, $2 invoice ID, $3 document, $4 expected version (NULL matches nothing),
     * $5, $6, $7 the effects as parallel arrays (IDs, request IDs, effect JSON texts; text
     * arrays rather than one JSON array, whose json operators would refuse a `\u0000` escape),
     * $8..$12 the idempotency completion (key, lock token, status, headers, body; a NULL key
     * completes nothing), $13 the effects' trace contexts (NULL elements for none). With a key,
     * the write happens only while its token holds the key in flight (`held`, locked until the
     * statement's transaction ends); `key_held` false says the key was lost and nothing was written.
     * When it inserted effects it also NOTIFYs `channel` (delivered to listeners at commit, so
     * another process's dispatcher wakes at once; `notified` is read only so the CTE runs).
     */
    compareAndSetInvoice: `WITH held AS (
        ${held(8)}
      ), written AS (
        UPDATE ${s}.invoices SET document = $3::json, version = version + 1, updated_at = now()
        WHERE account_id = $1 AND invoice_id = $2 AND version = $4::bigint AND ${keyHeld(8)}
        RETURNING version
      ), outbox AS (
        INSERT INTO ${s}.effects (effect_id, account_id, request_id, effect, trace_context)
        SELECT e.effect_id, $1, e.request_id, e.effect::json, e.trace_context
        FROM written, unnest($5::text[], $6::text[], $7::text[], $13::text[]) WITH ORDINALITY AS e(effect_id, request_id, effect, trace_context, position)
        ORDER BY e.position
        RETURNING 1
      ), notified AS (
        SELECT pg_notify('${channel}', '') FROM (SELECT 1 FROM outbox LIMIT 1) AS inserted
      ), completed AS (
        ${complete(8, 'EXISTS (SELECT 1 FROM written)')}
        RETURNING 1
      )
      SELECT (SELECT version::text FROM written) AS version, ${keyHeld(8)} AS key_held,
             (SELECT count(*) FROM notified) AS notified,
             EXISTS (SELECT 1 FROM ${s}.invoices WHERE account_id = $1 AND invoice_id = $2) AS found`,

    /**
     * Appends one evidence row (no list rewrite) when the dispute exists, and completes the
     * idempotency record in the same statement, under the same fencing check as
     * compareAndSetInvoice. $1 account, $2 dispute, $3 document, $4..$8 the idempotency
     * completion as in compareAndSetInvoice.
     */
    addEvidence: `WITH held AS (
        ${held(4)}
      ), added AS (
        INSERT INTO ${s}.evidence (account_id, dispute_id, document)
        SELECT account_id, dispute_id, $3::json FROM ${s}.disputes WHERE account_id = $1 AND dispute_id = $2 AND ${keyHeld(4)}
        RETURNING 1
      ), completed AS (
        ${complete(4, 'EXISTS (SELECT 1 FROM added)')}
        RETURNING 1
      )
      SELECT EXISTS (SELECT 1 FROM added) AS added, ${keyHeld(4)} AS key_held`,

    /**
     * Claims up to $1 due effects, oldest first, for $2 ms: rows another claimer holds locked
     * are skipped, and a claimed row is not due again until its lease ends (available_at).
     * Each claim gets its own token.
     */
    claimEffects: `WITH due AS (
        SELECT seq FROM ${s}.effects
        WHERE delivered_at IS NULL AND dead_at IS NULL AND available_at <= now()
        ORDER BY seq
        LIMIT $1
        FOR UPDATE SKIP LOCKED
      )
      UPDATE ${s}.effects AS e
      SET claim_token = gen_random_uuid()::text, available_at = now() + ${ms(2)}, attempts = e.attempts + 1
      FROM due WHERE e.seq = due.seq
      RETURNING e.seq::text AS seq, e.effect_id, e.account_id, e.request_id, e.effect::text AS effect, e.attempts, e.claim_token, e.trace_context`,
    /**
     * Marks delivered the effects $1 (IDs) still held by the claim tokens $2 (parallel arrays:
     * concurrent completions share one statement); answers the IDs it marked.
     */
    completeEffects: `UPDATE ${s}.effects AS e SET delivered_at = now(), claim_token = NULL, last_error = NULL
      FROM unnest($1::text[], $2::text[]) AS c(effect_id, claim_token)
      WHERE e.effect_id = c.effect_id AND e.claim_token = c.claim_token AND e.delivered_at IS NULL
      RETURNING e.effect_id`,
    releaseEffect: `UPDATE ${s}.effects SET claim_token = NULL, available_at = now() + ${ms(3)}, last_error = $4,
        last_error_at = CASE WHEN $4::text IS NULL THEN last_error_at ELSE now() END
      WHERE effect_id = $1 AND claim_token = $2 AND delivered_at IS NULL AND dead_at IS NULL
      RETURNING 1 AS done`,
    /** A claim given back undelivered: $1 effect, $2 claim token; claimable at once, the claim's attempt taken back. */
    unclaimEffect: `UPDATE ${s}.effects SET claim_token = NULL, available_at = now(), attempts = attempts - 1
      WHERE effect_id = $1 AND claim_token = $2 AND delivered_at IS NULL AND dead_at IS NULL
      RETURNING 1 AS done`,
    /** A last failed attempt: $1 effect, $2 claim token, $3 error. */
    markEffectDead: `UPDATE ${s}.effects SET claim_token = NULL, dead_at = now(), last_error = $3, last_error_at = now()
      WHERE effect_id = $1 AND claim_token = $2 AND delivered_at IS NULL AND dead_at IS NULL
      RETURNING 1 AS done`,
    /**
     * Revives dead effects: $1 account (NULL: any), $2 effect ID (NULL: any), $3 effect type
     * (NULL: any). Claimable at once, with a fresh attempt count; answers how many. When it
     * revived any it NOTIFYs `channel`, as a write with effects does, so a listening dispatcher
     * in another process delivers them at once rather than at its next poll.
     */
    redriveEffects: `WITH revived AS (
        UPDATE ${s}.effects SET dead_at = NULL, attempts = 0, available_at = now()
        WHERE dead_at IS NOT NULL AND ($1::text IS NULL OR account_id = $1)
          AND ($2::text IS NULL OR effect_id = $2) AND ($3::text IS NULL OR effect->>'type' = $3)
        RETURNING 1
      ), notified AS (
        SELECT pg_notify('${channel}', '') FROM (SELECT 1 FROM revived LIMIT 1) AS any_revived
      ) SELECT (SELECT count(*)::integer FROM revived) AS revived, (SELECT count(*) FROM notified) AS notified`,
    /** Up to $3 dead effects in outbox order after the effect $2 (NULL: from the start; unknown: none), of account $1 (NULL: any). */
    listDeadEffects: `SELECT effect_id, account_id, request_id, effect::text AS effect, attempts, last_error,
        floor(extract(epoch FROM dead_at) * 1000)::float8 AS died_at_ms
      FROM ${s}.effects
      WHERE dead_at IS NOT NULL AND ($1::text IS NULL OR account_id = $1)
        AND ($2::text IS NULL OR seq > (SELECT seq FROM ${s}.effects WHERE effect_id = $2))
      ORDER BY seq
      LIMIT $3`,
    /**
     * The outbox at a glance, each count through a partial index (pending: effects_due; dead:
     * effects_dead; delivered in the last hour: a range of effects_delivered): no statement
     * reads the delivered rows as a whole.
     */
    outboxStats: `SELECT
        (SELECT count(*) FROM ${s}.effects WHERE delivered_at IS NULL AND dead_at IS NULL)::float8 AS pending,
        (SELECT count(*) FROM ${s}.effects WHERE delivered_at IS NULL AND dead_at IS NULL AND claim_token IS NOT NULL AND available_at > now())::float8 AS in_flight,
        (SELECT count(*) FROM ${s}.effects WHERE dead_at IS NOT NULL)::float8 AS dead,
        (SELECT greatest(0, floor(extract(epoch FROM now() - created_at) * 1000))::float8 FROM ${s}.effects
          WHERE delivered_at IS NULL AND dead_at IS NULL ORDER BY seq LIMIT 1) AS oldest_pending_ms,
        (SELECT count(*) FROM ${s}.effects WHERE delivered_at > now() - interval '1 hour')::float8 AS delivered_last_hour`,

    /**
     * Begins an idempotent request in one statement: inserts the record, or takes over one
     * that counts as absent (past its TTL, or in flight past its lock); of two concurrent
     * callers the unique key lets exactly one insert or take over. `lock_token` is set only
     * for the caller that now owns the key; otherwise the row as the statement saw it tells
     * in-flight, mismatch or completed.
     * $1 account, $2 key, $3 fingerprint, $4 ttl ms, $5 lock ms.
     */
    beginIdempotent: `WITH taken AS (
        INSERT INTO ${s}.idempotency_keys AS k (account_id, key, fingerprint, lock_token, locked_until, ttl_ms, expires_at)
        VALUES ($1, $2, $3, gen_random_uuid()::text, now() + ${ms(5)}, $4, now() + ${ms(4)})
        ON CONFLICT (account_id, key) DO UPDATE
        SET fingerprint = EXCLUDED.fingerprint, lock_token = EXCLUDED.lock_token, locked_until = EXCLUDED.locked_until,
            ttl_ms = EXCLUDED.ttl_ms, expires_at = EXCLUDED.expires_at, status = NULL, headers = NULL, body = NULL,
            created_at = now()
        WHERE k.expires_at <= now() OR (k.status IS NULL AND k.locked_until <= now())
        RETURNING k.lock_token
      )
      SELECT (SELECT lock_token FROM taken) AS lock_token, k.fingerprint, k.status, k.headers::text AS headers, k.body::text AS body,
             (k.expires_at > now() AND (k.status IS NOT NULL OR k.locked_until > now())) AS live
      FROM (SELECT 1) AS one
      LEFT JOIN ${s}.idempotency_keys AS k ON k.account_id = $1 AND k.key = $2`,
    /**
     * The record as a fresh statement sees it: the begin statement's snapshot may predate a
     * concurrent insert or take-over that its ON CONFLICT clause saw.
     */
    readIdempotent: `SELECT fingerprint, status, headers::text AS headers, body::text AS body,
             (expires_at > now() AND (status IS NOT NULL OR locked_until > now())) AS live
      FROM ${s}.idempotency_keys
      WHERE account_id = $1 AND key = $2`,
    completeIdempotent: complete(2, 'true'),
    /** Extends the lease of the in-flight record $2 of account $1 held by token $3 to $4 ms from now. */
    renewIdempotent: `UPDATE ${s}.idempotency_keys SET locked_until = GREATEST(locked_until, now() + ${ms(4)})
      WHERE account_id = $1 AND key = $2 AND lock_token = $3 AND status IS NULL
      RETURNING 1 AS renewed`,
    releaseIdempotent: `DELETE FROM ${s}.idempotency_keys WHERE account_id = $1 AND key = $2 AND lock_token = $3 AND status IS NULL`,

    /** Deletes up to $2 effects delivered more than $1 ms ago; answers how many. */
    pruneEffects: `WITH gone AS (
        DELETE FROM ${s}.effects AS e USING (
          SELECT seq FROM ${s}.effects WHERE delivered_at < now() - ${ms(1)} ORDER BY delivered_at LIMIT $2 FOR UPDATE SKIP LOCKED
        ) AS old WHERE e.seq = old.seq
        RETURNING 1
      ) SELECT count(*)::integer AS deleted FROM gone`,
    /** Deletes up to $1 idempotency records that count as absent (expired, or in flight past their lock); answers how many. */
    pruneIdempotency: `WITH gone AS (
        DELETE FROM ${s}.idempotency_keys AS k USING (
          SELECT account_id, key FROM ${s}.idempotency_keys
          WHERE expires_at <= now() OR (status IS NULL AND locked_until <= now())
          LIMIT $1 FOR UPDATE SKIP LOCKED
        ) AS old WHERE k.account_id = old.account_id AND k.key = old.key
        RETURNING 1
      ) SELECT count(*)::integer AS deleted FROM gone`,
  } as const;
}

/** The statements of one schema. */
export type StoreStatements = ReturnType<typeof storeStatements>;
