import type { BeginIdempotentInput, BeginIdempotentResult, IdempotencyCompletion, IdempotentAnswer } from './port.js';

/** One idempotency record of the memory store. */
type IdempotencyRecord = {
  readonly fingerprint: string;
  readonly lockToken: string;
  /** The key is free again from this instant (ms since the epoch): begin + ttlMs. */
  readonly expiresAt: number;
  /** While in flight, the lease holds until this instant: begin (or the last renewal) + lockMs. */
  lockedUntil: number;
  answer: IdempotentAnswer | undefined;
};

/** Begins between two sweeps of expired records (amortized O(1) per begin). */
const SWEEP_EVERY = 1024;

/** The idempotency part of the memory store (see `createMemoryStore`). */
export type MemoryIdempotency = {
  begin(accountID: string, input: BeginIdempotentInput): BeginIdempotentResult;
  complete(accountID: string, completion: IdempotencyCompletion): void;
  release(accountID: string, key: string, lockToken: string): void;
  /** Extends the lease of the in-flight record `lockToken` holds; `false` when it holds none. */
  renew(accountID: string, key: string, lockToken: string, lockMs: number): boolean;
  /** True while `lockToken` holds the key in flight (a write under it may commit). */
  holds(accountID: string, key: string, lockToken: string): boolean;
};

/**
 * Account-scoped idempotency records in memory: begin, complete and release are each one
 * synchronous step, so of two concurrent begins with one key exactly one is `started`.
 * Expired records are dropped when met and swept every {@link SWEEP_EVERY} begins.
 *
 * @example
 * const records = createMemoryIdempotency(Date.now, () => crypto.randomUUID());
 * records.begin('acc_1', { key: 'k', fingerprint: 'f', ttlMs: 86_400_000, lockMs: 70_000 }).state // 'started'
 */
export function createMemoryIdempotency(now: () => number, newToken: () => string): MemoryIdempotency {
  const byAccount = new Map<string, Map<string, IdempotencyRecord>>();
  let begins = 0;
  const live = (record: IdempotencyRecord, t: number): boolean =>
    t < record.expiresAt && (record.answer !== undefined || t < record.lockedUntil);
  const sweep = (t: number): void => {
    for (const [accountID, records] of byAccount) {
      for (const [key, record] of records) if (!live(record, t)) records.delete(key);
      if (records.size === 0) byAccount.delete(accountID);
    }
  };
  const held = (accountID: string, key: string, lockToken: string): IdempotencyRecord | undefined => {
    const record = byAccount.get(accountID)?.get(key);
    return record !== undefined && record.lockToken === lockToken ? record : undefined;
  };
  return {
    begin(accountID, { key, fingerprint, ttlMs, lockMs }) {
      const t = now();
      if (++begins % SWEEP_EVERY === 0) sweep(t);
      let records = byAccount.get(accountID);
      const existing = records?.get(key);
      if (existing !== undefined && live(existing, t)) {
        if (existing.fingerprint !== fingerprint) return { state: 'mismatch' };
        return existing.answer === undefined ? { state: 'in-flight' } : { state: 'completed', answer: existing.answer };
      }
      if (records === undefined) {
        records = new Map();
        byAccount.set(accountID, records);
      }
      const lockToken = newToken();
      records.set(key, { fingerprint, lockToken, expiresAt: t + ttlMs, lockedUntil: t + lockMs, answer: undefined });
      return { state: 'started', lockToken };
    },
    complete(accountID, { key, lockToken, answer }) {
      const record = held(accountID, key, lockToken);
      if (record === undefined || record.answer !== undefined) return;
      record.answer = Object.freeze({ status: answer.status, headers: Object.freeze({ ...answer.headers }), body: answer.body });
    },
    release(accountID, key, lockToken) {
      const record = held(accountID, key, lockToken);
      if (record !== undefined && record.answer === undefined) byAccount.get(accountID)?.delete(key);
    },
    renew(accountID, key, lockToken, lockMs) {
      const record = held(accountID, key, lockToken);
      if (record === undefined || record.answer !== undefined) return false;
      record.lockedUntil = Math.max(record.lockedUntil, now() + lockMs);
      return true;
    },
    holds(accountID, key, lockToken) {
      const record = held(accountID, key, lockToken);
      return record !== undefined && record.answer === undefined;
    },
  };
}
