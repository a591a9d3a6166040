import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves one core free (one worker on a 2-core machine); every core runs
    // test files here, which halves the suite's wall time on CI's 2 cores.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'all',
          include: ['test/**/*.test.ts'],
          // Load, leak and long fuzz suites: `npm run test:hostile` runs them one file at a time.
          exclude: ['test/hostile/**', 'test/faults/**', 'node_modules/**'],
          testTimeout: 20_000,
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        // Timing-sensitive (p99, CPU per request), heap and long fuzz suites under hostile
        // clients: alone on the machine, one file at a time (see package.json test:hostile).
        test: {
          name: 'hostile',
          include: ['test/hostile/**/*.test.ts'],
          testTimeout: 60_000,
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        // The fault suite (issue 23): a PostgreSQL cluster of its own that restarts, kills
        // backends, locks rows and runs out of connections; `npm run test:faults`.
        test: {
          name: 'faults',
          include: ['test/faults/**/*.test.ts'],
          testTimeout: 90_000,
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        // Re-run of the time-zone-sensitive suites under a third TZ (see package.json test:unit).
        test: {
          name: 'tz',
          include: ['test/schedule/**/*.test.ts', 'test/invoice/**/*.test.ts'],
          testTimeout: 20_000,
          setupFiles: ['test/setup.ts'],
        },
      },
    ],
  },
});
