import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'all',
          include: ['test/**/*.test.ts'],
          testTimeout: 20_000,
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
