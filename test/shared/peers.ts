import { createRequire } from 'node:module';

const requireFromPeers = createRequire(new URL('../../bench/peers/package.json', import.meta.url));

/**
 * A comparison peer that cannot be a dev dependency (bench/peers/package.json, installed by
 * `npm run bench:peers`; `.ci/run` installs it). `undefined` when it is not installed: locally
 * a test then says it skipped that peer; under CI=true the caller fails instead.
 *
 * @example
 * const rrulerust = optionalPeer<typeof import('rrule-rust')>('rrule-rust');
 */
export function optionalPeer<T>(name: string): T | undefined {
  try {
    return requireFromPeers(name) as T;
  } catch {
    if (process.env.CI === 'true') throw new Error(`${name} is not installed, but CI=true: .ci/run must run \`npm run bench:peers\``);
    return undefined;
  }
}
