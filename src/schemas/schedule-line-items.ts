import * as v from 'valibot';
import { FIELD_LIMITS } from '../limits/index.js';
import { AmountDecimalSchema } from './amount-decimal.js';
import { ImageSchema } from './image.js';
import { jsonArray, jsonObject } from './json-object.js';
import { Int32Schema } from './numbers.js';
import { TextSchema, textSchema } from './text.js';

// Schedule profile (spec 2.4): in schedule responses no Item or Option field is marked
// required, and productID / imageID are plain strings. Limits still apply when present.

/** A line-item option of a scheduled transfer: every field optional. */
export const ScheduleLineItemOptionSchema = jsonObject({
  name: v.optional(textSchema(FIELD_LIMITS.optionName)),
  quantity: v.optional(Int32Schema),
  group: v.optional(textSchema(FIELD_LIMITS.optionGroup)),
  priceModifier: v.optional(AmountDecimalSchema),
  images: v.optional(jsonArray(ImageSchema)),
});

/** A line item of a scheduled transfer: every field optional. */
export const ScheduleLineItemSchema = jsonObject({
  name: v.optional(textSchema(FIELD_LIMITS.lineItemName)),
  basePrice: v.optional(AmountDecimalSchema),
  quantity: v.optional(Int32Schema),
  options: v.optional(jsonArray(ScheduleLineItemOptionSchema)),
  productID: v.optional(TextSchema),
  images: v.optional(jsonArray(ImageSchema)),
});

/** `lineItems` of a scheduled transfer: `items` is required (spec 2.4, "required in responses"). */
export const ScheduleLineItemsSchema = jsonObject({ items: jsonArray(ScheduleLineItemSchema) });

/** The explicit type of what {@link ScheduleLineItemsSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { ScheduleLineItems } from './shapes/schedule-line-items.js';

/** The explicit type of what {@link ScheduleLineItemSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { ScheduleLineItem } from './shapes/schedule-line-items.js';

/** The explicit type of what {@link ScheduleLineItemOptionSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { ScheduleLineItemOption } from './shapes/schedule-line-items.js';
