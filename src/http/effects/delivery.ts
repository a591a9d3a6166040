import type { InvoiceEffect } from '../../invoice/index.js';
import type { ClaimedEffect } from '../store/port.js';
import { withDeadline } from '../core/deadline.js';

/** An effect as `deliver` receives it: the `InvoiceEffect` with its stable `effectID` (deduplicate on it). */
export type DeliverableEffect = InvoiceEffect & { readonly effectID: string };

/** Where an effect came from and which attempt this is. */
export type DeliveryContext = {
  readonly effectID: string;
  readonly accountID: string;
  /** The request whose write caused the effect. */
  readonly requestId: string;
  /** 1 on the first delivery attempt; each claim of the effect counts one. */
  readonly attempt: number;
  /** Aborted when `deliveryTimeoutMs` passes: stop the work, the effect will be retried. */
  readonly signal: AbortSignal;
};

/** The outcome of one delivery attempt: delivered, or the error it failed with (a timeout included). */
export type AttemptOutcome = { readonly ok: true } | { readonly ok: false; readonly error: unknown };

/** Why a delivery that never settled failed. */
export const deliveryTimedOut = (ms: number): string => `the delivery did not settle within deliveryTimeoutMs (${ms} ms)`;

/** The error text kept with a released effect, for operators. */
export function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return String(error);
  } catch {
    return 'unprintable error';
  }
}

/** Runs `deliver` under a deadline: resolves true when it succeeded, or with the error (a timeout included). */
export async function attempt(
  deliver: (effect: DeliverableEffect, context: DeliveryContext) => void | Promise<void>,
  claim: ClaimedEffect,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  const effect: DeliverableEffect = Object.freeze({ ...claim.effect, effectID: claim.effectID });
  const about = { effectID: claim.effectID, accountID: claim.accountID, requestId: claim.requestId, attempt: claim.attempt };
  const timeout = (): Error => Object.assign(new Error(deliveryTimedOut(timeoutMs)), { name: 'TimeoutError' });
  try {
    const delivered = await withDeadline((signal) => deliver(effect, { ...about, signal }), timeoutMs, { timeoutReason: timeout });
    return delivered.ok ? { ok: true } : { ok: false, error: timeout() };
  } catch (error) {
    return { ok: false, error };
  }
}

