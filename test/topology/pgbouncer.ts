// A PgBouncer of the suite's own, in transaction mode, on its own port of 127.0.0.1, with its
// own config folder: started, killed, started again and pointed at another server (reload), as
// an operator does. As root it runs as `postgres` (`-u postgres`: PgBouncer refuses root).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, ownedTempDir } from '../faults/cluster.js';

const run = promisify(execFile);

/** Where `pgbouncer` is (PATH, or Debian's /usr/sbin), or `undefined`. */
export async function findPgBouncer(): Promise<string | undefined> {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin']) {
    if (dir !== '' && existsSync(join(dir, 'pgbouncer'))) return join(dir, 'pgbouncer');
  }
  try {
    return (await run('sh', ['-c', 'command -v pgbouncer'])).stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** PgBouncer's server pool size per database and user in these suites (as the issue measured: 12). */
export const SERVER_POOL_SIZE = 12;

export type Bouncer = {
  /** The URL clients use: through PgBouncer to the database `postgres`. */
  readonly url: string;
  /** The admin console (`SHOW SERVERS`, `SHOW POOLS`). */
  readonly adminUrl: string;
  readonly port: number;
  /** SIGKILL: every client and server connection drops at once. */
  kill(): Promise<void>;
  /** Starts it again on the same port with the same config. */
  start(): Promise<void>;
  /** Points it at another server port and reloads (SIGHUP): new server connections go there. */
  repoint(serverPort: number): Promise<void>;
  /** Stops it for good and forgets its folder. */
  destroy(): Promise<void>;
};

/**
 * Starts PgBouncer in transaction mode in front of `127.0.0.1:serverPort` (trust auth, user
 * `postgres`), `server_login_retry = 1` so a server that comes back is used within a second.
 */
export async function startBouncer(binary: string, serverPort: number): Promise<Bouncer> {
  const dir = await ownedTempDir('pk-bouncer-');
  const port = await freePort();
  const ini = join(dir, 'pgbouncer.ini');
  const users = join(dir, 'users.txt');
  await writeFile(users, '"postgres" ""\n');
  const config = (target: number) => `[databases]
postgres = host=127.0.0.1 port=${target} dbname=postgres user=postgres

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${users}
admin_users = postgres
pool_mode = transaction
default_pool_size = ${SERVER_POOL_SIZE}
max_client_conn = 400
server_login_retry = 1
server_reset_query =
ignore_startup_parameters = extra_float_digits,options
logfile = ${join(dir, 'log')}
pidfile = ${join(dir, 'pid')}
`;
  await writeFile(ini, config(serverPort));
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const args = process.getuid?.() === 0 ? ['-u', 'postgres', ini] : [ini];
    const started = spawn(binary, args, { stdio: 'ignore' });
    child = started;
    started.once('exit', () => {
      if (child === started) child = undefined;
    });
    for (let i = 0; i < 100; i++) {
      const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/pgbouncer` });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SHOW VERSION');
        await client.end();
        return;
      } catch {
        await client.end().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error('PgBouncer did not start within 10 s');
  };
  const kill = async (): Promise<void> => {
    const running = child;
    if (running === undefined) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/pgbouncer`,
    port,
    kill,
    start,
    async repoint(target) {
      await writeFile(ini, config(target));
      child?.kill('SIGHUP');
      await new Promise((resolve) => setTimeout(resolve, 200));
    },
    async destroy() {
      await kill();
    },
  };
}

/** What `SHOW` reads on a fresh direct connection: the defaults a server connection must keep. */
const IGNORED_SETTINGS = new Set(['application_name', 'client_encoding', 'datestyle', 'timezone', 'standard_conforming_strings', 'intervalstyle', 'transaction_read_only', 'default_transaction_read_only', 'in_hot_standby']);

async function showAll(client: pg.Client | pg.PoolClient): Promise<Map<string, string>> {
  const { rows } = await client.query<{ name: string; setting: string }>('SHOW ALL');
  return new Map(rows.filter((row) => !IGNORED_SETTINGS.has(row.name.toLowerCase())).map((row) => [row.name, row.setting]));
}

/**
 * Every setting PgBouncer's server connections carry that a fresh connection to the server does
 * not: `SERVER_POOL_SIZE` transactions opened through PgBouncer at once (each holds its own
 * server connection, so together they cover every one the pool has) read `SHOW ALL`, compared
 * with a direct connection's. Each difference as `name=value`; none is the goal.
 */
export async function settingsLeftOnServers(bouncer: Bouncer, directUrl: string): Promise<string[]> {
  const direct = new pg.Client({ connectionString: directUrl });
  await direct.connect();
  const defaults = await showAll(direct);
  await direct.end();
  const clients = Array.from({ length: SERVER_POOL_SIZE }, () => new pg.Client({ connectionString: bouncer.url }));
  const found = new Set<string>();
  try {
    await Promise.all(clients.map((c) => c.connect()));
    // BEGIN on each first: a transaction holds its server connection until COMMIT.
    await Promise.all(clients.map((c) => c.query('BEGIN')));
    const seen = await Promise.all(clients.map((c) => showAll(c)));
    for (const settings of seen) {
      for (const [name, value] of settings) if (defaults.get(name) !== value) found.add(`${name}=${value}`);
    }
    await Promise.all(clients.map((c) => c.query('COMMIT')));
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
  return [...found].sort();
}

/** How many server connections PgBouncer holds now (admin console `SHOW SERVERS`). */
export async function serverConnections(bouncer: Bouncer): Promise<number> {
  const admin = new pg.Client({ connectionString: bouncer.adminUrl });
  await admin.connect();
  try {
    // The admin console speaks the simple protocol only.
    const { rows } = await admin.query({ text: 'SHOW SERVERS', queryMode: 'simple' } as never);
    return (rows as unknown[]).length;
  } finally {
    await admin.end();
  }
}
