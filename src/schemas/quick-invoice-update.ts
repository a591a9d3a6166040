import { FIELD_LIMITS, type RequestLimits } from '../limits/index.js';
import { INVOICE_STATUSES } from './enums.js';
import { linkProblem } from './field-checks.js';
import type { InvoiceUpdate } from './invoice-update.js';
import { isJsonObject } from './is-json-object.js';
import { onlyAmountKeys, onlyBodyKeys, onlyImageKeys, onlyItemKeys, onlyItemsKey, onlyOptionKeys } from './known-keys.js';
import { quickCurrency, quickDateTime, quickDecimal, quickInt32, quickResourceId, quickText } from './quick-leaves.js';

// The valid path of the update-invoice validator (issue 34): one pass that checks the body
// and builds its normalised copy (an object's fields in the schema's order), or gives up at
// the first thing it cannot accept at once. It is sound, not complete: a copy only for a body
// `fastValidateInvoiceUpdate` accepts, equal to the value it returns (the differential and
// property tests hold it to that); `undefined` for any other body, which then goes to
// `fastValidateInvoiceUpdate` for the verdict and the exact error body. No error is built
// here, no key list, no closure: property reads, the leaf checks and the output objects.

type Obj = Record<string, unknown>;

const STATUSES: ReadonlySet<unknown> = new Set(INVOICE_STATUSES);

/** The length limits of FIELD_LIMITS read once (a line item's and an option's name have a minimum of 1). */
const ITEM_NAME_MAX = FIELD_LIMITS.lineItemName.max;
const OPTION_NAME_MAX = FIELD_LIMITS.optionName.max;
const GROUP_MAX = FIELD_LIMITS.optionGroup.max;
const ALT_TEXT_MAX = FIELD_LIMITS.imageAltText.max;
const NO_MAX = Number.POSITIVE_INFINITY;

/** An AmountDecimal whose two fields are required (a price). */
function quickPrice(value: unknown): Obj | undefined {
  if (!isJsonObject(value)) return undefined;
  const currency = value['currency'];
  const valueDecimal = value['valueDecimal'];
  if (!quickCurrency(currency) || !quickDecimal(valueDecimal) || !onlyAmountKeys(value)) return undefined;
  return { currency, valueDecimal };
}

/** `taxAmount`: an AmountDecimal whose fields are optional. */
function quickTaxAmount(value: Obj): Obj | undefined {
  const out: Obj = {};
  const currency = value['currency'];
  if (currency !== undefined) {
    if (!quickCurrency(currency)) return undefined;
    out['currency'] = currency;
  } else if ('currency' in value) out['currency'] = undefined;
  const valueDecimal = value['valueDecimal'];
  if (valueDecimal !== undefined) {
    if (!quickDecimal(valueDecimal)) return undefined;
    out['valueDecimal'] = valueDecimal;
  } else if ('valueDecimal' in value) out['valueDecimal'] = undefined;
  return onlyAmountKeys(value) ? out : undefined;
}

/** The images of an item or option: an array of at most `max` images. */
function quickImages(value: unknown, max: number): Obj[] | undefined {
  if (!Array.isArray(value) || value.length > max) return undefined;
  const out: Obj[] = [];
  for (let k = 0; k < value.length; k += 1) {
    const image: unknown = value[k];
    if (!isJsonObject(image) || !onlyImageKeys(image)) return undefined;
    const copy: Obj = {};
    const altText = image['altText'];
    if (altText !== undefined) {
      if (!quickText(altText, 0, ALT_TEXT_MAX)) return undefined;
      copy['altText'] = altText;
    } else if ('altText' in image) copy['altText'] = undefined;
    const imageID = image['imageID'];
    if (imageID !== undefined) {
      if (!quickResourceId(imageID)) return undefined;
      copy['imageID'] = imageID;
    } else if ('imageID' in image) copy['imageID'] = undefined;
    const link = image['link'];
    if (link !== undefined) {
      if (linkProblem(link) !== undefined) return undefined;
      copy['link'] = link;
    } else if ('link' in image) copy['link'] = undefined;
    const publicID = image['publicID'];
    if (publicID !== undefined) {
      if (!quickText(publicID, 0, NO_MAX)) return undefined;
      copy['publicID'] = publicID;
    } else if ('publicID' in image) copy['publicID'] = undefined;
    out.push(copy);
  }
  return out;
}

/** A line-item option (invoice profile): `name` and `quantity` required. */
function quickOption(value: unknown, limits: RequestLimits): Obj | undefined {
  if (!isJsonObject(value)) return undefined;
  const name = value['name'];
  const quantity = value['quantity'];
  if (!quickText(name, 1, OPTION_NAME_MAX) || !quickInt32(quantity) || !onlyOptionKeys(value)) return undefined;
  // Fields are added to an empty literal, which has room for four in the object itself.
  const out: Obj = {};
  out['name'] = name;
  out['quantity'] = quantity;
  const group = value['group'];
  if (group !== undefined) {
    if (!quickText(group, 0, GROUP_MAX)) return undefined;
    out['group'] = group;
  } else if ('group' in value) out['group'] = undefined;
  const priceModifier = value['priceModifier'];
  if (priceModifier !== undefined) {
    const price = quickPrice(priceModifier);
    if (price === undefined) return undefined;
    out['priceModifier'] = price;
  } else if ('priceModifier' in value) out['priceModifier'] = undefined;
  const images = value['images'];
  if (images !== undefined) {
    const list = quickImages(images, limits.imagesPerOption);
    if (list === undefined) return undefined;
    out['images'] = list;
  } else if ('images' in value) out['images'] = undefined;
  return out;
}

