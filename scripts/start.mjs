// `npm start`: runs the reference server from the BUILT package (`npm run build:server`
// builds it first): the same code as `payments-kit serve` (src/cli/serve.ts), which reads
// PORT (default 3000) and stops on Ctrl-C (SIGINT) or SIGTERM. Options after `npm start --`
// are passed on, e.g. `npm start -- --port 0`.
process.argv.splice(2, 0, 'serve');
await import('../dist/cli/index.js');
