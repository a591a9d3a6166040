import { REFERENCE_VERSION } from '../../version/index.js';
import type { ConformanceFixtures } from './fixtures.js';
import type { ConformanceRule } from './rules.js';
import type { FastCheckModule } from './arbitraries.js';
import type { Exchange, Outgoing, Wire } from './wire.js';

/** Which rules a run checks: the spec's only, or also payments-kit's recorded decisions. */
export type ConformanceProfile = 'spec' | 'payments-kit';

/** Why a rule failed: what was expected, and the exchange that shows it. */
export type RuleFailure = {
  readonly message: string;
  readonly exchange: Exchange;
  /** The fast-check seed, when a property found it. */
  readonly seed?: number;
};

const size = (exchange: Exchange): number => exchange.request.url.length + (exchange.request.body?.length ?? 0);

/** The verdicts of a run so far: a rule fails on its first failure (or a smaller one), passes once checked, else is skipped. */
export class Verdicts {
  readonly #failures = new Map<string, RuleFailure>();
  readonly #passed = new Set<string>();
  readonly #skipped = new Map<string, string>();
  readonly #notes = new Map<string, string[]>();

  /** One check of `rule` held. */
  pass(rule: string): void {
    this.#passed.add(rule);
  }

  /** One check of `rule` failed; the smaller request is kept as the counterexample unless `keepFirst`. */
  fail(rule: string, failure: RuleFailure, keepFirst = true): void {
    const known = this.#failures.get(rule);
    if (known === undefined || (!keepFirst && size(failure.exchange) < size(known.exchange))) this.#failures.set(rule, failure);
  }

  /** `rule` could not be checked, and why (kept only when nothing else is known of it). */
  skip(rule: string, reason: string): void {
    if (!this.#skipped.has(rule)) this.#skipped.set(rule, reason);
  }

  /** A remark on what part of `rule` was not exercised. */
  note(rule: string, text: string): void {
    this.#notes.set(rule, [...(this.#notes.get(rule) ?? []), text]);
  }

  /** The verdict on `rule`. */
  verdict(rule: string): { status: 'pass' | 'fail' | 'skip'; failure?: RuleFailure; reason?: string; notes: readonly string[] } {
    const notes = this.#notes.get(rule) ?? [];
    const failure = this.#failures.get(rule);
    if (failure !== undefined) return { status: 'fail', failure, notes };
    if (this.#passed.has(rule)) return { status: 'pass', notes };
    return { status: 'skip', reason: this.#skipped.get(rule) ?? 'not exercised by this server or these fixtures', notes };
  }
}

/** What every check gets. */
export type RunContext = {
  readonly wire: Wire;
  readonly fixtures: ConformanceFixtures;
  readonly token: string;
  readonly profile: ConformanceProfile;
  readonly rules: readonly ConformanceRule[];
  readonly verdicts: Verdicts;
  readonly fc: FastCheckModule;
  readonly seed: number;
  readonly runs: number;
  /** A path segment for an ID. */
  readonly account: string;
};

/** The headers of an ordinary request: the token (unless `null`) and the reference version (unless `null`). */
export function headersFor(context: RunContext, token: string | null = context.token, version: string | null = REFERENCE_VERSION): Record<string, string> {
  const headers: Record<string, string> = {};
  if (token !== null) headers['authorization'] = `Bearer ${token}`;
  if (version !== null) headers['x-service-version'] = version;
  return headers;
}

const segment = (id: string): string => encodeURIComponent(id);

/** The requests of the five operations, by operation. */
export const requests = {
  getSchedule: (context: RunContext, scheduleID: string, headers = headersFor(context)): Outgoing => ({
    operation: 'getSchedule',
    method: 'GET',
    path: `/accounts/${segment(context.account)}/schedules/${segment(scheduleID)}`,
    headers,
  }),
  getAdjustment: (context: RunContext, adjustmentID: string, headers = headersFor(context)): Outgoing => ({
    operation: 'getAdjustment',
    method: 'GET',
    path: `/accounts/${segment(context.account)}/adjustments/${segment(adjustmentID)}`,
    headers,
  }),
  updateInvoice: (context: RunContext, invoiceID: string, body: unknown, headers = headersFor(context), raw?: string): Outgoing => ({
    operation: 'updateInvoice',
    method: 'PATCH',
    path: `/accounts/${segment(context.account)}/invoices/${segment(invoiceID)}`,
    headers,
    ...(raw === undefined ? { body } : { raw }),
  }),
  uploadEvidenceText: (context: RunContext, disputeID: string, body: unknown, headers = headersFor(context), raw?: string): Outgoing => ({
    operation: 'uploadEvidenceText',
    method: 'POST',
    path: `/accounts/${segment(context.account)}/disputes/${segment(disputeID)}/evidence-text`,
    headers,
    ...(raw === undefined ? { body } : { raw }),
  }),
  createWalletSession: (context: RunContext, body: unknown, headers = headersFor(context), raw?: string): Outgoing => ({
    operation: 'createWalletSession',
    method: 'POST',
    path: `/accounts/${segment(context.account)}/apple-pay/sessions`,
    headers,
    ...(raw === undefined ? { body } : { raw }),
  }),
};

/**
 * Checks that `exchange` was answered with one of `statuses`: passes `rule`, or fails it with
 * `message`. Answers whether it held.
 */
export function expectStatus(context: RunContext, rule: string, exchange: Exchange, statuses: readonly number[], message: string): boolean {
  const status = exchange.response?.status;
  if (status !== undefined && statuses.includes(status)) {
    context.verdicts.pass(rule);
    return true;
  }
  const got = exchange.response === undefined ? (exchange.error ?? 'no answer') : `got ${status}`;
  context.verdicts.fail(rule, { message: `${message}; ${got}`, exchange });
  return false;
}

/** True when `rule` is part of this run's profile. */
export const inProfile = (context: RunContext, rule: string): boolean => context.rules.some((r) => r.id === rule);

/** A UUID no fixture names, derived from the seed (the same for the same seed). */
export function unknownId(seed: number, n: number): string {
  const hex = ((seed >>> 0) * 31 + n).toString(16).padStart(12, '0').slice(-12);
  return `0c0ffee0-c0de-4000-8000-${hex}`;
}
