import { describe, expect, it } from 'vitest';
import { type HandlerOptions, OPTION_MESSAGES, STORE_METHODS, createHandler, createMemoryStore } from '../../src/http/index.js';

const store = createMemoryStore();
const build = (options: Record<string, unknown>) => () => createHandler(options as unknown as HandlerOptions);

describe('createHandler checks the shape of its options at construction', () => {
  it('accepts well-formed options', () => {
    expect(
      build({
        store,
        auth: { verify: () => undefined },
        walletProvider: { createSession: async () => '{}' },
        rateLimiter: { check: () => ({ allowed: true }) },
        onEffect: () => undefined,
        onError: () => undefined,
        onResponse: () => undefined,
        clock: () => new Date(),
        generateId: () => 'x',
        basePath: '/v1',
        scheduleHorizon: { days: 10 },
        operations: { getAccount: { scope: '/accounts/{accountID}/x.read', handle: () => new Response() } },
      }),
    ).not.toThrow();
  });

  const refused: [string, Record<string, unknown>, string][] = [
    ['auth.verify not a function', { auth: { verify: 1 } }, OPTION_MESSAGES.function('auth.verify')],
    ['auth not an object', { auth: 'token' }, OPTION_MESSAGES.object('auth')],
    ['auth.verifyBasic not a function', { auth: { verify: () => undefined, verifyBasic: 'yes' } }, OPTION_MESSAGES.function('auth.verifyBasic')],
    ['auth.basicRealm not a string', { auth: { verify: () => undefined, basicRealm: 1 } }, OPTION_MESSAGES.string('auth.basicRealm')],
    ['walletProvider without createSession', { walletProvider: {} }, OPTION_MESSAGES.function('walletProvider.createSession')],
    ['rateLimiter without check', { rateLimiter: { consume: () => undefined } }, OPTION_MESSAGES.function('rateLimiter.check')],
    ['clock is a Date, not a function', { clock: new Date() }, OPTION_MESSAGES.function('clock')],
    ['clock is a number', { clock: Date.now() }, OPTION_MESSAGES.function('clock')],
    ['generateId not a function', { generateId: 'id' }, OPTION_MESSAGES.function('generateId')],
    ['onEffect not a function', { onEffect: {} }, OPTION_MESSAGES.function('onEffect')],
    ['onError not a function', { onError: true }, OPTION_MESSAGES.function('onError')],
    ['onResponse not a function', { onResponse: 'log' }, OPTION_MESSAGES.function('onResponse')],
    ['basePath not a string', { basePath: 1 }, OPTION_MESSAGES.string('basePath')],
    ['scheduleHorizon not an object', { scheduleHorizon: 30 }, OPTION_MESSAGES.object('scheduleHorizon')],
    ['operations not an object', { operations: 'getAccount' }, OPTION_MESSAGES.object('operations')],
    ['an operation without handle', { operations: { getAccount: {} } }, OPTION_MESSAGES.function('operations.getAccount.handle')],
    ['an operation scope not a string', { operations: { getAccount: { scope: 1, handle: () => new Response() } } }, OPTION_MESSAGES.string('operations.getAccount.scope')],
  ];
  for (const [what, options, message] of refused) {
    it(`refuses ${what} with a TypeError naming it`, () => {
      expect(build({ store, ...options })).toThrow(new TypeError(message));
    });
  }

  it('refuses a store that is not an object, or lacks any method its configuration calls', () => {
    expect(build({ store: 'memory' })).toThrow(new TypeError(OPTION_MESSAGES.object('store')));
    const everyMethod = [...STORE_METHODS.operations, ...STORE_METHODS.idempotency, ...STORE_METHODS.outbox];
    for (const method of everyMethod) {
      const partial: Record<string, unknown> = { ...store };
      delete partial[method];
      const withEffects = { store: partial, onEffect: () => undefined };
      expect(build(withEffects)).toThrow(new TypeError(OPTION_MESSAGES.storeMethods([method])));
      expect(build({ ...withEffects, store: { ...store, [method]: 'x' } })).toThrow(new TypeError(OPTION_MESSAGES.storeMethods([method])));
    }
  });

  it('asks for the idempotency methods unless idempotency is off, and names every missing one', () => {
    const withoutRecords: Record<string, unknown> = { ...store };
    for (const method of STORE_METHODS.idempotency) delete withoutRecords[method];
    // Idempotency is on by default: such a store used to pass and answer 500 to the first keyed request.
    expect(build({ store: withoutRecords })).toThrow(new TypeError(OPTION_MESSAGES.storeMethods(STORE_METHODS.idempotency)));
    expect(build({ store: withoutRecords, idempotency: false })).not.toThrow();
  });

  it('asks for the outbox claim methods only when onEffect runs the in-process dispatcher', () => {
    const withoutOutbox: Record<string, unknown> = { ...store };
    for (const method of STORE_METHODS.outbox) delete withoutOutbox[method];
    expect(build({ store: withoutOutbox })).not.toThrow();
    expect(build({ store: withoutOutbox, onEffect: () => undefined })).toThrow(new TypeError(OPTION_MESSAGES.storeMethods(STORE_METHODS.outbox)));
  });

  it('accepts a store whose methods live on its prototype (a class instance)', () => {
    class PrototypeStore {}
    for (const method of [...STORE_METHODS.operations, ...STORE_METHODS.idempotency, ...STORE_METHODS.outbox]) {
      (PrototypeStore.prototype as unknown as Record<string, unknown>)[method] = (store as unknown as Record<string, unknown>)[method];
    }
    expect(build({ store: new PrototypeStore() })).not.toThrow();
  });
});
