import { VERSION_MESSAGE } from './constants.js';
import { parseVersion } from './parse-version.js';
import type { Version } from './version.js';

function toVersion(v: Version | string): Version {
  if (typeof v !== 'string') return v;
  const parsed = parseVersion(v);
  if (!parsed.ok) throw new RangeError(`${JSON.stringify(v)} ${VERSION_MESSAGE}`);
  return parsed.value;
}

function sign(n: number): -1 | 0 | 1 {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/** The sort key of a version: `dev` after every dated release. */
function rankOf(v: Version): readonly [number, number, number, number] {
  return v.kind === 'dev' ? [1, 0, 0, 0] : [0, v.year, v.month, v.build];
}

/**
 * Orders two versions: by year, then quarter, then build; `dev` after every dated version.
 * Takes `Version` objects or strings; a string that is not a version throws a `RangeError`
 * whose message quotes it and ends with `VERSION_MESSAGE` (a bad version here is a
 * programming error; use `parseVersion` for input).
 *
 * @example
 * compareVersions('v2024.01.00', 'v2026.04.00') // -1
 * compareVersions('dev', 'v9999.10.99')         // 1
 * compareVersions('v2024.01.00', 'v2024.01.00') // 0
 */
export function compareVersions(a: Version | string, b: Version | string): -1 | 0 | 1 {
  const left = rankOf(toVersion(a));
  const right = rankOf(toVersion(b));
  for (let i = 0; i < left.length; i += 1) {
    const order = sign((left[i] ?? 0) - (right[i] ?? 0));
    if (order !== 0) return order;
  }
  return 0;
}
