/** The header that carries the request id on every response (spec 4, 7.1). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a request id must look like to be echoed (and what every answered id looks like). */
export const REQUEST_ID_PATTERN = '^[A-Za-z0-9_=-]{1,255}$';

const VALID_REQUEST_ID = new RegExp(REQUEST_ID_PATTERN);

/**
 * The request id to answer with: the client's own when it is 1 to 255 characters of
 * `[A-Za-z0-9_=-]`, otherwise a fresh UUID from `generate`.
 *
 * @example
 * chooseRequestId('abc-123', () => 'fresh')  // 'abc-123'
 * chooseRequestId('has space', () => 'fresh') // 'fresh'
 */
export function chooseRequestId(incoming: string | undefined, generate: () => string): string {
  return incoming !== undefined && VALID_REQUEST_ID.test(incoming) ? incoming : generate();
}
