// The supported Node lines are said twice: package.json's engines.node (what a user's npm
// checks) and .ci/run's NODE_LINES (what CI runs). They must name the same lines: the oldest
// line CI runs is engines' minimum, every line CI runs satisfies engines, CI runs every even
// (LTS) line from that minimum to its newest, and NODE_FULL (which runs every suite) is the
// newest. @types/node follows the oldest line, so the code uses no API that line lacks.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string }; devDependencies: Record<string, string> };
const ci = readFileSync(join(root, '.ci/run'), 'utf8');

/** The lines .ci/run installs (exact versions) and the one it runs the whole suite on. */
function ciLines(script: string): { versions: string[]; full: string } {
  const versions = /^NODE_LINES="([^"]*)"$/m.exec(script)?.[1]?.split(/\s+/).filter((v) => v !== '') ?? [];
  const full = /^NODE_FULL=(\S+)$/m.exec(script)?.[1] ?? '';
  return { versions, full };
}

/** The minimum major of an engines range of the form ">=N" (the only form this package uses). */
function enginesMinimum(range: string): number {
  const m = /^>=(\d+)(?:\.0)?(?:\.0)?$/.exec(range.trim());
  if (!m) throw new Error(`engines.node "${range}" is not of the form ">=N"`);
  return Number(m[1]);
}

const major = (version: string): number => Number(version.split('.')[0]);

/** What is wrong between an engines range and CI's lines; empty when they agree. */
function disagreements(range: string, lines: { versions: string[]; full: string }): string[] {
  const problems: string[] = [];
  const minimum = enginesMinimum(range);
  const majors = [...new Set(lines.versions.map(major))].sort((a, b) => a - b);
  for (const v of lines.versions) if (!/^\d+\.\d+\.\d+$/.test(v)) problems.push(`CI line ${v} is not an exact version`);
  if (majors.length === 0) return [...problems, 'CI runs no Node line'];
  const oldest = majors[0] ?? 0;
  const newest = majors.at(-1) ?? 0;
  for (const m of majors) if (m < minimum) problems.push(`CI runs Node ${m}, which engines.node (${range}) excludes`);
  if (oldest > minimum) problems.push(`engines.node (${range}) names Node ${minimum}, which CI does not run (oldest: ${oldest})`);
  for (let m = minimum + (minimum % 2); m <= newest; m += 2) if (!majors.includes(m)) problems.push(`CI skips the LTS line Node ${m}`);
  if (!lines.versions.includes(lines.full)) problems.push(`NODE_FULL ${lines.full} is not one of NODE_LINES`);
  else if (major(lines.full) !== newest) problems.push(`NODE_FULL ${lines.full} is not the newest line (${newest})`);
  return problems;
}

describe('the supported Node lines: engines.node and .ci/run agree', () => {
  it('engines.node names exactly the lines CI runs', () => {
    expect(disagreements(pkg.engines.node, ciLines(ci))).toEqual([]);
  });

  it('@types/node is of the oldest supported line', () => {
    expect(major(pkg.devDependencies['@types/node'] ?? '0')).toBe(enginesMinimum(pkg.engines.node));
  });

  it('names each way they can disagree', () => {
    const lines = { versions: ['22.23.5', '24.22.3', '26.12.1'], full: '26.12.1' };
    expect(disagreements('>=22', lines)).toEqual([]);
    expect(disagreements('>=20', lines)).toEqual(['engines.node (>=20) names Node 20, which CI does not run (oldest: 22)', 'CI skips the LTS line Node 20']);
    expect(disagreements('>=24', lines)).toEqual(['CI runs Node 22, which engines.node (>=24) excludes']);
    expect(disagreements('>=22', { versions: ['22.23.5', '26.12.1'], full: '26.12.1' })).toEqual(['CI skips the LTS line Node 24']);
    expect(disagreements('>=22', { ...lines, full: '24.22.3' })).toEqual(['NODE_FULL 24.22.3 is not the newest line (26)']);
    expect(disagreements('>=22', { versions: ['22', '24.22.3', '26.12.1'], full: '26.12.1' })).toEqual(['CI line 22 is not an exact version']);
    expect(() => disagreements('^22 || ^24', lines)).toThrow(/form/);
  });
});
