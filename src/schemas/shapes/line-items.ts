// The line-item shapes of invoices (spec 2.4, invoice profile); test/types/schema-types.ts
// holds each equal to what its valibot schema outputs.
import type { AmountDecimalBody } from './amount.js';
import type { InvoiceImage } from './image.js';

/** One option of an invoice line item (spec 2.4), as `LineItemOptionSchema` outputs it: `name` and `quantity` required. */
export interface LineItemOption {
  /** 1 to 150 characters. */
  name: string;
  /** An int32. */
  quantity: number;
  /** At most 100 characters. */
  group?: string | undefined;
  /** Added to the item's price per unit of the option; may be negative or zero. */
  priceModifier?: AmountDecimalBody | undefined;
  images?: InvoiceImage[] | undefined;
}

/** One line item of an invoice (spec 2.4), as `LineItemSchema` outputs it: `name`, `basePrice` and `quantity` required. */
export interface LineItem {
  /** 1 to 150 characters. */
  name: string;
  /** The price before option modifiers. */
  basePrice: AmountDecimalBody;
  /** An int32. */
  quantity: number;
  options?: LineItemOption[] | undefined;
  /** A Resource ID. */
  productID?: string | undefined;
  images?: InvoiceImage[] | undefined;
}

/** The `lineItems` of an invoice (spec 2.4), as `LineItemsSchema` outputs it. */
export interface LineItems {
  items: LineItem[];
}
