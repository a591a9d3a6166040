/**
 * `payments-kit/testing`: the store conformance suite that any storage adapter of
 * `payments-kit/http` must pass, concurrency included. Framework-free: pass your test
 * framework's `it`, or run it and read the report.
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
