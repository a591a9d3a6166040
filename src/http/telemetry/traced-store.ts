import type { OtelAttributes, OtelContext, OtelSpan } from './otel-types.js';
import type { Invoice, EvidenceText } from '../../schemas/index.js';
import type {
  BeginIdempotentInput,
  ClaimEffectsInput,
  IdempotencyCompletion,
  ListDeadEffectsInput,
  NewEffect,
  RedriveFilter,
  Store,
  WriteExtras,
} from '../store/port.js';
import { ATTRIBUTES } from './attributes.js';
import type { Tracing } from './api.js';
import { childContext, inChildSpan } from './child-span.js';
import { serializeTraceContext } from './trace-context.js';

/** The name of a store call's span: `store {method}`, e.g. `store getInvoice`. */
export const storeSpanName = (method: string): string => `store ${method}`;

/** The span names by method, made once (a store call names its span without building a string). */
const SPAN_NAMES = new Map<string, string>();

function spanNameOf(method: string): string {
  let name = SPAN_NAMES.get(method);
  if (name === undefined) SPAN_NAMES.set(method, (name = storeSpanName(method)));
  return name;
}

/**
 * The `Store` of one traced request: each call runs in a child span of `parent` (kind CLIENT,
 * `db.operation.name` the port method, `db.system.name` the store's `system` when it names
 * one, the account ID; never a document, an SQL value or a key), and the effects of a write
 * carry the write span's trace context into the outbox. Built per request, only when a
 * tracer is set.
 *
 * @example
 * const store = tracedStore(options.store, tracing, requestContext);
 * await store.getInvoice('acc_1', 'inv_1'); // a span `store getInvoice`, child of the request's
 */
export function tracedStore(store: Store, tracing: Tracing, parent: OtelContext): Store {
  return new TracedStore(store, tracing, parent);
}

class TracedStore implements Store {
  private readonly dbSystem: string | undefined;

  constructor(
    private readonly store: Store,
    private readonly tracing: Tracing,
    private readonly parent: OtelContext,
  ) {
    this.dbSystem = typeof store.system === 'string' ? store.system : undefined;
  }

  private call<T>(method: string, accountID: string | undefined, work: (span: OtelSpan) => Promise<T>): Promise<T> {
    const attributes: OtelAttributes = { [ATTRIBUTES.dbOperation]: method };
    if (this.dbSystem !== undefined) attributes[ATTRIBUTES.dbSystem] = this.dbSystem;
    if (accountID !== undefined) attributes[ATTRIBUTES.accountId] = accountID;
    return inChildSpan(this.tracing, this.parent, spanNameOf(method), attributes, work);
  }

  getSchedule(accountID: string, scheduleID: string) {
    return this.call('getSchedule', accountID, () => this.store.getSchedule(accountID, scheduleID));
  }
  getInvoice(accountID: string, invoiceID: string) {
    return this.call('getInvoice', accountID, () => this.store.getInvoice(accountID, invoiceID));
  }
  compareAndSetInvoice(accountID: string, invoice: Invoice, expectedVersion: string, extras?: WriteExtras) {
    return this.call('compareAndSetInvoice', accountID, (span) =>
      this.store.compareAndSetInvoice(accountID, invoice, expectedVersion, withTraceContext(extras, () => serializeTraceContext(this.tracing.api, childContext(this.tracing, this.parent, span)))),
    );
  }
  getDispute(accountID: string, disputeID: string) {
    return this.call('getDispute', accountID, () => this.store.getDispute(accountID, disputeID));
  }
  addEvidence(accountID: string, evidence: EvidenceText, extras?: Pick<WriteExtras, 'idempotency'>) {
    return this.call('addEvidence', accountID, () => this.store.addEvidence(accountID, evidence, extras));
  }
  listEvidence(accountID: string, disputeID: string) {
    return this.call('listEvidence', accountID, () => this.store.listEvidence(accountID, disputeID));
  }
  getAdjustment(accountID: string, adjustmentID: string) {
    return this.call('getAdjustment', accountID, () => this.store.getAdjustment(accountID, adjustmentID));
  }
  hasWalletDomain(accountID: string, domain: string) {
    return this.call('hasWalletDomain', accountID, () => this.store.hasWalletDomain(accountID, domain));
  }
  claimEffects(input: ClaimEffectsInput) {
    return this.call('claimEffects', undefined, () => this.store.claimEffects(input));
  }
  completeEffect(effectID: string, claimToken: string) {
    return this.call('completeEffect', undefined, () => this.store.completeEffect(effectID, claimToken));
  }
  releaseEffect(effectID: string, claimToken: string, retryInMs: number, error?: string) {
    return this.call('releaseEffect', undefined, () => this.store.releaseEffect(effectID, claimToken, retryInMs, error));
  }
  unclaimEffect(effectID: string, claimToken: string) {
    return this.call('unclaimEffect', undefined, () => this.store.unclaimEffect(effectID, claimToken));
  }
  markEffectDead(effectID: string, claimToken: string, error: string) {
    return this.call('markEffectDead', undefined, () => this.store.markEffectDead(effectID, claimToken, error));
  }
  redriveEffects(filter: RedriveFilter) {
    return this.call('redriveEffects', undefined, () => this.store.redriveEffects(filter));
  }
  listDeadEffects(input: ListDeadEffectsInput) {
    return this.call('listDeadEffects', undefined, () => this.store.listDeadEffects(input));
  }
  outboxStats() {
    return this.call('outboxStats', undefined, () => this.store.outboxStats());
  }
  beginIdempotentRequest(accountID: string, input: BeginIdempotentInput) {
    return this.call('beginIdempotentRequest', accountID, () => this.store.beginIdempotentRequest(accountID, input));
  }
  completeIdempotentRequest(accountID: string, completion: IdempotencyCompletion) {
    return this.call('completeIdempotentRequest', accountID, () => this.store.completeIdempotentRequest(accountID, completion));
  }
  releaseIdempotentRequest(accountID: string, key: string, lockToken: string) {
    return this.call('releaseIdempotentRequest', accountID, () => this.store.releaseIdempotentRequest(accountID, key, lockToken));
  }
  renewIdempotentRequest(accountID: string, key: string, lockToken: string, lockMs: number) {
    return this.call('renewIdempotentRequest', accountID, () => this.store.renewIdempotentRequest(accountID, key, lockToken, lockMs));
  }
}

/** The write's extras with each new effect carrying the trace context (unchanged without effects or context; made only with effects). */
function withTraceContext<E extends WriteExtras | undefined>(extras: E, contextOf: () => string | undefined): E {
  if (extras?.effects === undefined || extras.effects.length === 0) return extras;
  const traceContext = contextOf();
  if (traceContext === undefined) return extras;
  const effects: NewEffect[] = extras.effects.map((effect) => ({ ...effect, traceContext }));
  return { ...extras, effects } as E;
}
