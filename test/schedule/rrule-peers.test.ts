import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RRULE_MESSAGES as M, RecurrenceError, expandRule, parseRecurrenceRule } from '../../src/schedule/index.js';
import { formatDateTime } from '../../src/shared/rfc3339.js';

// The peer RRULE vectors (python-dateutil, rrule.js, libical and rust-rrule test suites as
// data; copied from the shared peers folder into test/schedule/peers/ so that the test needs
// nothing outside the repository). Every vector inside the documented scope runs; a result
// that differs from the peer's must fall in a class that a record in docs/decisions/ explains
// with an RFC sentence (0094), or the test fails.

type Vector = {
  readonly id: string;
  readonly rule: string | null;
  readonly dtstart: string;
  readonly tz: string;
  readonly from?: string;
  readonly to?: string;
  readonly limit?: number;
  readonly pick?: 'last';
  readonly expected?: readonly string[];
  readonly expectedError?: string;
  readonly extras?: Record<string, unknown>;
  readonly inputOptions?: Record<string, unknown>;
};

const PEERS = ['dateutil', 'libical', 'rrulejs', 'rust-rrule'] as const;
const vectorsOf = (peer: string): Vector[] =>
  (JSON.parse(readFileSync(new URL(`./peers/${peer}.json`, import.meta.url), 'utf8')) as { vectors: Vector[] }).vectors;

/** Out of scope (docs/schedule.md): a spec 2.5 recur is one RRULE and a DTSTART; no RDATE, EXDATE, EXRULE or parser options. */
function outOfScope(v: Vector): string | undefined {
  if (v.rule === null) return 'no RRULE';
  if (v.extras !== undefined) return `iCalendar set parts (${Object.keys(v.extras).join(', ')})`;
  if (v.inputOptions !== undefined && Object.keys(v.inputOptions).some((k) => k !== 'dtstart')) return 'peer parser options';
  return undefined;
}

/** The RFC 5545 rules the parser enforces: a peer that accepts such a rule departs from the RFC. */
const RFC_REFUSALS: readonly string[] = [
  M.countAndUntil,
  M.numberedByDayFreq,
  M.numberedByDayWeekNo,
  M.byWeekNoFreq,
  M.byYearDayFreq,
  M.byMonthDayWeekly,
  M.bySetPosAlone,
  M.freqRequired,
  M.emptyPart,
];

/** The classes of explained disagreement, each named by the decision record (quoting the RFC) that explains it. */
const EXPLANATIONS = {
  'dtstart-counts': '0094-where-rrule-peers-disagree-rfc-5545-decides.md',
  'rfc-refusal': '0094-where-rrule-peers-disagree-rfc-5545-decides.md',
  'not-a-rule-part': '0094-where-rrule-peers-disagree-rfc-5545-decides.md',
  'sub-second': '0094-where-rrule-peers-disagree-rfc-5545-decides.md',
  'until-utc': '0094-where-rrule-peers-disagree-rfc-5545-decides.md',
  'expand-table': '0094-where-rrule-peers-disagree-rfc-5545-decides.md',
  'never-matching': '0094-where-rrule-peers-disagree-rfc-5545-decides.md',
} as const;
type Explanation = keyof typeof EXPLANATIONS;

type Outcome = { readonly agree: true } | { readonly agree: false; readonly why: Explanation | undefined; readonly detail: string };

const isPrefix = (a: readonly string[], b: readonly string[]): boolean => a.every((x, i) => b[i] === x);

