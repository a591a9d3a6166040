import type { OtelCounter, OtelHistogram, OtelMeter } from './otel-types.js';
import type { Store } from '../store/port.js';

/** Metric names and units of the effect dispatcher. */
export const OUTBOX_METRICS = Object.freeze({
  deliveries: { name: 'payments_kit.effects.deliveries', unit: '{delivery}', description: 'Effect delivery attempts, by outcome.' },
  duration: { name: 'payments_kit.effects.delivery.duration', unit: 's', description: 'Duration of effect delivery attempts.' },
  pending: { name: 'payments_kit.effects.pending', unit: '{effect}', description: 'Effects in the outbox not yet delivered.' },
  oldestAge: { name: 'payments_kit.effects.oldest_pending.age', unit: 's', description: 'How long the oldest pending effect has waited since its write.' },
});

/** The outbox as the gauges read it: pending effects and the oldest one's age (ms; `null` when none). */
export type OutboxGaugeStats = { readonly pending: number; readonly oldestPendingAgeMs: number | null };

/**
 * The store's outbox statistics (`Store.outboxStats`, the port's method): the only place the
 * gauges read the store.
 *
 * @example
 * const { pending, oldestPendingAgeMs } = await readOutboxStats(store);
 */
export function readOutboxStats(store: Pick<Store, 'outboxStats'>): Promise<OutboxGaugeStats> {
  return store.outboxStats();
}

/** The dispatcher's instruments. */
export type OutboxMetrics = { readonly deliveries: OtelCounter; readonly duration: OtelHistogram };

/**
 * Creates the dispatcher's instruments on `meter`, and the observable gauges of pending effects
 * and of the oldest pending effect's age (seconds), read from `store` at each collection.
 *
 * @example
 * const instruments = outboxMetrics(metrics.getMeter('payments-kit'), store);
 */
export function outboxMetrics(meter: OtelMeter, store: Pick<Store, 'outboxStats'>): OutboxMetrics {
  const { deliveries, duration, pending, oldestAge } = OUTBOX_METRICS;
  const pendingGauge = meter.createObservableGauge(pending.name, { unit: pending.unit, description: pending.description });
  const ageGauge = meter.createObservableGauge(oldestAge.name, { unit: oldestAge.unit, description: oldestAge.description });
  meter.addBatchObservableCallback(async (observer) => {
    let stats: OutboxGaugeStats;
    try {
      stats = await readOutboxStats(store);
    } catch {
      return; // A store that cannot answer now: no observation this time.
    }
    observer.observe(pendingGauge, stats.pending);
    observer.observe(ageGauge, stats.oldestPendingAgeMs === null ? 0 : stats.oldestPendingAgeMs / 1000);
  }, [pendingGauge, ageGauge]);
  return {
    deliveries: meter.createCounter(deliveries.name, { unit: deliveries.unit, description: deliveries.description }),
    duration: meter.createHistogram(duration.name, { unit: duration.unit, description: duration.description }),
  };
}
