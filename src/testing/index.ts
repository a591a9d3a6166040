/**
 * `payments-kit/testing`: the store conformance suite that any storage adapter of
 * `payments-kit/http` must pass, concurrency included (framework-free: pass your test
 * framework's `it`, or run it and read the report); and the API conformance kit,
 * `runConformance`, which checks any running server of the API against the spec, with the
 * fast-check arbitraries behind it (fast-check is an optional peer, loaded only by
 * `runConformance`).
 *
 * @packageDocumentation
 */
export { runStoreConformance, type TestRegistrar, type ConformanceReport } from './run.js';
export { storeConformanceChecks, type ConformanceCheck, type CreateStore } from './checks.js';
export { ConformanceError, isConformanceError, check, checkSameJson } from './assert.js';
export { fixtureInvoice, fixtureSchedule, fixtureAdjustment, fixtureEffect, ACCOUNT_A, ACCOUNT_B, ACCOUNT_PROTO } from './fixtures.js';
/** The shapes the fixtures return (owned by payments-kit/schemas and payments-kit/invoice). */
export type { Adjustment, Invoice, Schedule } from '../schemas/index.js';
export type { InvoiceFinalizedEffect } from '../invoice/index.js';
export {
  runConformance,
  FAST_CHECK_MISSING_MESSAGE,
  type RunConformanceOptions,
  type ApiConformanceReport,
  type RuleResult,
  type Counterexample,
} from './conformance/run.js';
export { formatConformanceReport, type ReportFormat } from './conformance/report.js';
export { parseConformanceFixtures, type ConformanceFixtures } from './conformance/fixtures.js';
/** What `parseConformanceFixtures` returns (owned by the shared helpers). */
export type { Result } from '../shared/result.js';
export { SPEC_RULES, DECISION_RULES, type ConformanceRule, type RuleKind } from './conformance/rules.js';
export type { ConformanceProfile } from './conformance/context.js';
export type { SentRequest, ReceivedResponse } from './conformance/wire.js';
export { curlCommand } from './conformance/wire.js';
export {
  conformanceArbitraries,
  invoiceUpdateBoundaries,
  evidenceTextBoundaries,
  walletSessionBoundaries,
  type ConformanceArbitraries,
  type FastCheckModule,
  type InvoiceBodyOptions,
} from './conformance/arbitraries.js';
