import type * as v from 'valibot';
import type { RequestLimits } from '../limits/index.js';
import { boundedArray } from './bounded-array.js';
import { closedObject } from './closed-object.js';
import { jsonArray, jsonObject } from './json-object.js';

/** How the objects and arrays of one profile are built. */
export type ObjectKind = {
  /** An object with these entries. */
  object: <const TEntries extends v.ObjectEntries>(entries: TEntries) => ReturnType<typeof jsonObject<TEntries>>;
  /** An array of `item`, with its count limit when the profile has one. */
  array: <const TItem extends v.GenericSchema>(
    item: TItem,
    max: (limits: RequestLimits) => number,
    noun: string,
  ) => ReturnType<typeof jsonArray<TItem>> | ReturnType<typeof boundedArray<TItem>>;
};

/**
 * Objects and arrays of a response: unknown fields ignored, no count limits (a reader
 * tolerates what a newer server adds).
 */
export const OPEN_KIND: ObjectKind = {
  object: jsonObject,
  array: (item) => jsonArray(item),
};

/**
 * Objects and arrays of a request body under `limits`: an unknown field is an error
 * (`closedObject`), arrays are counted before their elements are checked (`boundedArray`).
 *
 * @example
 * const kind = closedKind(REQUEST_LIMITS);
 * kind.array(ImageSchema, (l) => l.imagesPerItem, 'images') // at most 10 images
 */
/* @__NO_SIDE_EFFECTS__ */
export function closedKind(limits: RequestLimits): ObjectKind {
  return {
    object: (entries) => closedObject(entries, limits.fieldErrors),
    array: (item, max, noun) => boundedArray(item, max(limits), noun),
  };
}
