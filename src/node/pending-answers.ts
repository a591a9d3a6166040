import type { Duplex } from 'node:stream';

/** The response Node is writing (or will write first) on a socket, as far as this module needs it. */
export type InFlightResponse = {
  readonly headersSent: boolean;
  readonly req?: { readonly complete?: boolean };
  once(event: 'finish' | 'close', listener: () => void): unknown;
  off(event: 'finish' | 'close', listener: () => void): unknown;
};

/**
 * Node's current response on a socket (`socket._httpMessage`) until Node detaches it after
 * its 'finish': a request on this connection is still being answered.
 *
 * @example
 * if (inFlightResponse(socket) === undefined) socket.end(answer);
 */
export function inFlightResponse(socket: Duplex): InFlightResponse | undefined {
  // Not `writableFinished`: it turns true before 'finish' is emitted, and only Node's own
  // 'finish' listener hands the socket to the next queued response.
  return (socket as { _httpMessage?: InFlightResponse | null })._httpMessage ?? undefined;
}

/**
 * Calls `then` once every response Node has queued on the socket (pipelined requests are
 * answered in order, one at a time) is written, or the socket closed: what must come before
 * anything else is written to it.
 *
 * @example
 * afterPendingAnswers(socket, () => socket.end(refusal));
 */
export function afterPendingAnswers(socket: Duplex, then: () => void): void {
  const current = inFlightResponse(socket);
  if (current === undefined || socket.destroyed) {
    then();
    return;
  }
  const next = (): void => {
    current.off('finish', next);
    current.off('close', next);
    // Node hands the socket to the next queued response in its own 'finish' listener, before this one.
    afterPendingAnswers(socket, then);
  };
  current.once('finish', next);
  current.once('close', next);
}
