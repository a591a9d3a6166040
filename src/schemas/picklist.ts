import * as v from 'valibot';
import { oneOfMessage } from './messages.js';

/**
 * A string enumeration whose message lists the allowed values.
 *
 * @example
 * v.safeParse(oneOf(MODES), 'staging').issues?.[0]?.message // 'must be one of: sandbox, production'
 */
/* @__NO_SIDE_EFFECTS__ */
export function oneOf<const TOptions extends readonly [string, ...string[]]>(options: TOptions) {
  return v.picklist(options, oneOfMessage(options));
}
