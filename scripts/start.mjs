// `npm start`: builds the package, then runs the reference server from the BUILT package.
// Node http on 127.0.0.1, port from PORT (default 3000); Ctrl-C (SIGINT) or SIGTERM stops it.
import { startReferenceServer } from '../dist/http/index.js';

const port = process.env.PORT === undefined || process.env.PORT === '' ? 3000 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be an integer from 0 to 65535, got "${process.env.PORT}"`);
  process.exit(1);
}

let reference;
try {
  reference = await startReferenceServer({ port });
} catch (error) {
  console.error(`could not start the reference server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down`);
  reference.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
