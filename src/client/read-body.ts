/** A body read to its end, or the sign that it passed the bound (then it was cancelled). */
export type BodyRead = { readonly text: string; readonly tooLarge: false } | { readonly text: undefined; readonly tooLarge: true };

const TOO_LARGE: BodyRead = Object.freeze({ text: undefined, tooLarge: true });
let shared: TextDecoder | undefined;

/**
 * Reads an answer's body as UTF-8 text, at most `maxBytes` bytes: a `Content-Length` above the
 * bound, or a stream that passes it, cancels the body (nothing more is read or held). A body
 * that ends within the bound is decoded as `response.text()` would. `onStop` is given a function
 * that cancels the read (a deadline): this then rejects with its reason.
 *
 * @example
 * await readBody(new Response('{"a":1}'), 1024) // { text: '{"a":1}', tooLarge: false }
 * await readBody(new Response('x'.repeat(2048)), 1024) // { text: undefined, tooLarge: true }
 */
export async function readBody(response: Response, maxBytes: number, onStop?: (cancel: (reason: unknown) => void) => void): Promise<BodyRead> {
  const body = response.body;
  if (body === null) return { text: '', tooLarge: false };
  const declared = response.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) {
    await body.cancel().catch(() => {});
    return TOO_LARGE;
  }
  const reader = body.getReader();
  // Abandoning the attempt cancels the read in flight (its promise then rejects): no race per chunk.
  let stopped: { readonly reason: unknown } | undefined;
  onStop?.((reason) => {
    stopped = { reason };
    reader.cancel(reason).catch(() => {});
  });
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (stopped !== undefined) throw stopped.reason;
    if (done) break;
    if (!(value instanceof Uint8Array)) throw new TypeError('the body stream gave something other than bytes');
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  // One decoder for every read: each read decodes its chunks without awaiting in between.
  const decoder = (shared ??= new TextDecoder());
  if (chunks.length === 1) return { text: decoder.decode(chunks[0]), tooLarge: false };
  let text = '';
  for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
  return { text: text + decoder.decode(), tooLarge: false };
}
