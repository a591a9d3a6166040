import fc from 'fast-check';

// Seeded, bounded property runs: the same cases on every machine, and a fast `npm test`.
// Override with FC_SEED / FC_RUNS to explore more widely.
fc.configureGlobal({
  seed: Number(process.env.FC_SEED ?? 20261121),
  numRuns: Number(process.env.FC_RUNS ?? 100),
});
