import type { Server } from 'node:http';
import { createHandler } from '../http/pipeline/handler.js';
import { createMemoryStore } from '../http/store/memory-store.js';
import { createNodeServer } from '../node/server.js';
import { createStaticAuth } from '../http/auth/static-auth.js';
import type { Store } from '../http/store/port.js';
import { allowedHostNames, withAllowedHosts } from './allowed-hosts.js';
import { DEMO_IDS, DEMO_SEED, DEMO_TOKENS } from './demo-data.js';
import { createDemoWalletProvider } from './demo-wallet-provider.js';
import { PAGE_MOUNTS, readDocsPage, readPlaygroundSite, withPages } from './pages/mount.js';

/** Where the reference server serves the OpenAPI document. */
export const REFERENCE_OPENAPI_PATH = '/openapi.json';
/** The demo token the reference page fills in, so that "Try it out" is authorized. */
const DOCS_TOKEN = 'demo-all-scopes';

/** A page read at start, or why it is not served. */
async function settle<T>(read: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  return read.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error: error instanceof Error ? error.message : String(error) }),
  );
}
import { createWebhookRelay } from '../relay/webhook/relay.js';

/** Options of {@link startReferenceServer}. */
export type ReferenceServerOptions = {
  /** Default 3000; 0 picks a free port. */
  readonly port?: number;
  /** Default `127.0.0.1`. */
  readonly host?: string;
  /** Receives the banner and one line per request; default `console.log`. */
  readonly log?: (line: string) => void;
  /**
   * The store to serve (e.g. a `payments-kit/postgres` store holding `DEMO_SEED`); default a
   * memory store seeded with `DEMO_SEED`. It stays the caller's to close.
   */
  readonly store?: Store;
  /** Where the built pages are (`scripts/build-pages.ts` output); default the package's own `dist/reference/pages`. */
  readonly pagesDir?: string;
  /**
   * Also post every effect as a signed Standard Webhooks message to `url` (`createWebhookRelay`
   * of `payments-kit/relay/webhook`, checked at start); a failed post is retried by the outbox.
   */
  readonly webhook?: { readonly url: string; readonly secret: string };
  /**
   * Host names the server answers for besides the address it listens on and `localhost`
   * (a name without a port, e.g. a name in /etc/hosts or a tunnel's); any other `Host` is
   * answered 421, pages included (against DNS rebinding). Checked at start.
   */
  readonly allowedHosts?: readonly string[];
  /** The wall clock schedules' occurrences follow (`createHandler`'s `scheduleTimeZone`); default `'UTC'`. */
  readonly scheduleTimeZone?: string;
};

/** A running reference server. */
export type ReferenceServer = {
  readonly server: Server;
  readonly url: string;
  /** Stops accepting connections, closes idle and active ones, waits for effect deliveries under way, and resolves once closed. */
  close(): Promise<void>;
};

/**
 * The ready-to-paste curl commands printed by the reference server.
 *
 * @example
 * demoCurlCommands('http://127.0.0.1:3000')[0] // 'curl -s http://127.0.0.1:3000/accounts/.../schedules/... -H ...'
 */
export function demoCurlCommands(url: string): string[] {
  const account = `${url}/accounts/${DEMO_IDS.accountID}`;
  const auth = `-H 'Authorization: Bearer demo-all-scopes'`;
  const version = `-H 'X-Service-Version: v2026.04.00'`;
  const json = `-H 'Content-Type: application/json'`;
  return [
    `curl -s ${account}/schedules/${DEMO_IDS.scheduleID} ${auth} ${version}`,
    `curl -s -X PATCH ${account}/invoices/${DEMO_IDS.invoiceID} ${auth} ${json} -d '{"status":"unpaid","dueDate":"2026-05-01T00:00:00Z"}'`,
    `curl -s -X POST ${account}/disputes/${DEMO_IDS.disputeID}/evidence-text ${auth} ${json} -d '{"evidenceType":"receipt","text":"Delivered on April 2."}'`,
    `curl -s -X POST ${account}/apple-pay/sessions ${auth} ${json} -d '{"domain":"${DEMO_IDS.walletDomain}","displayName":"Demo Shop"}'`,
    `curl -s ${account}/adjustments/${DEMO_IDS.adjustmentID} ${auth} ${version}`,
    `curl -s -i ${account}/adjustments/${DEMO_IDS.adjustmentID} -H 'Authorization: Bearer demo-other-account'`,
  ];
}

