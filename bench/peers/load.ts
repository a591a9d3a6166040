import { createRequire } from 'node:module';

const requireFromPeers = createRequire(new URL('./package.json', import.meta.url));

/**
 * Loads a benchmark contender installed by `npm run bench:peers` (bench/peers/package.json),
 * or explains how to install it.
 *
 * @example
 * const { RRule, RRuleSet } = loadPeer<typeof import('rrule-rust')>('rrule-rust');
 */
export function loadPeer<T>(name: string): T {
  try {
    return requireFromPeers(name) as T;
  } catch (error) {
    throw new Error(`${name} is not installed: run \`npm run bench:peers\` first (${error instanceof Error ? error.message : String(error)})`);
  }
}
