// The one application every runtime serves: the built package's runtime-neutral handler on the
// reference demo data (memory store, demo tokens, demo wallet provider). Plain ESM importing
// dist/ only, so Node, Bun, Deno and workerd (through an esbuild bundle) load the same code.
import { createHandler, createMemoryStore, createStaticAuth } from '../../../dist/http/index.js';
import { DEMO_SEED, DEMO_TOKENS } from '../../../dist/reference/demo-data.js';
import { createDemoWalletProvider } from '../../../dist/reference/demo-wallet-provider.js';

/** A fresh handler over a fresh memory store. */
export function createApp() {
  return createHandler({
    store: createMemoryStore({ seed: DEMO_SEED }),
    auth: createStaticAuth(DEMO_TOKENS),
    walletProvider: createDemoWalletProvider(),
  });
}
