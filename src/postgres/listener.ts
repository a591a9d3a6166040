import type { EffectSubscription } from '../http/index.js';
import { callHost } from './timers.js';
import { type TimerHandle, unrefTimeout } from './timers.js';

/** node-postgres `Client` as the listener needs it (structural: `pg` is not imported). */
export type ListeningClient = {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<unknown>;
  on(event: 'notification', listener: (message: { readonly channel: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
};

/** A `pg.Pool` as far as the listener needs it: its `Client` class and its connection options. */
export type PoolWithClientClass = {
  readonly Client: new (config: Record<string, unknown>) => ListeningClient;
  readonly options: Readonly<Record<string, unknown>>;
};

/** A PGlite instance as far as the listener needs it. */
export type PGliteListenable = {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
};

/** What one listening connection is: its channel, its `application_name`, and config over the pool's. */
export type ListenSetup = {
  readonly channel: string;
  readonly applicationName: string;
  /** node-postgres client config laid over the pool's (e.g. a direct `connectionString` past PgBouncer). */
  readonly config?: Readonly<Record<string, unknown>>;
};

/** Reconnect delays of a lost listening connection: doubling from the first, capped. */
export const LISTEN_BACKOFF = Object.freeze({ initialDelayMs: 100, maxDelayMs: 10_000 });

/** Messages of the listener. */
export const LISTENER_MESSAGES = Object.freeze({
  ended: 'the LISTEN connection ended; reconnecting (the dispatcher polls meanwhile)',
});

/**
 * The delay before reconnect number `failures + 1`: `initialDelayMs * 2^failures`, at most `maxDelayMs`.
 *
 * @example
 * reconnectDelayMs(0) // 100
 * reconnectDelayMs(20) // 10000
 */
export function reconnectDelayMs(failures: number, backoff = LISTEN_BACKOFF): number {
  return Math.min(backoff.maxDelayMs, backoff.initialDelayMs * 2 ** Math.min(failures, 30));
}

/** True when `client` is a `pg.Pool` the listener can open its own connection from. */
export const canListenOnPool = (client: unknown): client is PoolWithClientClass =>
  typeof (client as Partial<PoolWithClientClass>).Client === 'function' &&
  typeof (client as Partial<PoolWithClientClass>).options === 'object' &&
  (client as Partial<PoolWithClientClass>).options !== null;

/** True when `client` is a PGlite instance with `listen`. */
export const canListenOnPGlite = (client: unknown): client is PGliteListenable =>
  typeof (client as Partial<PGliteListenable>).listen === 'function' && typeof (client as { transaction?: unknown }).transaction === 'function';

/**
 * Listens on `setup.channel` over a connection of its own, made with the pool's `Client` class
 * and options (so it takes no slot of the pool), and calls `onEffects` for each notification and
 * once after each (re)connect (for what was committed while nobody listened). A connection that
 * errs or ends is replaced after {@link reconnectDelayMs}; each failure goes to `onError`.
 * Resolves after the first attempt, whether it succeeded or not.
 *
 * @example
 * const subscription = await listenOnPool(pool, { channel: 'payments_kit_effects', applicationName: 'listener' }, () => dispatcher.wake());
 * await subscription.close();
 */
export async function listenOnPool(
  pool: PoolWithClientClass,
  setup: ListenSetup,
  onEffects: () => void,
  onError?: (error: unknown) => void,
): Promise<EffectSubscription> {
  let closed = false;
  let current: ListeningClient | undefined;
  let failures = 0;
  let timer: TimerHandle | undefined;

  const reconnectLater = (): void => {
    if (closed || timer !== undefined) return;
    const delay = reconnectDelayMs(failures);
    failures += 1;
    timer = unrefTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
  };
  /** Gives up on `broken` (once, and only while it is the current connection) and reconnects later. */
  const drop = (broken: ListeningClient, error: unknown): void => {
    if (current !== broken) return;
    current = undefined;
    callHost(onError, error);
    broken.end().catch(() => undefined);
    reconnectLater();
  };
  const connect = async (): Promise<void> => {
    if (closed) return;
    const client = new pool.Client({ ...pool.options, ...setup.config, application_name: setup.applicationName });
    current = client;
    client.on('error', (error) => drop(client, error));
    client.on('end', () => drop(client, new Error(LISTENER_MESSAGES.ended)));
    client.on('notification', (message) => {
      if (message.channel === setup.channel) callHost(onEffects);
    });
    try {
      await client.connect();
      // The channel is [a-z0-9_] only (effectsChannel), safe inside the quotes.
      await client.query(`LISTEN "${setup.channel}"`);
    } catch (error) {
      drop(client, error);
      return;
    }
    if (current !== client) return;
    failures = 0;
    callHost(onEffects);
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Listens on `channel` of a PGlite instance (one database in this process: notifications come
 * from its own commits, e.g. another dispatcher's or a script's writes).
 *
 * @example
 * const subscription = await listenOnPGlite(db, 'payments_kit_effects', () => dispatcher.wake());
 */
export async function listenOnPGlite(db: PGliteListenable, channel: string, onEffects: () => void): Promise<EffectSubscription> {
  const unlisten = await db.listen(channel, () => callHost(onEffects));
  let open = true;
  return {
    async close() {
      if (!open) return;
      open = false;
      await unlisten();
    },
  };
}
