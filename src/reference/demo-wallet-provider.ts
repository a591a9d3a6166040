import type { WalletProvider } from '../http/core/ports.js';

/**
 * A stand-in wallet provider for demos: answers a JSON-serialized session object the way
 * a real provider would (the handler passes it through unchanged).
 *
 * @example
 * await createDemoWalletProvider({ clock: () => new Date() }).createSession({ accountID, domain, displayName, signal })
 * // '{"epochTimestamp":...,"merchantSessionIdentifier":"demo-...","domainName":"shop.example.com",...}'
 */
export function createDemoWalletProvider({ clock = () => new Date() }: { readonly clock?: () => Date } = {}): WalletProvider {
  return {
    async createSession({ accountID, domain, displayName }) {
      const now = clock().getTime();
      return JSON.stringify({
        epochTimestamp: now,
        expiresAt: now + 3_600_000,
        merchantSessionIdentifier: `demo-${globalThis.crypto.randomUUID()}`,
        merchantIdentifier: accountID,
        domainName: domain,
        displayName,
        signature: 'demo-signature',
      });
    },
  };
}
