import { writeFile } from 'node:fs/promises';
import { demoConformanceFixtures } from '../reference/demo-data.js';
import { startReferenceServer } from '../reference/server.js';
import { createWebhookRelay } from '../relay/webhook/relay.js';
import { type CliIo, EXIT } from './io.js';
import { CLI_MESSAGES, SERVE_HELP } from './messages.js';
import { type OpenedStore, chooseStore, openReferenceStore } from './reference-store.js';
import { parseCommandLine } from './usage.js';
import { webhookSecret } from './webhook-secret.js';
import { allowedHostName } from '../reference/allowed-hosts.js';
import { isTimeZone } from '../schedule/index.js';

/** How the server is stopped: the bin wires SIGINT and SIGTERM; tests pass their own. */
export type StopSignals = (stop: (signal: string) => void) => void;

/**
 * `payments-kit serve [--port <n>] [--data <dir>] [--allowed-host <name>]... [--webhook-url <url>] [--schedule-time-zone <zone>] [--write-fixtures <file>]`
 * (and `npm start`): runs the reference server until a signal stops it, answering only its
 * own Host names (127.0.0.1, localhost, each `--allowed-host`). The webhook secret comes from
 * `--webhook-secret-file`, `--webhook-secret` (warned: visible in the process list) or
 * `PAYMENTS_KIT_WEBHOOK_SECRET`. The port is --port, else `env.PORT`, else 3000. The data is in
 * memory, in PGlite in `--data <dir>`, or on the PostgreSQL server of `env.DATABASE_URL` (see
 * `chooseStore`). `--write-fixtures <file>` writes the conformance fixtures of the demo data once
 * the server listens. Resolves with the exit code once the server and its store have closed (or
 * could not start).
 *
 * @example
 * await runServe(['--port', '0', '--data', './data'], io, process.env, (stop) => process.once('SIGINT', () => stop('SIGINT')))
 */
export async function runServe(
  args: readonly string[],
  io: CliIo,
  env: Readonly<Record<string, string | undefined>>,
  onStopSignal: StopSignals,
): Promise<number> {
  const parsed = parseCommandLine(args, {
    help: { type: 'boolean', short: 'h' },
    port: { type: 'string' },
    data: { type: 'string' },
    'webhook-url': { type: 'string' },
    'webhook-secret': { type: 'string' },
    'webhook-secret-file': { type: 'string' },
    'allowed-host': { type: 'string', multiple: true },
    'schedule-time-zone': { type: 'string' },
    'write-fixtures': { type: 'string' },
  });
  if (!parsed.ok) return usage(io, parsed.error);
  const { values, positionals } = parsed.value;
  if (values.help === true) {
    io.out(SERVE_HELP);
    return EXIT.ok;
  }
  if (positionals.length > 0) return usage(io, CLI_MESSAGES.unexpectedArgument(positionals[0] ?? ''));
  const portText = typeof values.port === 'string' ? values.port : env.PORT === undefined || env.PORT === '' ? '3000' : env.PORT;
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : -1;
  if (port < 0 || port > 65535) return usage(io, CLI_MESSAGES.badPort(portText));
  const choice = chooseStore(typeof values.data === 'string' ? values.data : undefined, env);
  if (!choice.ok) return usage(io, choice.error);
  const allowedHosts = allowedHostsOption(values['allowed-host']);
  if (typeof allowedHosts === 'string') return usage(io, allowedHosts);
  const scheduleTimeZone = values['schedule-time-zone'];
  if (typeof scheduleTimeZone === 'string' && !isTimeZone(scheduleTimeZone)) return usage(io, CLI_MESSAGES.badScheduleTimeZone(scheduleTimeZone));
  const secret = await webhookSecret(values, env, io);
  if (!secret.ok) return usage(io, secret.error);
  const webhook = webhookOption(values['webhook-url'], secret.value, values['webhook-secret'] !== undefined || values['webhook-secret-file'] !== undefined);
  if (typeof webhook === 'string') return usage(io, webhook);
  const fixturesFile = values['write-fixtures'];
  if (fixturesFile === '') return usage(io, CLI_MESSAGES.cannotWriteFixtures('', 'needs a file name'));
  // Listen for the stop signal before anything is printed: a supervisor that signals as soon as
  // it reads the banner must not meet Node's default action (exit without closing the store).
  // A signal during start-up stops the server as soon as it is up.
  const stopSignal = new Promise<string>((resolve) => onStopSignal(resolve));
  let opened: OpenedStore | undefined;
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    opened = await openReferenceStore(choice.value, (line) => io.err(line));
    server = await startReferenceServer({
      port,
      log: (line) => io.out(line),
      allowedHosts,
      ...(typeof scheduleTimeZone === 'string' ? { scheduleTimeZone } : {}),
      ...(opened.store === undefined ? {} : { store: opened.store }),
      ...(webhook === undefined ? {} : { webhook }),
    });
  } catch (error) {
    io.err(CLI_MESSAGES.cannotStart(error));
    await opened?.close().catch(() => undefined);
    return EXIT.invalid;
  }
  io.out(`store: ${opened.label}`);
  // Written once the server listens, so a script that waits for the file can start checking it.
  const written = typeof fixturesFile === 'string' ? await writeFixtures(fixturesFile, server.url, io, typeof scheduleTimeZone === 'string' ? scheduleTimeZone : undefined) : true;
  io.out(written ? `${await stopSignal} received, shutting down` : 'shutting down');
  // The server first (it waits for effect deliveries under way), then the store they use,
  // closed even when the server failed to close, so that nothing keeps the process alive.
  const serverClosed = await server.close().then(
    () => true,
    () => false,
  );
  const storeClosed = await opened.close().then(
    () => true,
    () => false,
  );
  return serverClosed && storeClosed && written ? EXIT.ok : EXIT.invalid;
}

/** Writes `demoConformanceFixtures()` (with the server's schedule time zone) to `file` as JSON; false (with the reason on standard error) when it cannot. */
async function writeFixtures(file: string, url: string, io: CliIo, scheduleTimeZone: string | undefined): Promise<boolean> {
  try {
    await writeFile(file, `${JSON.stringify(demoConformanceFixtures({ scheduleTimeZone }), null, 2)}\n`);
    io.out(CLI_MESSAGES.fixturesWritten(file, url));
    return true;
  } catch (error) {
    io.err(`payments-kit serve: ${CLI_MESSAGES.cannotWriteFixtures(file, error)}`);
    return false;
  }
}

/** Each `--allowed-host`, checked as the reference server checks it; a usage message otherwise. */
function allowedHostsOption(values: unknown): string[] | string {
  const names = Array.isArray(values) ? (values as string[]) : [];
  try {
    for (const name of names) allowedHostName(name);
  } catch (error) {
    return CLI_MESSAGES.badAllowedHost(error instanceof Error ? error.message : String(error));
  }
  return names;
}

/**
 * `--webhook-url` with a secret (from a flag or the environment), checked as
 * `createWebhookRelay` checks them; a usage message otherwise. A secret flag without the URL
 * is refused; the environment variable alone is not (it may be set for every run).
 */
function webhookOption(url: unknown, secret: string | undefined, secretFlag: boolean): { url: string; secret: string } | undefined | string {
  if (url === undefined && !secretFlag) return undefined;
  if (typeof url !== 'string' || secret === undefined) return CLI_MESSAGES.webhookPair;
  try {
    createWebhookRelay({ url, secret });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return { url, secret };
}

function usage(io: CliIo, message: string): number {
  io.err(`payments-kit serve: ${message}`);
  io.err(CLI_MESSAGES.seeHelp('serve'));
  return EXIT.usage;
}
