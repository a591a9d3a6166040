import type { RedriveFilter } from './port.js';

/** Messages for dead-letter inputs the stores refuse. */
export const DEAD_LETTER_MESSAGES = Object.freeze({
  filter: 'redrive: the filter must be { all: true }, { effectID } or { type } (each with an optional accountID)',
  limit: 'listDeadEffects: limit must be a positive integer',
});

/** The most `listDeadEffects` returns at once, whatever `limit` asks. */
export const MAX_DEAD_PAGE = 1_000;

/**
 * Checks a redrive filter (exactly one of `all: true`, `effectID`, `type`, as non-empty
 * strings; `accountID` optional) and returns it; throws `TypeError` otherwise, so that a typo
 * never revives everything.
 *
 * @example
 * checkRedriveFilter({ type: 'invoice.finalized' }) // the same filter
 * checkRedriveFilter({})                            // throws TypeError
 */
export function checkRedriveFilter(filter: unknown): RedriveFilter {
  if (filter === null || typeof filter !== 'object') throw new TypeError(DEAD_LETTER_MESSAGES.filter);
  const { all, effectID, type, accountID } = filter as Record<string, unknown>;
  const chosen = [all !== undefined, effectID !== undefined, type !== undefined].filter(Boolean).length;
  const text = (value: unknown) => value === undefined || (typeof value === 'string' && value !== '');
  if (chosen !== 1 || (all !== undefined && all !== true) || !text(effectID) || !text(type) || !text(accountID)) throw new TypeError(DEAD_LETTER_MESSAGES.filter);
  return filter as RedriveFilter;
}

/**
 * Whether a dead effect is one the filter selects.
 *
 * @example
 * matchesRedrive({ type: 'invoice.finalized' }, { effectID: 'e1', accountID: 'a', effect: { type: 'invoice.finalized' } }) // true
 */
export function matchesRedrive(filter: RedriveFilter, effect: { readonly effectID: string; readonly accountID: string; readonly effect: { readonly type: string } }): boolean {
  if (filter.accountID !== undefined && filter.accountID !== effect.accountID) return false;
  if ('effectID' in filter) return filter.effectID === effect.effectID;
  if ('type' in filter) return filter.type === effect.effect.type;
  return true;
}

/**
 * The checked page size: a positive integer, at most {@link MAX_DEAD_PAGE}; throws `TypeError` otherwise.
 *
 * @example
 * deadPageSize(50)  // 50
 * deadPageSize(1e9) // 1000
 */
export function deadPageSize(limit: unknown): number {
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) throw new TypeError(DEAD_LETTER_MESSAGES.limit);
  return Math.min(limit, MAX_DEAD_PAGE);
}

/**
 * Up to `limit` items after the one whose `effectID` is `after` (all from the start without
 * `after`; none when `after` is not among them).
 *
 * @example
 * pageAfter([{ effectID: 'a' }, { effectID: 'b' }], 'a', 10) // [{ effectID: 'b' }]
 */
export function pageAfter<T extends { readonly effectID: string }>(items: readonly T[], after: string | undefined, limit: number): T[] {
  const start = after === undefined ? 0 : items.findIndex((item) => item.effectID === after) + 1;
  return start === 0 && after !== undefined ? [] : items.slice(start, start + limit);
}
