import type { InvoiceEffect } from '../invoice/index.js';
import { type ClaimedEffect, type DeadEffect, type Store, checkRedriveFilter, deadPageSize } from '../http/index.js';
import type { Row } from './client.js';
import { coalesced } from './coalesce.js';
import { isStorableText, storableNote } from './storable.js';
import { type ViewContext, storable } from './view.js';

/** At most this many completions share one statement. */
const COMPLETE_BATCH = 256;

/** The outbox calls of the port. */
type OutboxCalls = Pick<Store, 'claimEffects' | 'completeEffect' | 'releaseEffect' | 'unclaimEffect' | 'markEffectDead' | 'redriveEffects' | 'listDeadEffects' | 'outboxStats'>;

type Claim = { readonly effectID: string; readonly claimToken: string };

/**
 * The outbox: effects claimed with `FOR UPDATE SKIP LOCKED` under a lease on the database's
 * clock, completed together (one statement for the completions made at once), released for a
 * retry, marked dead, redriven, listed, counted.
 *
 * @example
 * const calls = outboxCalls(context);
 * await calls.claimEffects({ limit: 10, leaseMs: 30_000 });
 */
export function outboxCalls(context: ViewContext): OutboxCalls {
  const { sql, query, first, names } = context;
  /**
   * completeEffect's statement, shared by the calls made together (a dispatcher completes its
   * deliveries at once); made on the first completion, so a request's view (one per request,
   * which never completes effects) does not build one.
   */
  let completeTogether: ((claim: Claim) => Promise<boolean>) | undefined;
  const completeBatch = () =>
    (completeTogether ??= coalesced(
      async (claims: readonly Claim[]) => {
        const rows = await query(sql.completeEffects, [claims.map((c) => c.effectID), claims.map((c) => c.claimToken)], names.completeEffects);
        const done = new Set(rows.map((row) => row['effect_id']));
        return claims.map((c) => done.has(c.effectID));
      },
      (claim) => claim.effectID,
      COMPLETE_BATCH,
    ));
  return {
    async claimEffects({ limit, leaseMs }) {
      if (!(limit >= 1)) return [];
      const rows = await query(sql.claimEffects, [Math.floor(limit), leaseMs], names.claimEffects);
      return [...rows]
        .sort((x, y) => compareDecimal(x['seq'] as string, y['seq'] as string))
        .map(
          (row): ClaimedEffect => ({
            effectID: row['effect_id'] as string,
            accountID: row['account_id'] as string,
            requestId: row['request_id'] as string,
            effect: JSON.parse(row['effect'] as string) as InvoiceEffect,
            attempt: Number(row['attempts']),
            claimToken: row['claim_token'] as string,
            ...(typeof row['trace_context'] === 'string' ? { traceContext: row['trace_context'] } : {}),
          }),
        );
    },
    async completeEffect(effectID, claimToken) {
      if (!storable(effectID, claimToken)) return false;
      return completeBatch()({ effectID, claimToken });
    },
    async releaseEffect(effectID, claimToken, retryInMs, error) {
      if (!storable(effectID, claimToken)) return false;
      const note = error === undefined ? null : storableNote(error);
      return (await query(sql.releaseEffect, [effectID, claimToken, Math.max(0, retryInMs), note])).length > 0;
    },
    async unclaimEffect(effectID, claimToken) {
      if (!storable(effectID, claimToken)) return false;
      return (await query(sql.unclaimEffect, [effectID, claimToken])).length > 0;
    },
    async markEffectDead(effectID, claimToken, error) {
      if (!storable(effectID, claimToken)) return false;
      return (await query(sql.markEffectDead, [effectID, claimToken, storableNote(error)])).length > 0;
    },
    async redriveEffects(filter) {
      const checked = checkRedriveFilter(filter);
      const { accountID } = checked;
      const effectID = 'effectID' in checked ? checked.effectID : null;
      const type = 'type' in checked ? checked.type : null;
      if (![accountID, effectID, type].every((text) => text === undefined || text === null || isStorableText(text))) return 0;
      return Number((await first(sql.redriveEffects, [accountID ?? null, effectID, type]))?.['revived'] ?? 0);
    },
    async listDeadEffects(input) {
      const limit = deadPageSize(input?.limit);
      const { after, accountID } = input;
      if (![after, accountID].every((text) => text === undefined || isStorableText(text))) return [];
      const rows = await query(sql.listDeadEffects, [accountID ?? null, after ?? null, limit]);
      return rows.map(deadEffectOf);
    },
    async outboxStats() {
      const row = await first(sql.outboxStats, []);
      const count = (name: string): number => Number(row?.[name] ?? 0);
      const oldest = row?.['oldest_pending_ms'];
      return {
        pending: count('pending'),
        inFlight: count('in_flight'),
        dead: count('dead'),
        oldestPendingAgeMs: oldest === null || oldest === undefined ? null : Number(oldest),
        deliveredLastHour: count('delivered_last_hour'),
      };
    },
  };
}

/** A dead effect as `listDeadEffects` returns it, from its row. */
function deadEffectOf(row: Row): DeadEffect {
  return {
    effectID: row['effect_id'] as string,
    accountID: row['account_id'] as string,
    requestId: row['request_id'] as string,
    effect: JSON.parse(row['effect'] as string) as InvoiceEffect,
    attempts: Number(row['attempts']),
    lastError: (row['last_error'] as string | null) ?? '',
    diedAt: new Date(Number(row['died_at_ms'])).toISOString(),
  };
}

/** Orders two non-negative decimal strings numerically (bigint sequence numbers). */
const compareDecimal = (x: string, y: string): number => x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
