import { FIELD_LIMITS, REQUEST_LIMITS } from '../limits/index.js';
import type { ApplePaySessionRequest } from './apple-pay-session.js';
import { checkDomain } from './domain.js';
import { ErrorText, hasUnknownField } from './fast-error-text.js';
import { textProblem } from './field-checks.js';
import { isJsonObject } from './is-json-object.js';
import { quickText } from './quick-leaves.js';
import { BODY_NOT_OBJECT_MESSAGE, REQUIRED_MESSAGE, STRING_MESSAGE } from './messages.js';
import type { ErrorBody, ValidationResult } from './validation-result.js';
import type { ValidatorOptions } from './validator-options.js';

const FIELDS = ['domain', 'displayName'];
const DISPLAY_NAME_MAX = FIELD_LIMITS.displayName.max;

/** True when every own enumerable key of `body` is `domain` or `displayName`. */
function onlySessionKeys(body: Record<string, unknown>): boolean {
  for (const key in body) if (key !== 'domain' && key !== 'displayName' && Object.hasOwn(body, key)) return false;
  return true;
}

/**
 * Validates a create-wallet-payment-session body (spec 4.4): 400 `{ error }` when the body
 * is not a JSON object, 422 `{ error }` naming each failed field otherwise (a field the spec
 * does not define is one), at most `limits.fieldErrors` of them. The rules are those of
 * `ApplePaySessionRequestSchema`, run straight-line (a differential test holds them equal).
 *
 * @example
 * validateApplePaySessionRequest({ domain: 'shop.example', displayName: 'Shop' })
 * // { ok: true, value: { domain: 'shop.example', displayName: 'Shop' } }
 * validateApplePaySessionRequest({ domain: 'https://shop.example', displayName: 'Shop' })
 * // { ok: false, status: 422, body: { error: 'domain: must be a host name without a URL scheme (remove "https://")' } }
 */
export function validateApplePaySessionRequest(
  body: unknown,
  options?: ValidatorOptions,
): ValidationResult<ApplePaySessionRequest, ErrorBody> {
  if (!isJsonObject(body)) return { ok: false, status: 400, body: { error: BODY_NOT_OBJECT_MESSAGE } };
  const domain = body['domain'];
  const displayName = body['displayName'];
  const domainMessage =
    'domain' in body ? (typeof domain === 'string' ? checkDomain(domain) : STRING_MESSAGE) : REQUIRED_MESSAGE;
  // The valid path (issue 34): a name within its limit in UTF-16 units is within it in code points.
  if (domainMessage === undefined && quickText(displayName, 0, DISPLAY_NAME_MAX) && onlySessionKeys(body)) {
    return { ok: true, value: { domain, displayName } as ApplePaySessionRequest };
  }
  const nameMessage = 'displayName' in body ? textProblem(displayName, FIELD_LIMITS.displayName) : REQUIRED_MESSAGE;
  if (domainMessage === undefined && nameMessage === undefined && !hasUnknownField(body, FIELDS)) {
    return { ok: true, value: { domain, displayName } as ApplePaySessionRequest };
  }
  const errors = new ErrorText((options?.limits ?? REQUEST_LIMITS).fieldErrors);
  if (domainMessage !== undefined) errors.add('domain', domainMessage);
  if (nameMessage !== undefined) errors.add('displayName', nameMessage);
  errors.addUnknownFields(body, FIELDS);
  return { ok: false, status: 422, body: errors.body() };
}
