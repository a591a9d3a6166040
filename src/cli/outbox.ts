import type { DeadEffect, OutboxStats, RedriveFilter, Store } from '../http/store/port.js';
import { type CliIo, EXIT } from './io.js';
import { CLI_MESSAGES, OUTBOX_HELP } from './messages.js';
import { printable } from './printable.js';
import { type OpenedStore, chooseStore, openReferenceStore } from './reference-store.js';
import { type Parsed, parseCommandLine } from './usage.js';

/** Rows `outbox dead` prints unless `--limit` says otherwise. */
const DEFAULT_DEAD_LIMIT = 20;
const MAX_DEAD_LIMIT = 1_000;

/** One outbox subcommand: what it prints (human lines, or one JSON value) from the store. */
type Subcommand = (store: Store, values: Parsed['values']) => Promise<{ readonly lines: readonly string[]; readonly json: unknown }>;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function statsLines(stats: OutboxStats): string[] {
  return [
    `pending: ${stats.pending}`,
    `in flight: ${stats.inFlight}`,
    `dead: ${stats.dead}`,
    `oldest pending: ${stats.oldestPendingAgeMs === null ? 'none' : seconds(stats.oldestPendingAgeMs)}`,
    `delivered in the last hour: ${stats.deliveredLastHour}`,
  ];
}

/** One dead effect as a human line; every stored text is escaped (see `printable`), so a line is always one line. */
function deadLine(dead: DeadEffect): string {
  const fields = [dead.effectID, dead.effect.type, `account ${dead.accountID}`, `attempts ${dead.attempts}`, `died ${dead.diedAt}`, dead.lastError];
  return fields.map((field) => printable(String(field))).join('  ');
}

/** The redrive filter of `--id`, `--type` or `--all` (exactly one), or a usage message. */
function redriveFilter(values: Parsed['values']): RedriveFilter | string {
  const chosen = [values.id, values.type, values.all].filter((value) => value !== undefined);
  if (chosen.length !== 1) return CLI_MESSAGES.redriveFilter;
  if (typeof values.id === 'string') return values.id === '' ? CLI_MESSAGES.redriveFilter : { effectID: values.id };
  if (typeof values.type === 'string') return values.type === '' ? CLI_MESSAGES.redriveFilter : { type: values.type };
  return { all: true };
}

/** `--limit`, checked: an integer from 1 to 1000 (default 20), or a usage message. */
function deadLimit(values: Parsed['values']): number | string {
  if (values.limit === undefined) return DEFAULT_DEAD_LIMIT;
  const text = String(values.limit);
  const limit = /^\d{1,4}$/.test(text) ? Number(text) : 0;
  return limit >= 1 && limit <= MAX_DEAD_LIMIT ? limit : CLI_MESSAGES.badLimit(text, MAX_DEAD_LIMIT);
}

/** The subcommands, as data: their options and what each runs once the store is open. */
const SUBCOMMANDS: Readonly<Record<string, { readonly options: Record<string, { type: 'string' | 'boolean' }>; readonly check?: (values: Parsed['values']) => string | undefined; readonly run: Subcommand }>> = {
  stats: {
    options: {},
    run: async (store) => {
      const stats = await store.outboxStats();
      return { lines: statsLines(stats), json: stats };
    },
  },
  dead: {
    options: { limit: { type: 'string' }, after: { type: 'string' } },
    check: (values) => {
      const limit = deadLimit(values);
      return typeof limit === 'string' ? limit : undefined;
    },
    run: async (store, values) => {
      const dead = await store.listDeadEffects({ limit: deadLimit(values) as number, ...(typeof values.after === 'string' ? { after: values.after } : {}) });
      return { lines: dead.length === 0 ? ['no dead effects'] : dead.map(deadLine), json: dead };
    },
  },
  redrive: {
    options: { id: { type: 'string' }, type: { type: 'string' }, all: { type: 'boolean' } },
    check: (values) => {
      const filter = redriveFilter(values);
      return typeof filter === 'string' ? filter : undefined;
    },
    run: async (store, values) => {
      const redriven = await store.redriveEffects(redriveFilter(values) as RedriveFilter);
      return { lines: [`redriven: ${redriven}`], json: { redriven } };
    },
  },
};

/**
 * `payments-kit outbox stats | dead [--limit N] [--after ID] | redrive (--id ID | --type TYPE | --all) [--json]`:
 * the outbox of the store in `--data <dir>` (PGlite) or on `DATABASE_URL` (PostgreSQL), whose
 * schema must exist at this version (nothing is created or seeded). Prints human lines, or one
 * JSON value with `--json`. Exit 0 done, 1 the store could not be opened or read, 2 bad usage.
 *
 * @example
 * await runOutbox(['dead', '--limit', '5', '--json'], io, { DATABASE_URL: 'postgres://127.0.0.1/app' })
 */
export async function runOutbox(args: readonly string[], io: CliIo, env: Readonly<Record<string, string | undefined>>): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(OUTBOX_HELP);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const subcommand = SUBCOMMANDS[name];
  if (subcommand === undefined || !Object.hasOwn(SUBCOMMANDS, name)) return usage(io, CLI_MESSAGES.unknownOutboxCommand(name));
  const parsed = parseCommandLine(rest, { ...subcommand.options, json: { type: 'boolean' }, data: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (!parsed.ok) return usage(io, parsed.error);
  const { values, positionals } = parsed.value;
  if (values.help === true) {
    io.out(OUTBOX_HELP);
    return EXIT.ok;
  }
  if (positionals.length > 0) return usage(io, CLI_MESSAGES.unexpectedArgument(positionals[0] ?? ''));
  const problem = subcommand.check?.(values);
  if (problem !== undefined) return usage(io, problem);
  const choice = chooseStore(typeof values.data === 'string' ? values.data : undefined, env);
  if (!choice.ok) return usage(io, choice.error);
  if (choice.value.kind === 'memory') return usage(io, CLI_MESSAGES.outboxNeedsStore);
  let opened: OpenedStore | undefined;
  try {
    opened = await openReferenceStore(choice.value, (line) => io.err(line), { migrate: false });
    const { lines, json } = await subcommand.run(opened.store as Store, values);
    if (values.json === true) io.out(JSON.stringify(json, null, 2));
    else for (const line of lines) io.out(line);
    return EXIT.ok;
  } catch (error) {
    io.err(`payments-kit outbox: ${CLI_MESSAGES.outboxFailed(error)}`);
    return EXIT.invalid;
  } finally {
    await opened?.close().catch(() => undefined);
  }
}

function usage(io: CliIo, message: string): number {
  io.err(`payments-kit outbox: ${message}`);
  io.err(CLI_MESSAGES.seeHelp('outbox'));
  return EXIT.usage;
}
