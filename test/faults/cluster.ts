import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A PostgreSQL cluster of the test's own: nobody else's suite sees it restart or stop. */
export type Cluster = {
  readonly url: string;
  /** `pg_ctl restart -m fast`: every connection is dropped, the server is back when this resolves. */
  restart(): Promise<void>;
  /** Stops the server (fast) and removes its folder. */
  destroy(): Promise<void>;
  /** Its port on 127.0.0.1, its data folder, and `pg_ctl` on it (as its owner). */
  readonly port: number;
  readonly data: string;
  readonly dir: string;
  ctl(...args: string[]): Promise<void>;
};

/** Where `initdb` and `pg_ctl` are: on the PATH, in `pg_config --bindir`, or Debian's `/usr/lib/postgresql/<ver>/bin`. */
export async function findPostgresBin(): Promise<string | undefined> {
  const candidates: string[] = [];
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir !== '') candidates.push(dir);
  try {
    candidates.push((await run('pg_config', ['--bindir'])).stdout.trim());
  } catch {
    // no pg_config
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort((x, y) => Number(y) - Number(x))) candidates.push(join(debian, version, 'bin'));
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

/** A TCP port of 127.0.0.1 free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** initdb refuses to run as root: as root, every PostgreSQL command runs as the `postgres` user. */
export async function asOwner(bin: string, command: string, args: readonly string[]): Promise<void> {
  const path = join(bin, command);
  if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', path, ...args], { timeout: 120_000 });
  else await run(path, [...args], { timeout: 120_000 });
}

/** A temporary folder the cluster's owner can write (as root: handed to `postgres`). */
export async function ownedTempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const uid = Number(stdout.trim());
    await chown(dir, uid, uid);
  }
  return dir;
}

/** How {@link startCluster} makes its data folder: `initdb` (default), or given (a base backup) with `pg_ctl` options of its own. */
export type ClusterSetup = {
  /** Fills `data` instead of initdb (e.g. `pg_basebackup` from a primary). */
  readonly init?: (data: string, port: number) => Promise<void>;
  /** More `-c name=value` settings for the server. */
  readonly settings?: readonly string[];
  /** Keep `synchronous_commit` (default: off, as the fault suite wants no disk waits). */
  readonly durableCommit?: boolean;
};

/**
 * `initdb` into a temporary folder and `pg_ctl start` on a free port of 127.0.0.1 (trust auth,
 * fsync off: the suite tests faults, not durability of the disk).
 */
export async function startCluster(bin: string, setup: ClusterSetup = {}): Promise<Cluster> {
  const dir = await ownedTempDir('pk-faults-');
  const data = join(dir, 'data');
  const port = await freePort();
  if (setup.init !== undefined) await setup.init(data, port);
  else await asOwner(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const settings = [...(setup.durableCommit === true ? [] : ['synchronous_commit=off']), ...(setup.settings ?? [])].map((s) => `-c ${s}`).join(' ');
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=60 ${settings}`;
  const ctl = (...args: string[]) => asOwner(bin, 'pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', ...args]);
  await ctl('-o', options, 'start');
  return {
    port,
    data,
    dir,
    ctl,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl('-m', 'fast', '-o', options, 'restart'),
    async destroy() {
      await ctl('-m', 'immediate', 'stop').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
