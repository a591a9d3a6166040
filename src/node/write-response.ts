import type { ServerResponse } from 'node:http';

/** Resolves on the response's next 'drain' or 'close', whichever comes first. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const go = (): void => {
      res.off('drain', go);
      res.off('close', go);
      resolve();
    };
    res.once('drain', go);
    res.once('close', go);
  });
}

/**
 * Writes a WHATWG `Response` to a Node response: each `Set-Cookie` as its own header line,
 * `Connection: close` when asked (replacing the response's own), the body streamed with
 * back-pressure and cancelled when the client leaves.
 *
 * @example
 * await writeResponse(res, new Response('hi', { headers: { 'set-cookie': 'a=1' } }), false);
 */
export async function writeResponse(res: ServerResponse, response: Response, closeConnection: boolean): Promise<void> {
  const flat: string[] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && !(closeConnection && name === 'connection')) flat.push(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) flat.push('set-cookie', cookie);
  if (closeConnection) flat.push('connection', 'close');
  if (response.statusText === '') res.writeHead(response.status, flat);
  else res.writeHead(response.status, response.statusText, flat);
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const onClose = (): void => {
    reader.cancel().catch(() => undefined);
  };
  res.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await drained(res);
      if (res.destroyed) break;
    }
  } finally {
    res.off('close', onClose);
    res.end();
  }
}
