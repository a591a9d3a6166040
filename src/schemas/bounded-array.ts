import * as v from 'valibot';
import { tooManyMessage } from '../limits/index.js';
import { ARRAY_MESSAGE } from './messages.js';

/**
 * An array of at most `max` elements whose wrong-type message is {@link ARRAY_MESSAGE}. The
 * count is checked before any element is looked at, so a body of 300,000 elements costs one
 * comparison, not 300,000 validations; in JSON Schema it is `maxItems`.
 *
 * @example
 * const Tags = boundedArray(v.string(), 2, 'tags');
 * v.safeParse(Tags, ['a', 'b', 'c']).issues?.[0].message // 'must have at most 2 tags'
 */
/* @__NO_SIDE_EFFECTS__ */
export function boundedArray<const TItem extends v.GenericSchema>(item: TItem, max: number, noun: string) {
  return v.pipe(
    v.unknown(),
    v.check(Array.isArray, ARRAY_MESSAGE),
    v.check((value) => (value as unknown[]).length <= max, tooManyMessage(max, noun)),
    v.array(item, ARRAY_MESSAGE),
    v.metadata({ maxItems: max }),
  );
}
