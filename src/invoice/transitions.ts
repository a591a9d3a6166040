import type { InvoiceStatus } from './types.js';

/** What the host must do after a move; see `InvoiceEffect` for the full records. */
export type InvoiceEffectType = 'invoice.finalized';

/** One row of spec 3.1: a move a client can make by PATCHing `status`. */
export type InvoiceTransition = {
  /** The status the invoice is in. */
  readonly from: InvoiceStatus;
  /** The status the update asks for. */
  readonly to: InvoiceStatus;
  /** Effects the host must carry out once the new invoice is stored (spec 3.1 "Other effects"). */
  readonly effects: readonly InvoiceEffectType[];
  /** True when the move stamps `canceledOn` with the time of the update. */
  readonly setsCanceledOn: boolean;
};

/**
 * The status moves a client can make with the update-invoice operation (spec 3.1), as data.
 * Moves into `payment-pending`, `paid` and `overdue` are made by the platform, never by an
 * update, so they are not rows here. Setting the current status again is not a move
 * (see `applyInvoiceUpdate`).
 *
 * @example
 * INVOICE_TRANSITIONS.filter((t) => t.from === 'draft').map((t) => t.to) // ['unpaid', 'canceled']
 */
export const INVOICE_TRANSITIONS: readonly InvoiceTransition[] = Object.freeze([
  Object.freeze({ from: 'draft', to: 'unpaid', effects: Object.freeze(['invoice.finalized'] as const), setsCanceledOn: false }),
  Object.freeze({ from: 'draft', to: 'canceled', effects: Object.freeze([] as const), setsCanceledOn: true }),
  Object.freeze({ from: 'unpaid', to: 'canceled', effects: Object.freeze([] as const), setsCanceledOn: true }),
  Object.freeze({ from: 'overdue', to: 'canceled', effects: Object.freeze([] as const), setsCanceledOn: true }),
] satisfies InvoiceTransition[]);

/**
 * The row of {@link INVOICE_TRANSITIONS} for `from -> to`, or `undefined` when the table
 * has no such move (including `from === to`, which is not a move).
 *
 * @example
 * findTransition('draft', 'unpaid')?.effects // ['invoice.finalized']
 * findTransition('paid', 'canceled')         // undefined
 */
export function findTransition(from: string, to: string): InvoiceTransition | undefined {
  return INVOICE_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

/**
 * True when a client may move an invoice from `from` to `to` with an update (spec 3.1).
 * `canTransition(s, s)` is false: staying put is not a move.
 *
 * @example
 * canTransition('overdue', 'canceled') // true
 * canTransition('unpaid', 'draft')     // false
 */
export function canTransition(from: string, to: string): boolean {
  return findTransition(from, to) !== undefined;
}