function run(v: Vector): Outcome {
  const parsed = parseRecurrenceRule(v.rule ?? '');
  if (!parsed.ok) {
    if (v.expectedError !== undefined) return { agree: true };
    const why: Explanation | undefined = RFC_REFUSALS.includes(parsed.error)
      ? 'rfc-refusal'
      : parsed.error.endsWith('is not an RFC 5545 or RFC 7529 rule part')
        ? 'not-a-rule-part'
        : parsed.error.startsWith('UNTIL must be a UTC date-time')
          ? 'until-utc'
          : undefined;
    return { agree: false, why, detail: `refused: ${parsed.error}` };
  }
  const rule = parsed.value;
  const expected = v.expected ?? [];
  const bounded = rule.count !== undefined || rule.until !== undefined || v.to !== undefined;
  let got: string[];
  try {
    got = expandRule(rule, new Date(v.dtstart), {
      timeZone: v.tz,
      ...(v.from === undefined ? {} : { from: v.from }),
      ...(v.to === undefined ? {} : { to: v.to }),
      ...(v.limit !== undefined ? { limit: v.limit } : bounded ? {} : { limit: Math.max(expected.length, 3) }),
    }).map(formatDateTime);
  } catch (e) {
    if (e instanceof RecurrenceError && e.code === 'invalid-start') return { agree: false, why: 'sub-second', detail: e.message };
    throw e;
  }
  if (v.pick === 'last') got = got.slice(-1);
  if (v.expectedError !== undefined) {
    // The peer calls a rule that never matches an error; RFC 5545 makes DTSTART its one occurrence.
    const why = got.length === 1 && got[0] === v.dtstart ? 'never-matching' : undefined;
    return { agree: false, why, detail: `peer error "${v.expectedError}", ours ${got.join(' ')}` };
  }
  if (JSON.stringify(got) === JSON.stringify(expected)) return { agree: true };
  // libical imposes DTSTART's month or weekday where RFC 5545's table says the part expands,
  // and takes whole weeks for a week 53 that crosses the year; RFC 5545's BYDAY-free L400 likewise.
  const expandTable =
    (rule.freq === 'YEARLY' && rule.byMonthDay !== undefined && rule.byMonth === undefined) ||
    (rule.byWeekNo !== undefined && (rule.byDay === undefined || rule.byWeekNo.includes(53))) ||
    (rule.freq === 'DAILY' && rule.byMinute !== undefined && v.id === 'libical:L400');
  // The peer drops a DTSTART that does not match the rule; RFC 5545 counts it first (and in COUNT).
  const dtstartCounts =
    got[0] === v.dtstart &&
    !expected.includes(v.dtstart) &&
    isPrefix(got.slice(1), expected) &&
    (got.length === expected.length || got.length === expected.length + 1 || expected.length === 0);
  return {
    agree: false,
    why: dtstartCounts ? 'dtstart-counts' : v.id.startsWith('libical:') && expandTable ? 'expand-table' : undefined,
    detail: `ours ${got.slice(0, 5).join(' ')} (${got.length}); peer ${expected.slice(0, 5).join(' ')} (${expected.length})`,
  };
}

describe('peer RRULE vectors: python-dateutil, rrule.js, libical, rust-rrule', () => {
  it('every explanation is a decision record that quotes the RFC', () => {
    for (const file of new Set(Object.values(EXPLANATIONS))) {
      const record = readFileSync(new URL(`../../docs/decisions/${file}`, import.meta.url), 'utf8');
      expect(record, file).toMatch(/RFC 5545/);
    }
  });

  for (const peer of PEERS) {
    it(`${peer}: every in-scope vector agrees, or differs for a reason a decision record gives`, () => {
      const unexplained: string[] = [];
      const tally = { agree: 0, explained: 0, outOfScope: 0 };
      for (const v of vectorsOf(peer)) {
        if (outOfScope(v) !== undefined) {
          tally.outOfScope += 1;
          continue;
        }
        const outcome = run(v);
        if (outcome.agree) tally.agree += 1;
        else if (outcome.why !== undefined) tally.explained += 1;
        else unexplained.push(`${v.id}: ${v.rule} @ ${v.dtstart} ${v.tz}: ${outcome.detail}`);
      }
      expect(unexplained).toEqual([]);
      // The scan is not blind: dozens of vectors run and agree outright.
      expect(tally.agree).toBeGreaterThanOrEqual(30);
    });
  }
});
