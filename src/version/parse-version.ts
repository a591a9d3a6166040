import { type Result, err, ok } from '../shared/result.js';
import { DEV_VERSION, VERSION_MESSAGE } from './constants.js';
import type { QuarterMonth, Version } from './version.js';

const DATED_PATTERN = /^v(\d{4})\.(\d{2})\.(\d{2})$/;

/** The two-digit `QQ` spellings and the month each names, as data. */
const QUARTER_MONTHS: ReadonlyMap<string, QuarterMonth> = new Map([
  ['01', 1],
  ['04', 4],
  ['07', 7],
  ['10', 10],
]);

const DEV: Version = Object.freeze({ kind: 'dev', text: DEV_VERSION });

/**
 * Parses a version string of spec 9: `vYYYY.QQ.BB` or `dev`, exactly (lowercase `v` and
 * `dev`, no spaces, two-digit quarter and build, year 0001 or later).
 *
 * @example
 * parseVersion('v2026.04.00') // { ok: true, value: { kind: 'dated', year: 2026, month: 4, build: 0, text: 'v2026.04.00' } }
 * parseVersion('dev')         // { ok: true, value: { kind: 'dev', text: 'dev' } }
 * parseVersion('v2024.02.00') // { ok: false, error: VERSION_MESSAGE }
 */
export function parseVersion(s: string): Result<Version, string> {
  if (typeof s !== 'string') return err(VERSION_MESSAGE);
  if (s === DEV_VERSION) return ok(DEV);
  const match = DATED_PATTERN.exec(s);
  if (match === null) return err(VERSION_MESSAGE);
  const [, yyyy = '', qq = '', bb = ''] = match;
  const month = QUARTER_MONTHS.get(qq);
  const year = Number(yyyy);
  if (month === undefined || year === 0) return err(VERSION_MESSAGE);
  return ok(Object.freeze({ kind: 'dated', year, month, build: Number(bb), text: s }));
}
