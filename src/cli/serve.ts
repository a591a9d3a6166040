import { startReferenceServer } from '../http/reference/server.js';
import { type CliIo, EXIT } from './io.js';
import { CLI_MESSAGES, SERVE_HELP } from './messages.js';
import { parseCommandLine } from './usage.js';

/** How the server is stopped: the bin wires SIGINT and SIGTERM; tests pass their own. */
export type StopSignals = (stop: (signal: string) => void) => void;

/**
 * `payments-kit serve [--port <n>]` (and `npm start`): runs the reference server until a
 * signal stops it. The port is --port, else `env.PORT`, else 3000. Resolves with the exit code
 * once the server has closed (or could not start).
 *
 * @example
 * await runServe(['--port', '0'], io, process.env, (stop) => process.once('SIGINT', () => stop('SIGINT')))
 */
export async function runServe(
  args: readonly string[],
  io: CliIo,
  env: Readonly<Record<string, string | undefined>>,
  onStopSignal: StopSignals,
): Promise<number> {
  const parsed = parseCommandLine(args, { help: { type: 'boolean', short: 'h' }, port: { type: 'string' } });
  if (!parsed.ok) return usage(io, parsed.error);
  if (parsed.value.values.help === true) {
    io.out(SERVE_HELP);
    return EXIT.ok;
  }
  if (parsed.value.positionals.length > 0) return usage(io, CLI_MESSAGES.unexpectedArgument(parsed.value.positionals[0] ?? ''));
  const portText = typeof parsed.value.values.port === 'string' ? parsed.value.values.port : env.PORT === undefined || env.PORT === '' ? '3000' : env.PORT;
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : -1;
  if (port < 0 || port > 65535) return usage(io, CLI_MESSAGES.badPort(portText));
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    server = await startReferenceServer({ port, log: (line) => io.out(line) });
  } catch (error) {
    io.err(CLI_MESSAGES.cannotStart(error));
    return EXIT.invalid;
  }
  return new Promise<number>((resolve) => {
    let stopping = false;
    onStopSignal((signal) => {
      if (stopping) return;
      stopping = true;
      io.out(`${signal} received, shutting down`);
      server.close().then(
        () => resolve(EXIT.ok),
        () => resolve(EXIT.invalid),
      );
    });
  });
}

function usage(io: CliIo, message: string): number {
  io.err(`payments-kit serve: ${message}`);
  io.err(CLI_MESSAGES.seeHelp('serve'));
  return EXIT.usage;
}
