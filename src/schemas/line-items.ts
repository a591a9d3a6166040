import * as v from 'valibot';
import { FIELD_LIMITS } from '../limits/index.js';
import { amountDecimalSchema } from './amount-decimal.js';
import { invoiceImageSchema } from './image.js';
import { Int32Schema } from './numbers.js';
import { OPEN_KIND, type ObjectKind } from './object-kind.js';
import { ResourceIdSchema } from './resource-id.js';
import { textSchema } from './text.js';

// Invoice profile (spec 2.4): bodies and responses of invoices require Item.basePrice,
// name, quantity and Option.name, quantity; productID and imageID are Resource IDs.

/**
 * The invoice line-item schemas built with the objects and arrays of `kind`: closed and
 * counted for a request body, open for a response.
 *
 * @example
 * const { items } = lineItemsSchemas(closedKind(REQUEST_LIMITS)); // at most 250 items
 */
/* @__NO_SIDE_EFFECTS__ */
export function lineItemsSchemas(kind: ObjectKind) {
  const image = invoiceImageSchema(kind);
  const option = kind.object({
    name: textSchema(FIELD_LIMITS.optionName),
    quantity: Int32Schema,
    group: v.optional(textSchema(FIELD_LIMITS.optionGroup)),
    priceModifier: v.optional(amountDecimalSchema(kind)),
    images: v.optional(kind.array(image, (limits) => limits.imagesPerOption, 'images')),
  });
  const item = kind.object({
    name: textSchema(FIELD_LIMITS.lineItemName),
    basePrice: amountDecimalSchema(kind),
    quantity: Int32Schema,
    options: v.optional(kind.array(option, (limits) => limits.optionsPerItem, 'options')),
    productID: v.optional(ResourceIdSchema),
    images: v.optional(kind.array(image, (limits) => limits.imagesPerItem, 'images')),
  });
  const items = kind.object({ items: kind.array(item, (limits) => limits.lineItems, 'items') });
  return { option, item, items };
}

// Each read by a function of its own, called purely, so that a bundle which uses none of
// them drops the build (a property read at the top level would keep it).
/* @__NO_SIDE_EFFECTS__ */
function openOption() {
  return lineItemsSchemas(OPEN_KIND).option;
}
/* @__NO_SIDE_EFFECTS__ */
function openItem() {
  return lineItemsSchemas(OPEN_KIND).item;
}
/* @__NO_SIDE_EFFECTS__ */
function openItems() {
  return lineItemsSchemas(OPEN_KIND).items;
}

/** A line-item option in an invoice: `name` and `quantity` required. */
export const LineItemOptionSchema = openOption();

/** A line item in an invoice: `name`, `basePrice` and `quantity` required. */
export const LineItemSchema = openItem();

/** `lineItems` of an invoice: an object whose `items` array is required. */
export const LineItemsSchema = openItems();

/** The explicit type of what {@link LineItemsSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { LineItems } from './shapes/line-items.js';

/** The explicit type of what {@link LineItemSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { LineItem } from './shapes/line-items.js';

/** The explicit type of what {@link LineItemOptionSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { LineItemOption } from './shapes/line-items.js';
