import * as v from 'valibot';
import { oneOfMessage } from './messages.js';

/**
 * A string enumeration whose message lists the allowed values: one `custom` schema testing
 * membership, with the JSON Schema keywords of an enum as metadata (valibot's `picklist`
 * does the same in a larger bundle: 76 B min+gzip of every invoice schema).
 *
 * @example
 * v.safeParse(oneOf(MODES), 'staging').issues?.[0]?.message // 'must be one of: sandbox, production'
 */
/* @__NO_SIDE_EFFECTS__ */
export function oneOf<const TOptions extends readonly [string, ...string[]]>(options: TOptions) {
  const allowed: readonly unknown[] = options;
  return v.pipe(
    v.custom<TOptions[number]>((value) => allowed.includes(value), oneOfMessage(options)),
    v.metadata({ type: 'string', enum: options }),
  );
}
