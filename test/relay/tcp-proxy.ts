import { type Server, type Socket, connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP proxy on 127.0.0.1 to a local port that can cut every connection, as a broker outage looks to a client. */
export type TcpProxy = {
  readonly port: number;
  /** Destroys every open connection and refuses new ones until `restore()`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
};

/** Starts a proxy to `127.0.0.1:targetPort` (only this test's client sees the outage; the broker stays up for every other suite). */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let refusing = false;
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    track(client);
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      refusing = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      refusing = false;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
