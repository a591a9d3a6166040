import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/** Every test file below `dir`, as a path from the repository's root. */
const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? testFiles(join(dir, entry.name)) : entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : [],
  );

/**
 * The test files that mock modules, spy on or stub shared objects, or fake the clock: each runs
 * in a fresh module graph of its own (Vitest's `isolate`), in the projects `all isolated` and
 * `tz <zone> isolated`. Every other file shares its worker's module graph with the files that
 * ran there before it (`isolate: false`): each file importing src/, valibot and fast-check anew
 * cost more CPU than its tests did. Found by reading the files, so a new file that mocks is
 * isolated without being listed.
 */
const ISOLATED = [
  ...testFiles('test').filter((file) => /\bvi\.(mock|doMock|unmock|resetModules|stubGlobal|stubEnv|spyOn|useFakeTimers)\(/.test(readFileSync(file, 'utf8'))),
];

/**
 * The tests whose results could depend on the process's time zone: the ones that parse, expand,
 * format or compare date-times (schedules, RRULE, invoices' dates, versions, RFC 3339, calendar
 * pages). `npm test` runs every test once under TZ=UTC and these again under each of TZ_ZONES.
 * Nothing else can depend on TZ: test/local-time.test.ts keeps src/ free of every API that
 * reads it. A new test whose result could depend on TZ is added here.
 */
const TZ_SENSITIVE = [
  'test/schedule/**/*.test.ts',
  'test/invoice/**/*.test.ts',
  'test/version/**/*.test.ts',
  'test/shared/**/*.test.ts',
  'test/schemas/canonical-date-time.test.ts',
  'test/schemas/primitives.test.ts',
  'test/schemas/resources.test.ts',
  'test/reference/cli-calendar.test.ts',
  'test/reference/month-grid.test.ts',
  'test/http/schedule-view.test.ts',
  'test/http/schedule-time-zone.test.ts',
];

/**
 * Suites that need a real server, a browser or whole processes, and spend their time waiting on
 * them: `npm test` leaves them to `npm run test:services` (CI runs both), which keeps the
 * Node-only suite within its budget.
 */
const SERVICE_SUITES = [
  'test/browser/**/*.test.ts',
  'test/client/prism.test.ts',
  'test/relay/amqp.test.ts',
  'test/relay/nats.test.ts',
  'test/http/rate-limit-shared.test.ts',
  'test/postgres/scale-out.test.ts',
  'test/postgres/start-script.test.ts',
  'test/package/cli-outbox.test.ts',
];

/** Zones besides UTC: behind it with DST (America/Los_Angeles), and ahead by a half hour without DST (Asia/Kolkata). */
const TZ_ZONES = ['America/Los_Angeles', 'Asia/Kolkata'];

export default defineConfig({
  test: {
    // Vitest's default leaves one core free (one worker on a 2-core machine); every core runs
    // test files here, which halves the suite's wall time on CI's 2 cores.
    maxWorkers: availableParallelism(),
    projects: [
      ...[false, true].map((isolated) => ({
        test: {
          name: isolated ? 'all isolated' : 'all',
          include: isolated ? ISOLATED : ['test/**/*.test.ts'],
          // Load, leak and long fuzz suites: `npm run test:hostile` runs them one file at a time.
          exclude: ['test/hostile/**', 'test/faults/**', 'test/topology/**', ...SERVICE_SUITES, ...(isolated ? [] : ISOLATED), 'node_modules/**'],
          isolate: isolated,
          testTimeout: 20_000,
          setupFiles: ['test/setup.ts'],
          env: { TZ: 'UTC' },
        },
      })),
      {
        // Suites that drive a real server, browser or process from start to end (Chromium,
        // RabbitMQ, NATS, Redis, Prism, PostgreSQL processes); `npm run test:services` after a
        // build, as .ci/run does. Locally each skips without its server.
        test: {
          name: 'services',
          include: SERVICE_SUITES,
          testTimeout: 60_000,
          setupFiles: ['test/setup.ts'],
          env: { TZ: 'UTC' },
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
        // The fault suite: a PostgreSQL cluster of its own that restarts, kills
        // backends, locks rows and runs out of connections; `npm run test:faults`.
        test: {
          name: 'faults',
          include: ['test/faults/**/*.test.ts'],
          testTimeout: 90_000,
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        // The topology suites: the store behind a PgBouncer of their own (transaction mode), and
        // across a failover to a synchronous standby; clusters of their own. `npm run
        // test:pgbouncer`, `npm run test:failover`.
        test: {
          name: 'topology',
          include: ['test/topology/**/*.test.ts'],
          testTimeout: 180_000,
          setupFiles: ['test/setup.ts'],
        },
      },
      // The time-zone-sensitive tests again, one project per zone, run in the same vitest
      // process as `all` so that their files share the workers. Each test file runs in a child
      // process started with that TZ (pool 'forks'; worker threads share the process's zone),
      // and test/setup-tz.ts fails the file if the zone did not take effect.
      ...TZ_ZONES.flatMap((zone) =>
        [false, true].map((isolated) => ({
          test: {
            name: isolated ? `tz ${zone} isolated` : `tz ${zone}`,
            include: TZ_SENSITIVE,
            // The files that mock in `tz <zone> isolated`; the others, sharing modules, in `tz <zone>`.
            exclude: isolated ? testFiles('test').filter((file) => !ISOLATED.includes(file)) : ISOLATED,
            isolate: isolated,
            testTimeout: 20_000,
            pool: 'forks' as const,
            env: { TZ: zone },
            setupFiles: ['test/setup-tz.ts', 'test/setup.ts'],
          },
        })),
      ),
    ],
  },
});
