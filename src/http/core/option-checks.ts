/**
 * Shape checks of `createHandler`'s options, run once at start-up so that a mistyped port
 * (`auth: { verify: 1 }`, a store without `getInvoice`, `clock: Date.now()`) throws a
 * `TypeError` naming the option at construction instead of failing on some later request.
 */

/** Messages for option shapes `createHandler` refuses (merged into `OPTION_MESSAGES`). */
export const PORT_MESSAGES = Object.freeze({
  object: (name: string) => `createHandler: ${name} must be an object`,
  function: (name: string) => `createHandler: ${name} must be a function`,
  string: (name: string) => `createHandler: ${name} must be a string`,
  storeMethods: (missing: readonly string[]) =>
    `createHandler: the store lacks ${missing.map((method) => `store.${method}`).join(', ')} (each must be a function)`,
});

/**
 * The store methods the handler calls, by what calls them: the five operations always, the
 * idempotency records unless `idempotency: false`, the outbox's claim methods when `onEffect`
 * runs the in-process dispatcher.
 */
export const STORE_METHODS = Object.freeze({
  operations: Object.freeze([
    'getSchedule',
    'getInvoice',
    'compareAndSetInvoice',
    'getDispute',
    'addEvidence',
    'listEvidence',
    'getAdjustment',
    'hasWalletDomain',
  ] as const),
  idempotency: Object.freeze(['beginIdempotentRequest', 'completeIdempotentRequest', 'releaseIdempotentRequest', 'renewIdempotentRequest'] as const),
  outbox: Object.freeze(['claimEffects', 'completeEffect', 'releaseEffect', 'unclaimEffect', 'markEffectDead'] as const),
});

/**
 * The store methods a handler built with these options will call.
 *
 * @example
 * requiredStoreMethods({ idempotency: false }) // the eight methods of the operations
 */
export function requiredStoreMethods(options: Readonly<Record<string, unknown>>): readonly string[] {
  return [
    ...STORE_METHODS.operations,
    ...(options['idempotency'] === false ? [] : STORE_METHODS.idempotency),
    ...(options['onEffect'] === undefined ? [] : STORE_METHODS.outbox),
  ];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  (typeof value === 'object' && value !== null) || typeof value === 'function';

function requireObject(value: unknown, name: string): Record<string, unknown> {
  if (!isObject(value)) throw new TypeError(PORT_MESSAGES.object(name));
  return value;
}

function requireFunction(value: unknown, name: string): void {
  if (typeof value !== 'function') throw new TypeError(PORT_MESSAGES.function(name));
}

/** An optional function option: absent, or a function. */
function optionalFunction(value: unknown, name: string): void {
  if (value !== undefined) requireFunction(value, name);
}

/** An optional port: absent, or an object whose `methods` are functions. */
function optionalPort(value: unknown, name: string, methods: readonly string[]): void {
  if (value === undefined) return;
  const port = requireObject(value, name);
  for (const method of methods) requireFunction(port[method], `${name}.${method}`);
}

/**
 * Throws a `TypeError` naming the first option whose shape is wrong: a port that is not an
 * object or lacks a method, a callback or clock that is not a function, a `basePath` or
 * operation `scope` that is not a string. Values (numbers, paths) are checked where they
 * are resolved.
 *
 * @example
 * checkOptionShapes({ store: createMemoryStore(), auth: { verify: 1 } })
 * // throws TypeError: createHandler: auth.verify must be a function
 */
export function checkOptionShapes(options: Readonly<Record<string, unknown>>): void {
  const store = requireObject(options['store'], 'store');
  const missing = requiredStoreMethods(options).filter((method) => typeof store[method] !== 'function');
  if (missing.length > 0) throw new TypeError(PORT_MESSAGES.storeMethods(missing));
  optionalPort(options['auth'], 'auth', ['verify']);
  if (options['auth'] !== undefined) {
    const auth = options['auth'] as Record<string, unknown>;
    optionalFunction(auth['verifyBasic'], 'auth.verifyBasic');
    if (auth['basicRealm'] !== undefined && typeof auth['basicRealm'] !== 'string') throw new TypeError(PORT_MESSAGES.string('auth.basicRealm'));
  }
  optionalPort(options['walletProvider'], 'walletProvider', ['createSession']);
  optionalPort(options['rateLimiter'], 'rateLimiter', ['check']);
  for (const name of ['onEffect', 'onError', 'onResponse', 'clock', 'generateId']) optionalFunction(options[name], name);
  if (options['basePath'] !== undefined && typeof options['basePath'] !== 'string') throw new TypeError(PORT_MESSAGES.string('basePath'));
  if (options['scheduleHorizon'] !== undefined) requireObject(options['scheduleHorizon'], 'scheduleHorizon');
  if (options['operations'] !== undefined) {
    const operations = requireObject(options['operations'], 'operations');
    for (const [id, implementation] of Object.entries(operations)) {
      const port = requireObject(implementation, `operations.${id}`);
      requireFunction(port['handle'], `operations.${id}.handle`);
      if (port['scope'] !== undefined && typeof port['scope'] !== 'string') throw new TypeError(PORT_MESSAGES.string(`operations.${id}.scope`));
    }
  }
}

/**
 * A positive finite number option: `fallback` when absent, else the value; anything else
 * throws a `TypeError` with `message` (each factory names its own option in it).
 *
 * @example
 * positiveOption(options.pollIntervalMs, 1_000, DISPATCHER_MESSAGES.positive('pollIntervalMs')) // 1000
 */
export function positiveOption(value: unknown, fallback: number, message: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new TypeError(message);
  return value;
}
