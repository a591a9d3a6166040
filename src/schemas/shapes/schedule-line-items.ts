// The line-item shapes of scheduled transfers (spec 2.4, schedule profile: no field
// required); test/types/schema-types.ts holds each equal to what its valibot schema outputs.
import type { AmountDecimalBody } from './amount.js';
import type { Image } from './image.js';

/** One option of a scheduled transfer's line item (spec 2.4), as `ScheduleLineItemOptionSchema` outputs it. */
export interface ScheduleLineItemOption {
  /** 1 to 150 characters. */
  name?: string | undefined;
  /** An int32. */
  quantity?: number | undefined;
  /** At most 100 characters. */
  group?: string | undefined;
  priceModifier?: AmountDecimalBody | undefined;
  images?: Image[] | undefined;
}

/** One line item of a scheduled transfer (spec 2.4), as `ScheduleLineItemSchema` outputs it. */
export interface ScheduleLineItem {
  /** 1 to 150 characters. */
  name?: string | undefined;
  basePrice?: AmountDecimalBody | undefined;
  /** An int32. */
  quantity?: number | undefined;
  options?: ScheduleLineItemOption[] | undefined;
  productID?: string | undefined;
  images?: Image[] | undefined;
}

/** The `lineItems` of a scheduled transfer (spec 2.4), as `ScheduleLineItemsSchema` outputs it: `items` required. */
export interface ScheduleLineItems {
  items: ScheduleLineItem[];
}
