import { Bench } from 'tinybench';

/** One contender in a side-by-side group: a name and the work of one iteration. */
export type Contender = { name: string; fn: () => unknown };

/** A group of contenders doing the same work; the first is ours and the baseline for ratios. */
export type Group = { title: string; contenders: Contender[] };

/** What one contender measured, for docs/performance.md. */
export type Row = { group: string; name: string; opsPerSec: number; meanUs: number; ratio: number };

/**
 * Runs each group's contenders in one tinybench run, prints a table per group with the
 * ratio of our throughput to each other contender (">1x" means ours is faster), and
 * returns the rows. `time` is the sampling time per contender in ms.
 */
export async function compare(groups: Group[], { time = 500 }: { time?: number } = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (const group of groups) {
    const bench = new Bench({ time, warmupTime: 100 });
    for (const c of group.contenders) bench.add(c.name, c.fn);
    await bench.run();
    const results = bench.tasks.map((t) => {
      const r = t.result as { throughput?: { mean: number }; latency?: { mean: number } } | undefined;
      const ops = r?.throughput?.mean ?? 0;
      const meanMs = r?.latency?.mean ?? Number.NaN;
      return { name: t.name, ops, meanUs: meanMs * 1000 };
    });
    const ours = results[0]?.ops ?? 0;
    console.log(`\n## ${group.title}`);
    console.log('| contender | ops/s | mean (µs) | ours vs this |');
    console.log('|---|---:|---:|---:|');
    for (const r of results) {
      const ratio = r.ops === 0 ? Number.NaN : ours / r.ops;
      rows.push({ group: group.title, name: r.name, opsPerSec: r.ops, meanUs: r.meanUs, ratio });
      console.log(`| ${r.name} | ${Math.round(r.ops).toLocaleString('en-US')} | ${r.meanUs.toFixed(2)} | ${ratio.toFixed(2)}x |`);
    }
  }
  return rows;
}
