import { brandError, hasErrorBrand } from '../../shared/error-brand.js';

const BRAND = Symbol.for('payments-kit.WebhookDeliveryError');

/**
 * A webhook that was not delivered: the endpoint answered something other than 2xx (`status`),
 * or could not be reached or did not answer in time (`status` undefined, the cause in `cause`).
 * The dispatcher keeps the effect and retries it.
 *
 * @example
 * try { await relay(effect, context); } catch (error) { if (isWebhookDeliveryError(error)) log.warn(error.status); }
 */
export class WebhookDeliveryError extends Error {
  /** The endpoint's HTTP status, when it answered. */
  readonly status: number | undefined;

  constructor(message: string, status: number | undefined, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'WebhookDeliveryError';
    this.status = status;
    brandError(this, BRAND);
  }
}

/**
 * Whether `value` is a {@link WebhookDeliveryError} (from any copy of the package).
 *
 * @example
 * isWebhookDeliveryError(new WebhookDeliveryError('x', 500)) // true
 */
export function isWebhookDeliveryError(value: unknown): value is WebhookDeliveryError {
  return hasErrorBrand(value, BRAND);
}
