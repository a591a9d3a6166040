import * as v from 'valibot';
import { isJsonObject } from './is-json-object.js';
import { ARRAY_MESSAGE, OBJECT_MESSAGE, REQUIRED_MESSAGE } from './messages.js';

/**
 * An object schema that refuses arrays and `null` with {@link OBJECT_MESSAGE} (valibot's
 * `object` alone lets an array through) and reports an absent required key with
 * {@link REQUIRED_MESSAGE}. Unknown keys are ignored and left out of the output.
 *
 * @example
 * const Point = jsonObject({ x: v.number() });
 * v.parse(Point, { x: 1, extra: true }) // { x: 1 }
 */
/* @__NO_SIDE_EFFECTS__ */
export function jsonObject<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.pipe(v.unknown(), v.check(isJsonObject, OBJECT_MESSAGE), v.object(entries, REQUIRED_MESSAGE));
}

/**
 * An array schema whose wrong-type message is {@link ARRAY_MESSAGE}.
 *
 * @example
 * v.parse(jsonArray(v.string()), ['a']) // ['a']
 */
/* @__NO_SIDE_EFFECTS__ */
export function jsonArray<const TItem extends v.GenericSchema>(item: TItem) {
  return v.array(item, ARRAY_MESSAGE);
}
