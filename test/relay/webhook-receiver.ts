import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, and whether `standardwebhooks` verified it. */
export type Received = { readonly id: string; readonly body: string; readonly verified: boolean; readonly status: number };

/** A real HTTP receiver on 127.0.0.1 that verifies each request with the `standardwebhooks` package. */
export type Receiver = {
  readonly url: string;
  readonly received: Received[];
  /** The status of the next answers (taken in order, then 200). */
  readonly script: number[];
  close(): Promise<void>;
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * Starts a receiver for `secret` (the independent implementation checks every request; an
 * unverified request is answered 400). `hang` makes it never answer (for timeouts).
 */
export async function startReceiver(secret: string, options: { hang?: boolean } = {}): Promise<Receiver> {
  const webhook = new Webhook(secret);
  const received: Received[] = [];
  const script: number[] = [];
  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      if (options.hang === true) return;
      let verified = true;
      try {
        webhook.verify(body, request.headers as Record<string, string>);
      } catch {
        verified = false;
      }
      const status = verified ? (script.shift() ?? 200) : 400;
      received.push({ id: String(request.headers['webhook-id']), body, verified, status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    script,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
