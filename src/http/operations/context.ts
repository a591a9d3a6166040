import type { Exchange, PlainReply } from '../core/exchange.js';
import type { IdempotencyTicket } from '../idempotency/ticket.js';
import type { RequestLimits } from '../../limits/index.js';
import type { ErrorReporter, WalletProvider } from '../core/ports.js';
import type { Store } from '../store/port.js';
import type { SettledReads } from '../store/settled-reads.js';
import type { ScheduleHorizon } from './schedule-view.js';
import type { ScheduleTimeZone } from './schedule-time-zone.js';

/** The handler's resolved options that the specified operations read (the pipeline's `ResolvedOptions` adds the rest). */
export type SpecifiedOptions = {
  readonly store: Store;
  readonly walletProvider: WalletProvider | undefined;
  readonly onError: ErrorReporter | undefined;
  /** Called after a write committed effects to the outbox (wakes the in-process dispatcher of `onEffect`). */
  readonly effectsCommitted: (() => void) | undefined;
  readonly clock: () => Date;
  /** `clock` in epoch milliseconds: `Date.now` for the default clock, so that a read makes no `Date`. */
  readonly now: () => number;
  readonly generateId: () => string;
  readonly downstreamTimeoutMs: number;
  readonly maxBodyBytes: number;
  readonly maxJsonValues: number;
  readonly scheduleHorizon: ScheduleHorizon;
  /** The wall clock GET schedule expands recurrences on (checked at start-up; a function's answer per request). */
  readonly scheduleTimeZone: ScheduleTimeZone;
  readonly limits: RequestLimits;
};

/** What one of the five specified operations receives once auth, scope and version passed. */
export type SpecifiedContext = {
  readonly exchange: Exchange;
  readonly params: Readonly<Record<string, string>>;
  readonly accountID: string;
  readonly requestId: string;
  readonly options: SpecifiedOptions;
  /**
   * The store of this request: every call ends by the request's one deadline (`storeTimeoutMs`
   * from the start of the operation), each getting what is left. `options.store` is bounded per
   * call instead and serves what runs after the answer is decided (idempotency bookkeeping).
   */
  readonly store: Store;
  /**
   * Set when `store` is the memory store itself (untraced): its reads answered at once, the
   * same values its promises resolve to. A read operation then answers without a promise, in
   * the same turn as the request (docs/architecture.md, "The path of a GET").
   */
  readonly reads?: SettledReads | undefined;
  /** Present when the request runs under an `Idempotency-Key`: a write stores its answer with it. */
  readonly idempotency?: IdempotencyTicket;
};

/** One of the five specified operations (spec 4.1-4.5): a reply, or a promise of one when it waits for the store. */
export type SpecifiedOperation = (context: SpecifiedContext) => PlainReply | Promise<PlainReply>;

/**
 * A path parameter the route guarantees.
 *
 * @example
 * param(context, 'invoiceID') // 'c0ffee00-1234-4abc-8def-0123456789ab'
 */
export function param(context: SpecifiedContext, name: string): string {
  return context.params[name] ?? '';
}

/**
 * `reply` of what a store read gives (and `context`, passed on: a settled read makes no closure):
 * at once when the read is settled (the memory store's, `SpecifiedContext.reads`), after it when
 * it is a promise.
 *
 * @example
 * afterRead(context.reads.getAdjustment(accountID, id), adjustmentReply, context) // a reply, no promise
 */
export function afterRead<T, C>(read: T | Promise<T>, reply: (value: T, context: C) => PlainReply, context: C): PlainReply | Promise<PlainReply> {
  return read instanceof Promise ? read.then((value) => reply(value, context)) : reply(read, context);
}
