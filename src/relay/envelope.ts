import type { DeliverableEffect, DeliveryContext } from '../http/effects/index.js';
import type { InvoiceEffect } from '../invoice/index.js';

/**
 * What a relay needs from the dispatcher's delivery context: where the effect came from, and
 * (optionally) the signal that aborts a delivery that ran out of time. `DeliveryContext` is one.
 */
export type RelayContext = Pick<DeliveryContext, 'accountID' | 'requestId'> & { readonly signal?: AbortSignal };

/** A relay: a `deliver` function for `createEffectDispatcher`, resolving only once the effect is safely handed over. */
export type Relay = (effect: DeliverableEffect, context: RelayContext) => Promise<void>;

/**
 * The message every relay sends for one effect (JSON): the effect's `type` and `effectID`
 * (the receiver's de-duplication key), the account and request that caused it, and the effect
 * itself as `data`. Nothing in it depends on the attempt or the clock, so every retry sends
 * the same bytes.
 */
export type RelayEnvelope = {
  readonly type: InvoiceEffect['type'];
  readonly effectID: string;
  readonly accountID: string;
  readonly requestId: string;
  readonly data: InvoiceEffect;
};

/**
 * The envelope of one effect (see {@link RelayEnvelope}).
 *
 * @example
 * relayEnvelope({ ...effect, effectID: 'e1' }, { accountID: 'a1', requestId: 'r1' })
 * // { type: 'invoice.finalized', effectID: 'e1', accountID: 'a1', requestId: 'r1', data: effect }
 */
export function relayEnvelope(effect: DeliverableEffect, context: RelayContext): RelayEnvelope {
  const { effectID, ...data } = effect;
  return { type: effect.type, effectID, accountID: context.accountID, requestId: context.requestId, data };
}

/**
 * The envelope as the UTF-8 JSON text a relay sends.
 *
 * @example
 * encodeEnvelope(effect, context) // '{"type":"invoice.finalized","effectID":"e1",...}'
 */
export function encodeEnvelope(effect: DeliverableEffect, context: RelayContext): string {
  return JSON.stringify(relayEnvelope(effect, context));
}
