// The update-invoice body (spec 4.2) as typia types, for bench/validate.bench.ts. Written
// the strongest way a typia user can: each pattern is a custom tag whose check is a regex
// LITERAL (typia's own `Pattern` tag writes `RegExp("...").test($input)`, a RegExp built per
// call), lengths and counts as typia's tags, `createEquals` so that an unknown field fails.
// `npm run bench:typia` turns this file into ../generated/invoice-update.ts (typia generate,
// ahead of time); the generated file is committed, so the bench runs without regenerating.
//
// The rules typia cannot state (see docs/performance.md): lengths count UTF-16 units, not
// code points; no lone-surrogate check; the currency is three capital letters, not the ISO
// 4217 table; a decimal of 19 integer digits is not checked against 2^63; a date-time is a
// shape (typia's `date-time` format), not a real calendar date; no normalised copy.
import typia, { tags } from 'typia';

/** A pattern tag whose check is a regex literal (compiled once, when the module loads). */
type Match<Name extends string, Check extends string> = tags.TagBase<{
  target: 'string';
  kind: Name;
  value: undefined;
  validate: Check;
}>;

type CurrencyCode = string & Match<'currency', '/^[A-Z]{3}$/.test($input)'>;
type DecimalString = string & Match<'decimal', '/^-?\\d{1,19}(?:\\.\\d{1,9})?$/.test($input)'>;
type ResourceId = string &
  tags.MaxLength<36> &
  Match<'resourceId', '/^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[a-z2-7]{26}_[a-z][a-z0-9]{0,8})$/.test($input)'>;
type DateTime = string &
  Match<'dateTime', '/^\\d{4}-\\d\\d-\\d\\d[Tt]\\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,9})?(?:[Zz]|[+-]\\d\\d:\\d\\d)$/.test($input)'>;
type Int32 = number & tags.Type<'int32'>;

interface AmountDecimal {
  currency: CurrencyCode;
  valueDecimal: DecimalString;
}
interface Image {
  altText?: string & tags.MaxLength<125>;
  imageID?: ResourceId;
  link?: string & tags.Format<'uri'>;
  publicID?: string;
}
interface LineItemOption {
  name: string & tags.MinLength<1> & tags.MaxLength<150>;
  quantity: Int32;
  group?: string & tags.MaxLength<100>;
  priceModifier?: AmountDecimal;
  images?: Image[] & tags.MaxItems<5>;
}
interface LineItem {
  name: string & tags.MinLength<1> & tags.MaxLength<150>;
  basePrice: AmountDecimal;
  quantity: Int32;
  options?: LineItemOption[] & tags.MaxItems<25>;
  productID?: ResourceId;
  images?: Image[] & tags.MaxItems<10>;
}
export interface InvoiceUpdate {
  description?: string;
  dueDate?: DateTime | null;
  invoiceDate?: DateTime | null;
  lineItems?: { items: LineItem[] & tags.MaxItems<250> };
  status?: 'draft' | 'unpaid' | 'payment-pending' | 'paid' | 'overdue' | 'canceled';
  taxAmount?: { currency?: CurrencyCode; valueDecimal?: DecimalString };
}

/** typia's ahead-of-time `equals` (no unknown field) with the regex-literal tags. */
export const equalsInvoiceUpdate = typia.createEquals<InvoiceUpdate>();

/** The same types with typia's own `Pattern` tags (a RegExp per call): stock typia. */
type StockCurrency = string & tags.Pattern<'^[A-Z]{3}$'>;
type StockDecimal = string & tags.Pattern<'^-?\\d{1,19}(?:\\.\\d{1,9})?$'>;
interface StockAmount {
  currency: StockCurrency;
  valueDecimal: StockDecimal;
}
interface StockOption {
  name: string & tags.MinLength<1> & tags.MaxLength<150>;
  quantity: Int32;
  group?: string & tags.MaxLength<100>;
  priceModifier?: StockAmount;
  images?: Image[] & tags.MaxItems<5>;
}
interface StockItem {
  name: string & tags.MinLength<1> & tags.MaxLength<150>;
  basePrice: StockAmount;
  quantity: Int32;
  options?: StockOption[] & tags.MaxItems<25>;
  productID?: string & tags.MaxLength<36> & tags.Pattern<'^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[a-z2-7]{26}_[a-z][a-z0-9]{0,8})$'>;
  images?: Image[] & tags.MaxItems<10>;
}
export interface StockInvoiceUpdate {
  description?: string;
  dueDate?: (string & tags.Format<'date-time'>) | null;
  invoiceDate?: (string & tags.Format<'date-time'>) | null;
  lineItems?: { items: StockItem[] & tags.MaxItems<250> };
  status?: 'draft' | 'unpaid' | 'payment-pending' | 'paid' | 'overdue' | 'canceled';
  taxAmount?: { currency?: StockCurrency; valueDecimal?: StockDecimal };
}

/** Stock typia: `Pattern` and `Format` tags as typia ships them. */
export const equalsStockInvoiceUpdate = typia.createEquals<StockInvoiceUpdate>();
