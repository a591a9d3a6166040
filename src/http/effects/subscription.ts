import type { EffectSubscription, Store } from '../store/port.js';

/** Subscribes to the store's effect notifications when it offers them; never rejects (failures go to `onError`). */
export async function subscribe(store: Store, wake: () => void, onError: (error: unknown) => void): Promise<EffectSubscription | undefined> {
  if (typeof store.subscribeToEffects !== 'function') return undefined;
  try {
    return await store.subscribeToEffects(wake, { onError });
  } catch (error) {
    onError(error);
    return undefined;
  }
}

/** Closes a subscription `subscribe` opened (or is opening); never rejects. */
export async function closeSubscription(opening: Promise<EffectSubscription | undefined> | undefined, onError: (error: unknown) => void): Promise<void> {
  try {
    await (await opening)?.close();
  } catch (error) {
    onError(error);
  }
}

