import type { EffectHandler, ErrorReporter } from '../core/ports.js';
import type { Store } from '../store/port.js';
import type { HandlerTelemetry } from '../telemetry/request-trace.js';
import { type EffectDispatcher, createEffectDispatcher } from './dispatcher.js';

/** What {@link withInProcessEffects} reads of the handler's resolved options (the pipeline's `ResolvedOptions`). */
export type InProcessEffectOptions = {
  readonly store: Store;
  readonly onEffect: EffectHandler | undefined;
  readonly onError: ErrorReporter | undefined;
  readonly effectsCommitted: (() => void) | undefined;
  readonly telemetry: HandlerTelemetry | undefined;
};

/**
 * `onEffect`, built on the outbox: when the options have an `onEffect`, starts an effect
 * dispatcher over the handler's store that hands each effect (without its `effectID`, which
 * the context carries) to `onEffect`, and answers options whose `effectsCommitted` wakes it
 * after every commit. The dispatcher's timers are unref'd; it runs until its `stop()`
 * (exposed as the handler's `effects`). Failed deliveries reach `onError` with `operationId: 'updateInvoice'` and the
 * request id of the write that caused the effect, and are retried with backoff.
 *
 * @example
 * const { options, dispatcher } = withInProcessEffects(resolveOptions({ store, onEffect: sendMail }, listed));
 */
export function withInProcessEffects<O extends InProcessEffectOptions>(resolved: O): { options: O; dispatcher: EffectDispatcher | undefined } {
  const { onEffect, onError, store, telemetry } = resolved;
  if (onEffect === undefined) return { options: resolved, dispatcher: undefined };
  const dispatcher = createEffectDispatcher({
    store,
    deliver: ({ effectID, ...effect }, { accountID, requestId, attempt }) => onEffect(effect, { accountID, requestId, effectID, attempt }),
    onError: (error, context) => onError?.(error, { requestId: context.requestId ?? '', operationId: 'updateInvoice' }),
    ...telemetry?.dispatcherOptions,
  });
  dispatcher.start();
  return { options: { ...resolved, effectsCommitted: dispatcher.wake }, dispatcher };
}
