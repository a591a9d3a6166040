#!/usr/bin/env node
/**
 * The `payments-kit` bin (package.json "bin"): `validate`, `schedule`, `serve`; `--help`
 * on each. See docs/cli.md.
 *
 * @packageDocumentation
 */
import { runCli } from './main.js';
import { PROCESS_IO, onProcessStopSignal } from './process-io.js';

process.exitCode = await runCli(process.argv.slice(2), PROCESS_IO, process.env, onProcessStopSignal);