/** The options of a line item: an array of at most `limits.optionsPerItem`. */
function quickOptions(value: unknown, limits: RequestLimits): Obj[] | undefined {
  if (!Array.isArray(value) || value.length > limits.optionsPerItem) return undefined;
  const out: Obj[] = [];
  for (let j = 0; j < value.length; j += 1) {
    const option = quickOption(value[j], limits);
    if (option === undefined) return undefined;
    out.push(option);
  }
  return out;
}

/** A line item (invoice profile): `name`, `basePrice` and `quantity` required. */
function quickLineItem(value: unknown, limits: RequestLimits): Obj | undefined {
  if (!isJsonObject(value)) return undefined;
  const name = value['name'];
  const quantity = value['quantity'];
  if (!quickText(name, 1, ITEM_NAME_MAX) || !quickInt32(quantity) || !onlyItemKeys(value)) return undefined;
  const basePrice = quickPrice(value['basePrice']);
  if (basePrice === undefined) return undefined;
  const out: Obj = { name, basePrice, quantity };
  const options = value['options'];
  if (options !== undefined) {
    const list = quickOptions(options, limits);
    if (list === undefined) return undefined;
    out['options'] = list;
  } else if ('options' in value) out['options'] = undefined;
  const productID = value['productID'];
  if (productID !== undefined) {
    if (!quickResourceId(productID)) return undefined;
    out['productID'] = productID;
  } else if ('productID' in value) out['productID'] = undefined;
  const images = value['images'];
  if (images !== undefined) {
    const list = quickImages(images, limits.imagesPerItem);
    if (list === undefined) return undefined;
    out['images'] = list;
  } else if ('images' in value) out['images'] = undefined;
  return out;
}

/** `lineItems`: an object whose `items` array (at most `limits.lineItems`) is required. */
function quickLineItems(value: unknown, limits: RequestLimits): Obj | undefined {
  if (!isJsonObject(value) || !onlyItemsKey(value)) return undefined;
  const items = value['items'];
  if (!Array.isArray(items) || items.length > limits.lineItems) return undefined;
  const out: Obj[] = [];
  for (let i = 0; i < items.length; i += 1) {
    const item = quickLineItem(items[i], limits);
    if (item === undefined) return undefined;
    out.push(item);
  }
  return { items: out };
}

/** A date-time field that may be null: true when it is absent, undefined, null or canonical. */
function quickNullableDate(value: unknown): boolean {
  return value === undefined || value === null || quickDateTime(value);
}

/**
 * The update-invoice body (spec 4.2) as `validateInvoiceUpdate` returns it when it is valid,
 * or `undefined` when this pass cannot accept it at once (invalid, or valid only after a
 * rewrite or a closer look): then `fastValidateInvoiceUpdate` decides. Never throws.
 *
 * @example
 * quickInvoiceUpdate({ status: 'paid' }, REQUEST_LIMITS) // { status: 'paid' }
 * quickInvoiceUpdate({ status: 'void' }, REQUEST_LIMITS) // undefined
 */
export function quickInvoiceUpdate(body: unknown, limits: RequestLimits): InvoiceUpdate | undefined {
  if (!isJsonObject(body) || !onlyBodyKeys(body)) return undefined;
  const out: Obj = {};
  const description = body['description'];
  if (description !== undefined) {
    if (!quickText(description, 0, NO_MAX)) return undefined;
    out['description'] = description;
  } else if ('description' in body) out['description'] = undefined;
  const dueDate = body['dueDate'];
  if (!quickNullableDate(dueDate)) return undefined;
  if (dueDate !== undefined || 'dueDate' in body) out['dueDate'] = dueDate;
  const invoiceDate = body['invoiceDate'];
  if (!quickNullableDate(invoiceDate)) return undefined;
  if (invoiceDate !== undefined || 'invoiceDate' in body) out['invoiceDate'] = invoiceDate;
  const lineItems = body['lineItems'];
  if (lineItems !== undefined) {
    const copy = quickLineItems(lineItems, limits);
    if (copy === undefined) return undefined;
    out['lineItems'] = copy;
  } else if ('lineItems' in body) out['lineItems'] = undefined;
  const status = body['status'];
  if (status !== undefined) {
    if (!STATUSES.has(status)) return undefined;
    out['status'] = status;
  } else if ('status' in body) out['status'] = undefined;
  const taxAmount = body['taxAmount'];
  if (taxAmount !== undefined) {
    if (!isJsonObject(taxAmount)) return undefined;
    const copy = quickTaxAmount(taxAmount);
    if (copy === undefined) return undefined;
    out['taxAmount'] = copy;
  } else if ('taxAmount' in body) out['taxAmount'] = undefined;
  return out as InvoiceUpdate;
}
