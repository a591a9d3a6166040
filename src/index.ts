/**
 * payments-kit: the Payments Platform API's domain rules in one import. Every pure module
 * is re-exported here; the request handler lives only at `payments-kit/http` and the store
 * conformance suite at `payments-kit/testing`, so this entry never pulls in HTTP code.
 * Prefer the subpath imports (`payments-kit/amount`, ...) for the smallest bundles.
 *
 * @packageDocumentation
 */
export * from './amount/index.js';
export * from './ids/index.js';
export * from './version/index.js';
export * from './limits/index.js';
export * from './schemas/index.js';
export * from './invoice/index.js';
export * from './schedule/index.js';
