// `npm start`: `payments-kit serve` from the BUILT code (`npm run build:server` first), so
// the script and the command line are one piece of code (src/cli/serve.ts). Node http on
// 127.0.0.1, port from PORT (default 3000); Ctrl-C (SIGINT) or SIGTERM stops it.
//
// Where the data lives (the demo data is inserted when absent; what requests change is kept):
//   npm start                       in memory (lost on exit)
//   npm start -- --data <dir>       PGlite (embedded PostgreSQL) persisted in <dir>
//   DATABASE_URL=postgres://... npm start   a PostgreSQL server (schema PAYMENTS_KIT_PG_SCHEMA, default payments_kit)
// The PostgreSQL adapter and its driver are loaded only in the last two cases.
// `npm start -- --help` lists the options.
//
// Run by `npm start`, it serves the quick ESM build of `npm run build:server` in .start/ (dist/
// is left to `npm run build`, the whole package); run directly (`node scripts/start.mjs`, as the
// tests do), the whole build in dist/.
const build = process.env.npm_lifecycle_event === 'start' ? '.start' : 'dist';
const { PROCESS_IO, onProcessStopSignal } = await import(`../${build}/cli/process-io.js`);
const { runServe } = await import(`../${build}/cli/serve.js`);

process.exitCode = await runServe(process.argv.slice(2), PROCESS_IO, process.env, onProcessStopSignal);
