import { type JWSHeaderParameters, type KeyInput, createRemoteJWKSet, customFetch } from 'jose';
import type { OutboundFetch } from '../core/ports.js';

/** How the remote set is fetched and kept. */
export type RemoteKeySetOptions = {
  /** The bound of one fetch. */
  readonly timeoutMs: number;
  /** After a fetch, a key the set lacks does not refetch for this long. */
  readonly cooldownMs: number;
  /** A fetched set is used this long before it is fetched again. */
  readonly maxAgeMs: number;
};

/** A JWKS fetched and cached (jose's remote set), each fetch made through the fetch of the request that starts it. */
export type RemoteKeySet = {
  /**
   * The key for a token's header. A fetch this call starts (no set yet, the set is stale, or
   * the set lacks the key and the cooldown has passed) goes through `fetch` when given (a
   * traced request's), else the global `fetch`; a call that waits for a fetch another call
   * started makes none.
   */
  key(header: JWSHeaderParameters, fetch: OutboundFetch | undefined): Promise<KeyInput>;
};

const codeOf = (error: unknown): unknown => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

/**
 * jose's `createRemoteJWKSet` with the fetch of each request. jose starts its fetch
 * synchronously inside the key lookup (no set, or a stale one) and inside `reload`, so the
 * fetch to use is handed over for exactly that synchronous call (no context manager needed,
 * and concurrent requests cannot mix them up). The refetch for a key the set lacks happens in
 * jose after an `await`, out of reach: jose's own is turned off (an infinite cooldown) and done
 * here instead, with the same cooldown, counted from the last fetch answered 200.
 *
 * @example
 * const keys = createRemoteKeySet(new URL('https://id.example.com/jwks.json'), { timeoutMs: 5000, cooldownMs: 30000, maxAgeMs: 600000 });
 * await keys.key({ alg: 'RS256', kid: 'k1' }, tracedFetch); // a fetch, if any, through tracedFetch
 */
export function createRemoteKeySet(url: URL, { timeoutMs, cooldownMs, maxAgeMs }: RemoteKeySetOptions): RemoteKeySet {
  let owner: OutboundFetch | undefined;
  let fetchedAt = Number.NEGATIVE_INFINITY;
  const remote = createRemoteJWKSet(url, {
    timeoutDuration: timeoutMs,
    cooldownDuration: Number.POSITIVE_INFINITY,
    cacheMaxAge: maxAgeMs,
    [customFetch]: async (href, init) => {
      const response = await (owner ?? fetch)(href, init);
      if (response.status === 200) fetchedAt = Date.now();
      return response;
    },
  });
  /** Runs `start` with `fetch` as the one any fetch it starts synchronously goes through. */
  const owning = <T>(fetch: OutboundFetch | undefined, start: () => T): T => {
    owner = fetch;
    try {
      return start();
    } finally {
      owner = undefined;
    }
  };
  return {
    async key(header, fetch) {
      try {
        return await owning(fetch, () => remote(header));
      } catch (error) {
        if (codeOf(error) !== 'ERR_JWKS_NO_MATCHING_KEY' || Date.now() < fetchedAt + cooldownMs) throw error;
      }
      await owning(fetch, () => remote.reload());
      return owning(fetch, () => remote(header));
    },
  };
}
