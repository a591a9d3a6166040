import { runConformanceCommand } from './conformance.js';
import { type CliIo, EXIT } from './io.js';
import { CLI_MESSAGES, MAIN_HELP } from './messages.js';
import { runOutbox } from './outbox.js';
import { runSchedule } from './schedule.js';
import { runServe, type StopSignals } from './serve.js';
import { runValidate } from './validate.js';

/**
 * The `payments-kit` command line: dispatches to validate, schedule, serve, outbox or conformance and resolves
 * with the exit code.
 *
 * @example
 * process.exitCode = await runCli(process.argv.slice(2), io, process.env, onSignals)
 */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  env: Readonly<Record<string, string | undefined>>,
  onStopSignal: StopSignals,
): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'validate':
      return runValidate(rest, io);
    case 'schedule':
      return runSchedule(rest, io);
    case 'serve':
      return runServe(rest, io, env, onStopSignal);
    case 'outbox':
      return runOutbox(rest, io, env);
    case 'conformance':
      return runConformanceCommand(rest, io);
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      io.out(MAIN_HELP);
      return command === undefined ? EXIT.usage : EXIT.ok;
    default:
      io.err(`payments-kit: ${CLI_MESSAGES.unknownCommand(command)}`);
      io.err(CLI_MESSAGES.seeHelp());
      return EXIT.usage;
  }
}
