#!/usr/bin/env node
/**
 * The `payments-kit` bin (package.json "bin"): `validate`, `schedule`, `serve`; `--help`
 * on each. See docs/cli.md.
 *
 * @packageDocumentation
 */
import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import type { CliIo } from './io.js';
import { runCli } from './main.js';

const io: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readInput: async (path) => (path === '-' ? buffer(process.stdin) : readFile(path)),
};

process.exitCode = await runCli(process.argv.slice(2), io, process.env, (stop) => {
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
});
