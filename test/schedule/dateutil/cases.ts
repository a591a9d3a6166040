/**
 * The differential's inputs and its recorded oracle answers, shared by the test (which reads
 * the recording) and scripts/dateutil-oracle.ts (which regenerates it with live dateutil).
 */
import { readFileSync } from 'node:fs';
import { parseRecurrenceRule } from '../../../src/rrule/parse.js';
import { type Case, generateCases } from './generate.js';

export const SEED = 20261121;
export const CASES = 640;

/** What python-dateutil answered for one case: occurrences, or EMPTY / TIMEOUT / ERROR: ... */
export type OracleAnswer = string[] | string;

/** The committed recording: the inputs it was made from and dateutil's answer to each. */
export type Recording = {
  /** How it was made, for the person reading a diff of this file. */
  readonly made: { readonly seed: number; readonly cases: number; readonly dateutil: string; readonly command: string };
  readonly results: readonly (Case & { readonly oracle: OracleAnswer })[];
};

/** Where the recording lives (committed data: `npm test` needs no python). */
export const RECORDING = new URL('./recorded.json', import.meta.url);

/** The seeded cases whose rule the package accepts: the inputs of the differential. */
export function differentialCases(): Case[] {
  return generateCases(SEED, CASES).filter((c) => parseRecurrenceRule(c.rule).ok);
}

/** Reads the committed recording. */
export function readRecording(): Recording {
  return JSON.parse(readFileSync(RECORDING, 'utf8')) as Recording;
}

/**
 * Where the recording's inputs differ from what the generator gives today (empty when they
 * match): a changed generator needs a new recording, made with live dateutil.
 */
export function staleInputs(recording: Recording, cases: readonly Case[]): string[] {
  const problems: string[] = [];
  if (recording.results.length !== cases.length) {
    problems.push(`the recording has ${recording.results.length} cases, the generator gives ${cases.length}`);
  }
  cases.forEach((c, i) => {
    const r = recording.results[i];
    if (r === undefined) return;
    if (r.id !== c.id || r.rule !== c.rule || r.dtstart !== c.dtstart || r.n !== c.n) {
      problems.push(`case ${c.id}: generated ${c.rule} @ ${c.dtstart} n=${c.n}, recorded ${r.rule} @ ${r.dtstart} n=${r.n}`);
    }
  });
  return problems;
}
