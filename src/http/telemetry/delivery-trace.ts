import type { OtelAttributes } from './otel-types.js';
import type { InvoiceEffect } from '../../invoice/index.js';
import { ATTRIBUTES } from './attributes.js';
import { type TelemetryOptions, type Tracing, resolveMeter, resolveTracing } from './api.js';
import { failSpan } from './child-span.js';
import { type OutboxMetrics, outboxMetrics } from './outbox-metrics.js';
import { traceCarrierOf } from './trace-context.js';
import type { Store } from '../store/port.js';

const CONSUMER_KIND = 4;

/** What a delivery span needs of a claimed effect. */
export type DeliveryFacts = {
  readonly effectID: string;
  readonly accountID: string;
  readonly requestId: string;
  readonly effect: InvoiceEffect;
  readonly attempt: number;
  readonly traceContext?: string;
};

/** The outcome of one delivery attempt, as the dispatcher sees it. */
export type AttemptOutcome = { readonly ok: true } | { readonly ok: false; readonly error: unknown };

/** How an attempt ended, as the `payments_kit.effect.outcome` attribute says it. */
export const DELIVERY_OUTCOMES = Object.freeze({ delivered: 'delivered', failed: 'failed', timedOut: 'timeout' });

/** The name of a delivery span: `deliver {effect type}`, e.g. `deliver invoice.finalized`. */
export const deliverySpanName = (type: string): string => `deliver ${type}`;

const outcomeOf = (outcome: AttemptOutcome): string => {
  if (outcome.ok) return DELIVERY_OUTCOMES.delivered;
  return outcome.error instanceof Error && outcome.error.name === 'TimeoutError' ? DELIVERY_OUTCOMES.timedOut : DELIVERY_OUTCOMES.failed;
};

/** The dispatcher's telemetry: tracing and the instruments, each when configured. */
type DeliveryTelemetry = { readonly tracing: Tracing | undefined; readonly metrics: OutboxMetrics | undefined };

/**
 * Wraps one delivery attempt with the dispatcher's telemetry, or answers `attempt` itself
 * (nothing allocated per delivery) without a tracer and a meter. Traced, each attempt runs in
 * a span (kind CONSUMER) whose parent is the trace context stored with the effect, so the
 * delivery shows in the writing request's trace even in another process; the host's `deliver`
 * runs with that span active. The span carries the effect ID, type, attempt, account and
 * request id, and the outcome (`delivered`, `failed`, `timeout`); a failure sets status Error
 * and `error.type` only. Metered, each attempt counts in `payments_kit.effects.deliveries`
 * and `payments_kit.effects.delivery.duration` by outcome and effect type.
 *
 * @example
 * const deliverOnce = observeDeliveries(options, store, (claim) => attempt(options, claim, timeoutMs));
 */
export function observeDeliveries<C extends DeliveryFacts>(
  options: TelemetryOptions,
  store: Pick<Store, 'outboxStats'>,
  attempt: (claim: C) => Promise<AttemptOutcome>,
): (claim: C) => Promise<AttemptOutcome> {
  const tracing = resolveTracing(options, 'createEffectDispatcher');
  const meter = resolveMeter(options, 'createEffectDispatcher');
  if (tracing === undefined && meter === undefined) return attempt;
  const telemetry: DeliveryTelemetry = { tracing, metrics: meter === undefined ? undefined : outboxMetrics(meter, store) };
  return (claim) => observed(telemetry, claim, attempt);
}

async function observed<C extends DeliveryFacts>(
  { tracing, metrics }: DeliveryTelemetry,
  claim: C,
  attempt: (claim: C) => Promise<AttemptOutcome>,
): Promise<AttemptOutcome> {
  const started = performance.now();
  let outcome: AttemptOutcome;
  if (tracing === undefined) outcome = await attempt(claim);
  else {
    const { api, tracer } = tracing;
    const carrier = traceCarrierOf(claim.traceContext);
    const base = api.context.active();
    const parent = carrier === undefined ? base : api.propagation.extract(base, carrier);
    const attributes: OtelAttributes = {
      [ATTRIBUTES.effectId]: claim.effectID,
      [ATTRIBUTES.effectType]: claim.effect.type,
      [ATTRIBUTES.effectAttempt]: claim.attempt,
      [ATTRIBUTES.accountId]: claim.accountID,
      [ATTRIBUTES.requestId]: claim.requestId,
    };
    const span = tracer.startSpan(deliverySpanName(claim.effect.type), { kind: CONSUMER_KIND, attributes }, parent);
    try {
      outcome = await api.context.with(api.trace.setSpan(parent, span), () => attempt(claim));
    } catch (error) {
      outcome = { ok: false, error };
    }
    span.setAttribute(ATTRIBUTES.effectOutcome, outcomeOf(outcome));
    if (!outcome.ok) failSpan(span, outcome.error);
    span.end();
  }
  if (metrics !== undefined) {
    const attributes = { [ATTRIBUTES.effectOutcome]: outcomeOf(outcome), [ATTRIBUTES.effectType]: claim.effect.type };
    metrics.deliveries.add(1, attributes);
    metrics.duration.record((performance.now() - started) / 1000, attributes);
  }
  return outcome;
}
