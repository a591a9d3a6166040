import * as __typia_transform__isTypeInt32 from "typia/lib/internal/_isTypeInt32";
import * as __typia_transform__isFormatUri from "typia/lib/internal/_isFormatUri";
import * as __typia_transform__isFormatDateTime from "typia/lib/internal/_isFormatDateTime";
import { tags } from 'typia';
/** A pattern tag whose check is a regex literal (compiled once, when the module loads). */
type Match<Name extends string, Check extends string> = tags.TagBase<{
    target: 'string';
    kind: Name;
    value: undefined;
    validate: Check;
}>;
type CurrencyCode = string & Match<'currency', '/^[A-Z]{3}$/.test($input)'>;
type DecimalString = string & Match<'decimal', '/^-?\\d{1,19}(?:\\.\\d{1,9})?$/.test($input)'>;
type ResourceId = string & tags.MaxLength<36> & Match<'resourceId', '/^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[a-z2-7]{26}_[a-z][a-z0-9]{0,8})$/.test($input)'>;
type DateTime = string & Match<'dateTime', '/^\\d{4}-\\d\\d-\\d\\d[Tt]\\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,9})?(?:[Zz]|[+-]\\d\\d:\\d\\d)$/.test($input)'>;
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
    lineItems?: {
        items: LineItem[] & tags.MaxItems<250>;
    };
    status?: 'draft' | 'unpaid' | 'payment-pending' | 'paid' | 'overdue' | 'canceled';
    taxAmount?: {
        currency?: CurrencyCode;
        valueDecimal?: DecimalString;
    };
}
/** typia's ahead-of-time `equals` (no unknown field) with the regex-literal tags. */
export const equalsInvoiceUpdate = (() => { const _io0 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.description || "string" === typeof input.description) && (null === input.dueDate || undefined === input.dueDate || "string" === typeof input.dueDate && /^\d{4}-\d\d-\d\d[Tt]\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:[Zz]|[+-]\d\d:\d\d)$/.test(input.dueDate)) && (null === input.invoiceDate || undefined === input.invoiceDate || "string" === typeof input.invoiceDate && /^\d{4}-\d\d-\d\d[Tt]\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:[Zz]|[+-]\d\d:\d\d)$/.test(input.invoiceDate)) && (undefined === input.lineItems || "object" === typeof input.lineItems && null !== input.lineItems && _io1(input.lineItems, true && _exceptionable)) && (undefined === input.status || "draft" === input.status || "unpaid" === input.status || "payment-pending" === input.status || "paid" === input.status || "overdue" === input.status || "canceled" === input.status) && (undefined === input.taxAmount || "object" === typeof input.taxAmount && null !== input.taxAmount && false === Array.isArray(input.taxAmount) && _io6(input.taxAmount, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
    if (["description", "dueDate", "invoiceDate", "lineItems", "status", "taxAmount"].some((prop: any) => key === prop))
        return true;
    const value = input[key];
    if (undefined === value)
        return true;
    return false;
})); const _io1 = (input: any, _exceptionable: boolean = true): boolean => Array.isArray(input.items) && (input.items.length <= 250 && input.items.every((elem: any, _index1: number) => "object" === typeof elem && null !== elem && _io2(elem, true && _exceptionable))) && (1 === Object.keys(input).length || Object.keys(input).every((key: any) => {
    if (["items"].some((prop: any) => key === prop))
        return true;
    const value = input[key];
    if (undefined === value)
        return true;
    return false;
})); const _io2 = (input: any, _exceptionable: boolean = true): boolean => "string" === typeof input.name && (1 <= input.name.length && input.name.length <= 150) && ("object" === typeof input.basePrice && null !== input.basePrice && _io3(input.basePrice, true && _exceptionable)) && ("number" === typeof input.quantity && __typia_transform__isTypeInt32._isTypeInt32(input.quantity)) && (undefined === input.options || Array.isArray(input.options) && (input.options.length <= 25 && input.options.every((elem: any, _index2: number) => "object" === typeof elem && null !== elem && _io4(elem, true && _exceptionable)))) && (undefined === input.productID || "string" === typeof input.productID && (input.productID.length <= 36 && /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[a-z2-7]{26}_[a-z][a-z0-9]{0,8})$/.test(input.productID))) && (undefined === input.images || Array.isArray(input.images) && (input.images.length <= 10 && input.images.every((elem: any, _index3: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io5(elem, true && _exceptionable)))) && (3 === Object.keys(input).length || Object.keys(input).every((key: any) => {
    if (["name", "basePrice", "quantity", "options", "productID", "images"].some((prop: any) => key === prop))
        return true;
    const value = input[key];
    if (undefined === value)
        return true;
    return false;
})); const _io3 = (input: any, _exceptionable: boolean = true): boolean => "string" === typeof input.currency && /^[A-Z]{3}$/.test(input.currency) && ("string" === typeof input.valueDecimal && /^-?\d{1,19}(?:\.\d{1,9})?$/.test(input.valueDecimal)) && (2 === Object.keys(input).length || Object.keys(input).every((key: any) => {
    if (["currency", "valueDecimal"].some((prop: any) => key === prop))
        return true;
    const value = input[key];
    if (undefined === value)
        return true;
    return false;
})); const _io4 = (input: any, _exceptionable: boolean = true): boolean => "string" === typeof input.name && (1 <= input.name.length && input.name.length <= 150) && ("number" === typeof input.quantity && __typia_transform__isTypeInt32._isTypeInt32(input.quantity)) && (undefined === input.group || "string" === typeof input.group && input.group.length <= 100) && (undefined === input.priceModifier || "object" === typeof input.priceModifier && null !== input.priceModifier && _io3(input.priceModifier, true && _exceptionable)) && (undefined === input.images || Array.isArray(input.images) && (input.images.length <= 5 && input.images.every((elem: any, _index4: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io5(elem, true && _exceptionable)))) && (2 === Object.keys(input).length || Object.keys(input).every((key: any) => {
    if (["name", "quantity", "group", "priceModifier", "images"].some((prop: any) => key === prop))
        return true;
    const value = input[key];
    if (undefined === value)
        return true;
    return false;
})); const _io5 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.altText || "string" === typeof input.altText && input.altText.length <= 125) && (undefined === input.imageID || "string" === typeof input.imageID && (input.imageID.length <= 36 && /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[a-z2-7]{26}_[a-z][a-z0-9]{0,8})$/.test(input.imageID))) && (undefined === input.link || "string" === typeof input.link && __typia_transform__isFormatUri._isFormatUri(input.link)) && (undefined === input.publicID || "string" === typeof input.publicID) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
    if (["altText", "imageID", "link", "publicID"].some((prop: any) => key === prop))
        return true;
    const value = input[key];
    if (undefined === value)
        return true;
    return false;
})); const _io6 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.currency || "string" === typeof input.currency && /^[A-Z]{3}$/.test(input.currency)) && (undefined === input.valueDecimal || "string" === typeof input.valueDecimal && /^-?\d{1,19}(?:\.\d{1,9})?$/.test(input.valueDecimal)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
    if (["currency", "valueDecimal"].some((prop: any) => key === prop))
        return true;
    const value = input[key];
    if (undefined === value)
        return true;
    return false;
})); return (input: any, _exceptionable: boolean = true): input is InvoiceUpdate => "object" === typeof input && null !== input && false === Array.isArray(input) && _io0(input, true); })();
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
    lineItems?: {
        items: StockItem[] & tags.MaxItems<250>;
    };
    status?: 'draft' | 'unpaid' | 'payment-pending' | 'paid' | 'overdue' | 'canceled';
    taxAmount?: {
        currency?: StockCurrency;
        valueDecimal?: StockDecimal;
    };
}
/** Stock typia: `Pattern` and `Format` tags as typia ships them. */
export const equalsStockInvoiceUpdate = (() => { const _io0 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.description || "string" === typeof input.description) && (null === input.dueDate || undefined === input.dueDate || "string" === typeof input.dueDate && __typia_transform__isFormatDateTime._isFormatDateTime(input.dueDate)) && (null === input.invoiceDate || undefined === input.invoiceDate || "string" === typeof input.invoiceDate && __typia_transform__isFormatDateTime._isFormatDateTime(input.invoiceDate)) && (undefined === input.lineItems || "object" === typeof input.lineItems && null !== input.lineItems && _io1(input.lineItems, true && _exceptionable)) && (undefined === input.status || "draft" === input.status || "unpaid" === input.status || "payment-pending" === input.status || "paid" === input.status || "overdue" === input.status || "canceled" === input.status) && (undefined === input.taxAmount || "object" === typeof input.taxAmount && null !== input.taxAmount && false === Array.isArray(input.taxAmount) && _io6(input.taxAmount, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
    if (["description", "dueDate", "invoiceDate", "lineItems", "status", "taxAmount"].some((prop: any) => key === prop))
        return true;
    const value = input[key];
    if (undefined === value)
        return true;
    return false;
})); const _io1 = (input: any, _exceptionable: boolean = true): boolean => Array.isArray(input.items) && (input.items.length <= 250 && input.items.every((elem: any, _index1: number) => "object" === typeof elem && null !== elem && _io2(elem, true && _exceptionable))) && (1 === Object.keys(input).length || Object.keys(input).every((key: any) => {
    if (["items"].some((prop: any) => key === prop))
        return true;
    const value = input[key];
    if (undefined === value)
        return true;
    return false;
})); const _io2 = (input: any, _exceptionable: boolean = true): boolean => "string" === typeof input.name && (1 <= input.name.length && input.name.length <= 150) && ("object" === typeof input.basePrice && null !== input.basePrice && _io3(input.basePrice, true && _exceptionable)) && ("number" === typeof input.quantity && __typia_transform__isTypeInt32._isTypeInt32(input.quantity)) && (undefined === input.options || Array.isArray(input.options) && (input.options.length <= 25 && input.options.every((elem: any, _index2: number) => "object" === typeof elem && null !== elem && _io4(elem, true && _exceptionable)))) && (undefined === input.productID || "string" === typeof input.productID && (input.productID.length <= 36 && RegExp("^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[a-z2-7]{26}_[a-z][a-z0-9]{0,8})$").test(input.productID))) && (undefined === input.images || Array.isArray(input.images) && (input.images.length <= 10 && input.images.every((elem: any, _index3: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io5(elem, true && _exceptionable)))) && (3 === Object.keys(input).length || Object.keys(input).every((key: any) => {
    if (["name", "basePrice", "quantity", "options", "productID", "images"].some((prop: any) => key === prop))
        return true;
    const value = input[key];
    if (undefined === value)
        return true;
    return false;
})); const _io3 = (input: any, _exceptionable: boolean = true): boolean => "string" === typeof input.currency && RegExp("^[A-Z]{3}$").test(input.currency) && ("string" === typeof input.valueDecimal && RegExp("^-?\\d{1,19}(?:\\.\\d{1,9})?$").test(input.valueDecimal)) && (2 === Object.keys(input).length || Object.keys(input).every((key: any) => {
    if (["currency", "valueDecimal"].some((prop: any) => key === prop))
        return true;
    const value = input[key];
    if (undefined === value)
        return true;
    return false;
})); const _io4 = (input: any, _exceptionable: boolean = true): boolean => "string" === typeof input.name && (1 <= input.name.length && input.name.length <= 150) && ("number" === typeof input.quantity && __typia_transform__isTypeInt32._isTypeInt32(input.quantity)) && (undefined === input.group || "string" === typeof input.group && input.group.length <= 100) && (undefined === input.priceModifier || "object" === typeof input.priceModifier && null !== input.priceModifier && _io3(input.priceModifier, true && _exceptionable)) && (undefined === input.images || Array.isArray(input.images) && (input.images.length <= 5 && input.images.every((elem: any, _index4: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io5(elem, true && _exceptionable)))) && (2 === Object.keys(input).length || Object.keys(input).every((key: any) => {
    if (["name", "quantity", "group", "priceModifier", "images"].some((prop: any) => key === prop))
        return true;
    const value = input[key];
    if (undefined === value)
        return true;
    return false;
})); const _io5 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.altText || "string" === typeof input.altText && input.altText.length <= 125) && (undefined === input.imageID || "string" === typeof input.imageID && (input.imageID.length <= 36 && /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[a-z2-7]{26}_[a-z][a-z0-9]{0,8})$/.test(input.imageID))) && (undefined === input.link || "string" === typeof input.link && __typia_transform__isFormatUri._isFormatUri(input.link)) && (undefined === input.publicID || "string" === typeof input.publicID) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
    if (["altText", "imageID", "link", "publicID"].some((prop: any) => key === prop))
        return true;
    const value = input[key];
    if (undefined === value)
        return true;
    return false;
})); const _io6 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.currency || "string" === typeof input.currency && RegExp("^[A-Z]{3}$").test(input.currency)) && (undefined === input.valueDecimal || "string" === typeof input.valueDecimal && RegExp("^-?\\d{1,19}(?:\\.\\d{1,9})?$").test(input.valueDecimal)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
    if (["currency", "valueDecimal"].some((prop: any) => key === prop))
        return true;
    const value = input[key];
    if (undefined === value)
        return true;
    return false;
})); return (input: any, _exceptionable: boolean = true): input is StockInvoiceUpdate => "object" === typeof input && null !== input && false === Array.isArray(input) && _io0(input, true); })();
