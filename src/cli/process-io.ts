import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import type { CliIo } from './io.js';
import type { StopSignals } from './serve.js';

/**
 * The real process's input and output: lines to standard output and standard error, files or
 * standard input (`-`) as bytes, ANSI styles when standard output is a terminal. The bin and `npm start` (scripts/start.mjs) use it.
 *
 * @example
 * process.exitCode = await runCli(process.argv.slice(2), PROCESS_IO, process.env, onProcessStopSignal);
 */
export const PROCESS_IO: CliIo = Object.freeze({
  out: (line: string) => void process.stdout.write(`${line}\n`),
  err: (line: string) => void process.stderr.write(`${line}\n`),
  readInput: async (path: string) => (path === '-' ? buffer(process.stdin) : readFile(path)),
  // A terminal, unless NO_COLOR (https://no-color.org) asks for plain text.
  color: process.stdout.isTTY === true && (process.env.NO_COLOR ?? '') === '',
  // One line on a terminal, rewritten in place ("" clears it).
  ...(process.stderr.isTTY === true ? { progress: (line: string) => void process.stderr.write(`\r\u001b[2K${line}`) } : {}),
});

/**
 * Calls `stop` with the signal's name on the process's first SIGINT or SIGTERM.
 *
 * @example
 * await runServe(['--port', '0'], PROCESS_IO, process.env, onProcessStopSignal);
 */
export const onProcessStopSignal: StopSignals = (stop) => {
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
};
