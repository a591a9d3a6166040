import * as v from 'valibot';
import { FIELD_LIMITS } from '../limits/index.js';
import { DOMAIN_PATTERN, checkDomain } from './domain.js';
import { jsonObject } from './json-object.js';
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

/** The create-a-wallet-payment-session request body (spec 4.4). */
export const ApplePaySessionRequestSchema = jsonObject({
  domain: DomainSchema,
  displayName: textSchema(FIELD_LIMITS.displayName),
});

/** A validated create-session body. */
export type ApplePaySessionRequest = v.InferOutput<typeof ApplePaySessionRequestSchema>;
