import { Bench } from 'tinybench';

/** One contender in a side-by-side group: a name and the work of one iteration. */
export type Contender = { name: string; fn: () => unknown };

/** A group of contenders doing the same work; the first is ours and the baseline for ratios. */
export type Group = { title: string; contenders: Contender[] };

/**
 * What one contender measured, for docs/performance.md: the median over the rounds, and
 * the lowest and highest ratio of one round (equal to `ratio` when there was one round).
 */
export type Row = {
  group: string;
  name: string;
  opsPerSec: number;
  meanUs: number;
  ratio: number;
  ratioLow: number;
  ratioHigh: number;
};

/** Options of {@link compare}. */
export type CompareOptions = {
  /** Sampling time per contender and round, in ms. */
  time?: number;
  /**
   * Rounds per group. Each round runs every contender once, in turn, so a slow moment of the
   * machine falls on one round of all of them rather than on one contender; the table gives
   * the median round and the range of the ratio.
   */
  rounds?: number;
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Throughput (ops/s) of each contender in one tinybench run. */
async function runOnce(group: Group, time: number): Promise<number[]> {
  const bench = new Bench({ time, warmupTime: 100 });
  for (const c of group.contenders) bench.add(c.name, c.fn);
  await bench.run();
  return bench.tasks.map((t) => (t.result as { throughput?: { mean: number } } | undefined)?.throughput?.mean ?? 0);
}

/**
 * Runs each group's contenders side by side, prints a table per group with the ratio of our
 * throughput to each other contender (">1x" means ours is faster), and returns the rows.
 */
export async function compare(groups: Group[], { time = 500, rounds = 1 }: CompareOptions = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (const group of groups) {
    const perRound: number[][] = [];
    for (let round = 0; round < rounds; round += 1) perRound.push(await runOnce(group, time));
    console.log(`\n## ${group.title}`);
    const spread = rounds > 1;
    console.log(`| contender | ops/s | mean (µs) | ours vs this |${spread ? ` range over ${rounds} rounds |` : ''}`);
    console.log(`|---|---:|---:|---:|${spread ? '---:|' : ''}`);
    group.contenders.forEach((c, index) => {
      const ops = median(perRound.map((r) => r[index] ?? 0));
      const ratios = perRound.map((r) => ((r[index] ?? 0) === 0 ? Number.NaN : (r[0] ?? 0) / (r[index] ?? 0)));
      const ratio = median(ratios);
      const ratioLow = Math.min(...ratios);
      const ratioHigh = Math.max(...ratios);
      rows.push({ group: group.title, name: c.name, opsPerSec: ops, meanUs: 1e6 / ops, ratio, ratioLow, ratioHigh });
      const range = spread ? ` ${ratioLow.toFixed(2)}-${ratioHigh.toFixed(2)}x |` : '';
      console.log(`| ${c.name} | ${Math.round(ops).toLocaleString('en-US')} | ${(1e6 / ops).toFixed(2)} | ${ratio.toFixed(2)}x |${range}`);
    });
  }
  return rows;
}
