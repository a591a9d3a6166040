import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A nats-server with JetStream that this test started (its own port and store), stoppable and restartable by PID. */
export type OwnNatsServer = {
  readonly url: string;
  /** SIGTERM to the server's PID; resolves when it exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port and store directory; resolves when it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its store directory. */
  dispose(): Promise<void>;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function accepting(port: number, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`nats-server on ${port} did not start in ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts `nats-server -a 127.0.0.1 -p <free port> -js -sd <temp dir>` (the shared server on 4222 is never touched). */
export async function startOwnNatsServer(binary = process.env.PAYMENTS_KIT_NATS_SERVER ?? 'nats-server'): Promise<OwnNatsServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pk-nats-'));
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const started = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' });
    started.on('error', () => undefined);
    child = started;
    await accepting(port, 20_000);
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