/**
 * Starts the reference server (what `npm start` runs): `createNodeServer` on 127.0.0.1, the
 * handler over a memory store seeded with demo data, static demo tokens and a demo wallet
 * provider, serving `/openapi.json`, the API reference page `/docs/` (its `docs` option, the
 * demo token filled in) and `/playground/`. Prints the tokens, the pages and curl commands,
 * then one line per request: method, path, status, milliseconds and request id. A page that
 * was not built is left out, and the banner says so. Only its own Host names are answered
 * (the address it listens on, `localhost` and `allowedHosts`); any other is 421.
 *
 * @example
 * const { url, close } = await startReferenceServer({ port: 0 });
 * await fetch(`${url}/accounts/.../schedules/...`, { headers: { authorization: 'Bearer demo-all-scopes' } });
 * await close();
 */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const host = options.host ?? '127.0.0.1';
  const hostNames = allowedHostNames(host, options.allowedHosts);
  const [docs, playground] = await Promise.all([settle(readDocsPage(options.pagesDir)), settle(readPlaygroundSite(options.pagesDir))]);
  const relay = options.webhook === undefined ? undefined : createWebhookRelay(options.webhook);
  const handler = createHandler({
    store: options.store ?? createMemoryStore({ seed: DEMO_SEED }),
    auth: createStaticAuth(DEMO_TOKENS),
    walletProvider: createDemoWalletProvider(),
    onEffect: async (effect, { accountID, requestId, effectID }) => {
      log(`effect ${effect.type} invoice=${effect.invoiceID} request=${requestId}`);
      await relay?.({ ...effect, effectID }, { accountID, requestId });
    },
    onError: (error, { requestId }) => log(`error request=${requestId}: ${error instanceof Error ? error.message : String(error)}`),
    onResponse: ({ method, path, status, ms, requestId }) => log(`${method} ${path} ${status} ${ms.toFixed(1)}ms ${requestId}`),
    openApi: { path: REFERENCE_OPENAPI_PATH },
    ...(options.scheduleTimeZone === undefined ? {} : { scheduleTimeZone: options.scheduleTimeZone }),
    ...(docs.ok ? { docs: { path: PAGE_MOUNTS.docs, page: docs.value, token: DOCS_TOKEN } } : {}),
  });
  // The hardened defaults; a request Node cannot parse is answered with a request id too, and logged.
  // The playground's files are answered in front of the handler (not logged: they are static).
  // Only its own Host names are answered (pages included): a web page rebound to 127.0.0.1 gets 421.
  const served = withAllowedHosts(withPages(handler, playground.ok ? [playground.value] : []), hostNames, (request, requestId) =>
    log(`${request.method} ${new URL(request.url).pathname} 421 0.0ms ${requestId} (Host not allowed)`),
  );
  const server = createNodeServer(served, {
    onClientError: ({ status, requestId, code }) => log(`- - ${status} 0.0ms ${requestId} (refused by the HTTP parser: ${code ?? 'no code'})`),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 3000);
  const url = `http://${host}:${port}`;
  log(`payments-kit reference server listening on ${url}`);
  log(`Answers Host: ${[...hostNames].join(', ')} (others get 421; --allowed-host adds one)`);
  if (options.scheduleTimeZone !== undefined) log(`Schedules follow the wall clock of ${options.scheduleTimeZone}`);
  if (options.webhook !== undefined) log(`Effects are posted as signed webhooks to ${new URL(options.webhook.url).origin}`);
  log('Demo tokens:');
  for (const [token, { scopes }] of Object.entries(DEMO_TOKENS)) log(`  ${token}: ${scopes.join(' ')}`);
  log(`OpenAPI document: ${url}${REFERENCE_OPENAPI_PATH}`);
  log(docs.ok ? `API reference: ${url}${PAGE_MOUNTS.docs}/` : `API reference: not served (${docs.error})`);
  log(playground.ok ? `Playground: ${url}${PAGE_MOUNTS.playground}/` : `Playground: not served (${playground.error})`);
  log('Try:');
  for (const command of demoCurlCommands(url)) log(`  ${command}`);
  return {
    server,
    url,
    // Stop taking requests first, then wait for the effect deliveries under way: an effect not
    // yet delivered stays in the store's outbox for the next start (with a persistent store).
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await handler.effects?.stop();
    },
  };
}
