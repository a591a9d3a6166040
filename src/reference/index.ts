/**
 * `payments-kit/reference`: the reference server that `npm start` and `payments-kit serve`
 * run (the handler on node:http with demo data and demo tokens), and its demo data, for
 * trying the API and for tests. Not for production.
 *
 * @packageDocumentation
 */
export {
  startReferenceServer,
  demoCurlCommands,
  type ReferenceServer,
  type ReferenceServerOptions,
  REFERENCE_OPENAPI_PATH,
} from './server.js';
export { DEMO_IDS, DEMO_SEED, DEMO_TOKENS, DEMO_INVOICES_BY_STATUS, demoConformanceFixtures, type DemoFixturesOptions, type DemoConformanceFixtures } from './demo-data.js';
export { readDocsPage, PAGE_MESSAGES } from './pages/mount.js';
/** The types of `createHandler`'s `docs` option, which takes what `readDocsPage` reads (also exported by payments-kit/http). */
export type { DocsPage, DocsServeOptions, PageFile } from '../http/openapi/docs.js';
export { createDemoWalletProvider } from './demo-wallet-provider.js';
/** The port `createDemoWalletProvider` implements (also exported by payments-kit/http). */
export type { WalletProvider } from '../http/core/ports.js';
