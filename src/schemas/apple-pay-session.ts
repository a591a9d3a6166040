import * as v from 'valibot';
import { FIELD_LIMITS, REQUEST_LIMITS, type RequestLimits } from '../limits/index.js';
import { closedObject } from './closed-object.js';
import { DOMAIN_PATTERN, checkDomain } from './domain.js';
import { STRING_MESSAGE } from './messages.js';
import { textSchema } from './text.js';

/** The wallet-payment session `domain`: a fully qualified host name (see `checkDomain`). */
export const DomainSchema = v.pipe(
  v.string(STRING_MESSAGE),
  v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const message = checkDomain(dataset.value);
    if (message !== undefined) addIssue({ message });
  }),
  v.metadata({ pattern: DOMAIN_PATTERN }),
);

/**
 * The create-a-wallet-payment-session request body (spec 4.4) under `limits`; any field
 * other than `domain` and `displayName` is an error.
 *
 * @example
 * applePaySessionRequestSchema(REQUEST_LIMITS)
 */
/* @__NO_SIDE_EFFECTS__ */
export function applePaySessionRequestSchema(limits: RequestLimits) {
  return closedObject({ domain: DomainSchema, displayName: textSchema(FIELD_LIMITS.displayName) }, limits.fieldErrors);
}

/** The create-a-wallet-payment-session request body (spec 4.4) under the default limits. */
export const ApplePaySessionRequestSchema = applePaySessionRequestSchema(REQUEST_LIMITS);

/** The explicit type of what {@link ApplePaySessionRequestSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { ApplePaySessionRequest } from './shapes/apple-pay-session.js';
