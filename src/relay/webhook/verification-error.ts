import { brandError, hasErrorBrand } from '../../shared/error-brand.js';

const BRAND = Symbol.for('payments-kit.WebhookVerificationError');

/** Why {@link verifyWebhook} refused a message. */
export type WebhookRefusal = 'missing-header' | 'bad-header' | 'timestamp-too-old' | 'timestamp-too-new' | 'body-too-large' | 'no-matching-signature' | 'not-json';

/**
 * A webhook message `verifyWebhook` refused, with the `reason` (answer it with 400 and do not act on it).
 *
 * @example
 * try { await verifyWebhook(body, request.headers, secret); } catch (error) { if (isWebhookVerificationError(error)) return new Response(null, { status: 400 }); throw error; }
 */
export class WebhookVerificationError extends Error {
  /** Which check failed. */
  readonly reason: WebhookRefusal;

  constructor(reason: WebhookRefusal, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
    brandError(this, BRAND);
  }
}

/**
 * Whether `value` is a {@link WebhookVerificationError} (from any copy of the package).
 *
 * @example
 * isWebhookVerificationError(new WebhookVerificationError('not-json', 'x')) // true
 */
export function isWebhookVerificationError(value: unknown): value is WebhookVerificationError {
  return hasErrorBrand(value, BRAND);
}
