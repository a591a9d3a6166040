import { createServer } from 'node:net';
import { createHandler, createMemoryStore, createStaticAuth, type HandlerOptions } from '../../src/http/index.js';
import { DEMO_SEED, DEMO_TOKENS, createDemoWalletProvider } from '../../src/reference/index.js';
import { demoConformanceFixtures } from '../../src/reference/demo-data.js';
import { parseConformanceFixtures, type ConformanceFixtures } from '../../src/testing/index.js';

/** The reference handler over a fresh memory store of the demo data. */
export function referenceHandler(extra: Partial<HandlerOptions> = {}): (request: Request) => Promise<Response> {
  return createHandler({
    store: createMemoryStore({ seed: structuredClone(DEMO_SEED) }),
    auth: createStaticAuth(DEMO_TOKENS),
    walletProvider: createDemoWalletProvider(),
    ...extra,
  });
}

/** The fixtures of the demo data, as `serve --write-fixtures` writes them. */
export function referenceFixtures(): ConformanceFixtures {
  const parsed = parseConformanceFixtures(JSON.parse(JSON.stringify(demoConformanceFixtures())));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** A fetch that calls `handler` in process (the URL's origin is ignored by the handler). */
export const inProcess = (handler: (request: Request) => Promise<Response>): typeof fetch => (input, init) => handler(new Request(input, init));

/** A handler in front of another: `change` sees each request and the inner handler, and answers. */
export type Proxy = (request: Request, inner: (request: Request) => Promise<Response>) => Promise<Response>;

/** The reference handler behind `proxy` (one thing changed). */
export function brokenHandler(proxy: Proxy): (request: Request) => Promise<Response> {
  const inner = referenceHandler();
  return (request) => proxy(request, inner);
}

/** The answer with its JSON body replaced by `body` (and its headers kept). */
export function withBody(response: Response, body: unknown, status = response.status): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status, headers });
}

/** A free port nobody listens on. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : 1;
}
