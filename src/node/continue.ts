import type { ServerResponse } from 'node:http';

/**
 * Responses whose request carried `Expect: 100-continue` and was handed over by
 * `createNodeServer`'s `checkContinue` listener: `100 Continue` is sent only when the
 * handler starts reading the body, so a refused upload is never sent at all.
 */
const AWAITING_CONTINUE = new WeakSet<ServerResponse>();

/**
 * Marks `res` as awaiting `100 Continue` (see {@link AWAITING_CONTINUE}); for a
 * `checkContinue` listener.
 *
 * @example
 * server.on('checkContinue', (req, res) => { continueOnRead(res); listener(req, res); });
 */
export function continueOnRead(res: ServerResponse): void {
  AWAITING_CONTINUE.add(res);
}

/**
 * Sends `100 Continue` if `res` awaits it (once); called when the body is first read.
 *
 * @example
 * sendContinue(res); // then read req
 */
export function sendContinue(res: ServerResponse): void {
  if (!AWAITING_CONTINUE.delete(res)) return;
  if (!res.headersSent && !res.destroyed) res.writeContinue();
}
