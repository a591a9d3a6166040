import { loadPeer } from '../../bench/peers/load.js';

/**
 * A comparison peer that cannot be a dev dependency (bench/peers/package.json, installed by
 * `npm run bench:peers`; `.ci/run` installs it), loaded as the benchmarks load it (`loadPeer`).
 * `undefined` when it is not installed: locally a test then says it skipped that peer; under
 * CI=true this throws instead.
 *
 * @example
 * const rrulerust = optionalPeer<typeof import('rrule-rust')>('rrule-rust');
 */
export function optionalPeer<T>(name: string): T | undefined {
  try {
    return loadPeer<T>(name);
  } catch (error) {
    if (process.env.CI === 'true') throw error;
    return undefined;
  }
}
