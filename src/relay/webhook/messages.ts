/** Messages of the webhook relay and of `verifyWebhook` (one place, so that tests and docs quote them). */
export const WEBHOOK_MESSAGES = Object.freeze({
  url: 'createWebhookRelay: url must be an absolute http: or https: URL without credentials',
  secret: 'webhook secret must be "whsec_" followed by the base64 of 24 to 64 random bytes (Standard Webhooks)',
  secrets: 'webhook secret must be one secret or a non-empty list of at most 8 (several during key rotation)',
  timeout: 'createWebhookRelay: timeoutMs must be a positive integer of at most 2147483647',
  headers: 'createWebhookRelay: headers must be a record of strings and must not set content-type, a webhook-* header or a header that frames the request (host, content-length, transfer-encoding, connection, ...)',
  headerName: 'createWebhookRelay: a header name in headers is not an HTTP token (letters, digits and !#$%&\'*+-.^_`|~)',
  headerValue: (name: string) => `createWebhookRelay: the value of header "${name}" must be visible characters, spaces and tabs, without CR, LF, other control characters or surrounding whitespace`,
  relayClock: 'createWebhookRelay: now must return a finite number (milliseconds since the epoch)',
  tolerance: 'verifyWebhook: toleranceSeconds must be a non-negative finite number',
  maxBodyBytes: 'verifyWebhook: maxBodyBytes must be a positive safe integer',
  clock: 'verifyWebhook: now must be a function returning a finite number (milliseconds since the epoch)',
  bodyTooLarge: (max: number) => `the webhook body is larger than maxBodyBytes (${max} bytes); it was not verified`,
  status: (status: number) => `the webhook endpoint answered ${status}; only 2xx counts as delivered`,
  unreachable: (reason: string) => `the webhook endpoint could not be reached: ${reason}`,
  timedOut: (ms: number) => `the webhook endpoint did not answer within timeoutMs (${ms} ms)`,
  missingHeader: (name: string) => `the ${name} header is missing`,
  badHeader: (name: string) => `the ${name} header is malformed or too long`,
  tooOld: 'the webhook-timestamp is older than the tolerance allows',
  tooNew: 'the webhook-timestamp is further in the future than the tolerance allows',
  noMatch: 'no signature in webhook-signature matches the payload and secret',
  notJson: 'the verified payload is not UTF-8 JSON',
});

/** The three headers of the Standard Webhooks specification. */
export const WEBHOOK_HEADERS = Object.freeze({ id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' });
