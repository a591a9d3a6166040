import * as v from 'valibot';
import { FIELD_LIMITS } from '../limits/index.js';
import { AmountDecimalSchema } from './amount-decimal.js';
import { InvoiceImageSchema } from './image.js';
import { jsonArray, jsonObject } from './json-object.js';
import { Int32Schema } from './numbers.js';
import { ResourceIdSchema } from './resource-id.js';
import { textSchema } from './text.js';

// Invoice profile (spec 2.4): bodies and responses of invoices require Item.basePrice,
// name, quantity and Option.name, quantity; productID and imageID are Resource IDs.

/** A line-item option in an invoice: `name` and `quantity` required. */
export const LineItemOptionSchema = jsonObject({
  name: textSchema(FIELD_LIMITS.optionName),
  quantity: Int32Schema,
  group: v.optional(textSchema(FIELD_LIMITS.optionGroup)),
  priceModifier: v.optional(AmountDecimalSchema),
  images: v.optional(jsonArray(InvoiceImageSchema)),
});

/** A line item in an invoice: `name`, `basePrice` and `quantity` required. */
export const LineItemSchema = jsonObject({
  name: textSchema(FIELD_LIMITS.lineItemName),
  basePrice: AmountDecimalSchema,
  quantity: Int32Schema,
  options: v.optional(jsonArray(LineItemOptionSchema)),
  productID: v.optional(ResourceIdSchema),
  images: v.optional(jsonArray(InvoiceImageSchema)),
});

/** `lineItems` of an invoice: an object whose `items` array is required. */
export const LineItemsSchema = jsonObject({ items: jsonArray(LineItemSchema) });

/** Line items of an invoice, as validated by {@link LineItemsSchema}. */
export type LineItems = v.InferOutput<typeof LineItemsSchema>;

/** One line item of an invoice. */
export type LineItem = v.InferOutput<typeof LineItemSchema>;

/** One option of an invoice line item. */
export type LineItemOption = v.InferOutput<typeof LineItemOptionSchema>;
