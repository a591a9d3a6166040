import { FIELD_LIMITS, REQUEST_LIMITS, type RequestLimits, tooManyMessage } from '../limits/index.js';
import { INVOICE_STATUSES } from './enums.js';
import { ErrorBodyBuilder, type InvoiceUpdateErrorBody, elementKeys } from './error-body.js';
import { UNKNOWN_FIELD_MESSAGE, unknownFieldKey } from './error-limit.js';
import {
  currencyProblem,
  dateTimeValue,
  decimalProblem,
  int32Problem,
  linkProblem,
  resourceIdProblem,
  textProblem,
} from './field-checks.js';
import type { InvoiceUpdate } from './invoice-update.js';
import { isJsonObject } from './is-json-object.js';
import { onlyAmountKeys, onlyBodyKeys, onlyImageKeys, onlyItemKeys, onlyItemsKey, onlyOptionKeys } from './known-keys.js';
import { ARRAY_MESSAGE, BODY_NOT_OBJECT_MESSAGE, OBJECT_MESSAGE, REQUIRED_MESSAGE, oneOfMessage } from './messages.js';
import type { InvoiceUpdateValidation } from './validation-result.js';

// A straight-line validator for the update-invoice body (spec 4.2) with the rules of
// `invoiceUpdateSchema`, in the same order (an object's fields in the schema's order, then
// its unknown fields), so that it reports the same errors in the same order. It stops once
// the error body is full and one more error was found (issue 12: bounded work). Where an
// object sits is passed as numbers (item, option); error-body keys are built only for an
// error, so a valid body allocates nothing but its output.

type Obj = Record<string, unknown>;
type Out = Record<string, unknown>;

const STATUS_MESSAGE = oneOfMessage(INVOICE_STATUSES);
const STATUSES: ReadonlySet<unknown> = new Set(INVOICE_STATUSES);
const TOP_FIELDS: ReadonlySet<string> = new Set(['description', 'dueDate', 'invoiceDate', 'lineItems', 'status', 'taxAmount']);
const AMOUNT_FIELDS: ReadonlySet<string> = new Set(['currency', 'valueDecimal']);
const LINE_ITEMS_FIELDS: ReadonlySet<string> = new Set(['items']);
const ITEM_FIELDS: ReadonlySet<string> = new Set(['name', 'basePrice', 'quantity', 'options', 'productID', 'images']);
const OPTION_FIELDS: ReadonlySet<string> = new Set(['name', 'quantity', 'group', 'priceModifier', 'images']);
const IMAGE_FIELDS: ReadonlySet<string> = new Set(['altText', 'imageID', 'link', 'publicID']);

/** No item: the object is outside `lineItems.items` (the body, `taxAmount`, `lineItems`). */
const NONE = -1;

/** One run: the limits, the errors so far (created at the first) and the element keys. */
class Run {
  private errors: ErrorBodyBuilder | undefined;
  private itemKeys: string[] | undefined;
  private optionKeys: string[] | undefined;
  private optionKeysItem = NONE;
  items: readonly unknown[] = [];
  options: readonly unknown[] = [];

  constructor(readonly limits: RequestLimits) {}

  /** True once the body is full and an error was left out: stop looking. */
  get stopped(): boolean {
    return this.errors !== undefined && this.errors.isTruncated;
  }

  get failed(): boolean {
    return this.errors !== undefined;
  }

  /** The error-body keys of the object at (`item`, `option`), then `tail`. */
  private keys(item: number, option: number, tail: readonly string[]): string[] {
    if (item === NONE) return [...tail];
    this.itemKeys ??= elementKeys(this.items, FIELD_LIMITS.lineItemName);
    const itemKey = this.itemKeys[item] ?? `[${item}]`;
    if (option === NONE) return ['lineItems', 'items', itemKey, ...tail];
    if (this.optionKeysItem !== item) {
      this.optionKeys = elementKeys(this.options, FIELD_LIMITS.optionName);
      this.optionKeysItem = item;
    }
    const optionKey = this.optionKeys?.[option] ?? `[${option}]`;
    return ['lineItems', 'items', itemKey, 'options', optionKey, ...tail];
  }

  /** Reports `message` at `tail` below the object at (`item`, `option`). */
  add(item: number, option: number, tail: readonly string[], message: string): void {
    this.errors ??= new ErrorBodyBuilder(this.limits.fieldErrors);
    this.errors.add(this.keys(item, option, tail), message);
  }

  /**
   * Reports every own enumerable key of `value` that `fields` does not list (the keys of
   * `Object.keys`, in its order), below `head`, until the body is truncated. `for...in` with
   * `Object.hasOwn` visits the same keys without allocating a list for a valid object.
   */
  unknown(item: number, option: number, head: readonly string[], value: Obj, fields: ReadonlySet<string>): void {
    if (this.stopped) return;
    for (const key in value) {
      if (fields.has(key) || !Object.hasOwn(value, key)) continue;
      this.add(item, option, [...head, unknownFieldKey(key)], UNKNOWN_FIELD_MESSAGE);
      if (this.stopped) return;
    }
  }

  body(): InvoiceUpdateErrorBody {
    return (this.errors as ErrorBodyBuilder).finish() as InvoiceUpdateErrorBody;
  }
}

/** The array `value` when it is one of at most `max` elements; else reports why, at `at`. */
function arrayWithin(run: Run, value: unknown, max: number, noun: string, item: number, option: number, at: readonly string[]) {
  if (!Array.isArray(value)) run.add(item, option, at, ARRAY_MESSAGE);
  else if (value.length > max) run.add(item, option, at, tooManyMessage(max, noun));
  else return value as readonly unknown[];
  return undefined;
}

/** An AmountDecimal at `field` of the object at (`item`, `option`); `required` for both its fields. */
function amount(run: Run, value: unknown, item: number, option: number, field: string, required: boolean): Out | undefined {
  if (!isJsonObject(value)) {
    run.add(item, option, [field], OBJECT_MESSAGE);
    return undefined;
  }
  const out: Out = {};
  if ('currency' in value) {
    const v = value['currency'];
    const message = required || v !== undefined ? currencyProblem(v) : undefined;
    if (message === undefined) out['currency'] = v;
    else run.add(item, option, [field, 'currency'], message);
  } else if (required) run.add(item, option, [field, 'currency'], REQUIRED_MESSAGE);
  if ('valueDecimal' in value) {
    const v = value['valueDecimal'];
    const message = required || v !== undefined ? decimalProblem(v) : undefined;
    if (message === undefined) out['valueDecimal'] = v;
    else run.add(item, option, [field, 'valueDecimal'], message);
  } else if (required) run.add(item, option, [field, 'valueDecimal'], REQUIRED_MESSAGE);
  if (!onlyAmountKeys(value)) run.unknown(item, option, [field], value, AMOUNT_FIELDS);
  return out;
}

/** The images at `images` of the object at (`item`, `option`). */
function images(run: Run, value: unknown, max: number, item: number, option: number): Out[] | undefined {
  const list = arrayWithin(run, value, max, 'images', item, option, ['images']);
  if (list === undefined) return undefined;
  const out: Out[] = [];
  for (let k = 0; k < list.length; k += 1) {
    const image = list[k];
    if (!isJsonObject(image)) {
      run.add(item, option, ['images', `[${k}]`], OBJECT_MESSAGE);
      if (run.stopped) return undefined;
      continue;
    }
    const copy: Out = {};
    if ('altText' in image) {
      const v = image['altText'];
      const message = v === undefined ? undefined : textProblem(v, FIELD_LIMITS.imageAltText);
      if (message === undefined) copy['altText'] = v;
      else run.add(item, option, ['images', `[${k}]`, 'altText'], message);
    }
    if ('imageID' in image) {
      const v = image['imageID'];
      const message = v === undefined ? undefined : resourceIdProblem(v);
      if (message === undefined) copy['imageID'] = v;
      else run.add(item, option, ['images', `[${k}]`, 'imageID'], message);
    }
    if ('link' in image) {
      const v = image['link'];
      const message = v === undefined ? undefined : linkProblem(v);
      if (message === undefined) copy['link'] = v;
      else run.add(item, option, ['images', `[${k}]`, 'link'], message);
    }
    if ('publicID' in image) {
      const v = image['publicID'];
      const message = v === undefined ? undefined : textProblem(v);
      if (message === undefined) copy['publicID'] = v;
      else run.add(item, option, ['images', `[${k}]`, 'publicID'], message);
    }
    if (!onlyImageKeys(image)) run.unknown(item, option, ['images', `[${k}]`], image, IMAGE_FIELDS);
    if (run.stopped) return undefined;
    out.push(copy);
  }
  return out;
}

/** A line-item option (invoice profile): `name` and `quantity` required. */
function option(run: Run, value: unknown, item: number, index: number): Out | undefined {
  if (!isJsonObject(value)) {
    run.add(item, index, [], OBJECT_MESSAGE);
    return undefined;
  }
  const out: Out = {};
  if ('name' in value) {
    const message = textProblem(value['name'], FIELD_LIMITS.optionName);
    if (message === undefined) out['name'] = value['name'];
    else run.add(item, index, ['name'], message);
  } else run.add(item, index, ['name'], REQUIRED_MESSAGE);
  if ('quantity' in value) {
    const message = int32Problem(value['quantity']);
    if (message === undefined) out['quantity'] = value['quantity'];
    else run.add(item, index, ['quantity'], message);
  } else run.add(item, index, ['quantity'], REQUIRED_MESSAGE);
  if ('group' in value) {
    const v = value['group'];
    const message = v === undefined ? undefined : textProblem(v, FIELD_LIMITS.optionGroup);
    if (message === undefined) out['group'] = v;
    else run.add(item, index, ['group'], message);
  }
  if ('priceModifier' in value && !run.stopped) {
    const v = value['priceModifier'];
    out['priceModifier'] = v === undefined ? v : amount(run, v, item, index, 'priceModifier', true);
  }
  if ('images' in value && !run.stopped) {
    const v = value['images'];
    out['images'] = v === undefined ? v : images(run, v, run.limits.imagesPerOption, item, index);
  }
  if (!onlyOptionKeys(value)) run.unknown(item, index, [], value, OPTION_FIELDS);
  return out;
}

/** A line item (invoice profile): `name`, `basePrice` and `quantity` required. */
function lineItem(run: Run, value: unknown, index: number): Out | undefined {
  if (!isJsonObject(value)) {
    run.add(index, NONE, [], OBJECT_MESSAGE);
    return undefined;
  }
  const out: Out = {};
  if ('name' in value) {
    const message = textProblem(value['name'], FIELD_LIMITS.lineItemName);
    if (message === undefined) out['name'] = value['name'];
    else run.add(index, NONE, ['name'], message);
  } else run.add(index, NONE, ['name'], REQUIRED_MESSAGE);
  if ('basePrice' in value) out['basePrice'] = amount(run, value['basePrice'], index, NONE, 'basePrice', true);
  else run.add(index, NONE, ['basePrice'], REQUIRED_MESSAGE);
  if ('quantity' in value) {
    const message = int32Problem(value['quantity']);
    if (message === undefined) out['quantity'] = value['quantity'];
    else run.add(index, NONE, ['quantity'], message);
  } else run.add(index, NONE, ['quantity'], REQUIRED_MESSAGE);
  if ('options' in value && !run.stopped) {
    const v = value['options'];
    if (v === undefined) out['options'] = v;
    else {
      const list = arrayWithin(run, v, run.limits.optionsPerItem, 'options', index, NONE, ['options']);
      if (list !== undefined) {
        run.options = list;
        const options: (Out | undefined)[] = [];
        for (let j = 0; j < list.length; j += 1) {
          options.push(option(run, list[j], index, j));
          if (run.stopped) return undefined;
        }
        out['options'] = options;
      }
    }
  }
  if ('productID' in value) {
    const v = value['productID'];
    const message = v === undefined ? undefined : resourceIdProblem(v);
    if (message === undefined) out['productID'] = v;
    else run.add(index, NONE, ['productID'], message);
  }
  if ('images' in value && !run.stopped) {
    const v = value['images'];
    out['images'] = v === undefined ? v : images(run, v, run.limits.imagesPerItem, index, NONE);
  }
  if (!onlyItemKeys(value)) run.unknown(index, NONE, [], value, ITEM_FIELDS);
  return out;
}

/** `lineItems`: an object whose `items` array is required. */
function lineItems(run: Run, value: unknown): Out | undefined {
  if (!isJsonObject(value)) {
    run.add(NONE, NONE, ['lineItems'], OBJECT_MESSAGE);
    return undefined;
  }
  const out: Out = {};
  if ('items' in value) {
    const list = arrayWithin(run, value['items'], run.limits.lineItems, 'items', NONE, NONE, ['lineItems', 'items']);
    if (list !== undefined) {
      run.items = list;
      const items: (Out | undefined)[] = [];
      for (let i = 0; i < list.length; i += 1) {
        items.push(lineItem(run, list[i], i));
        if (run.stopped) return undefined;
      }
      out['items'] = items;
    }
  } else run.add(NONE, NONE, ['lineItems', 'items'], REQUIRED_MESSAGE);
  if (!onlyItemsKey(value)) run.unknown(NONE, NONE, ['lineItems'], value, LINE_ITEMS_FIELDS);
  return out;
}

/** A date-time field of the body that may be `null`: its canonical form into `out`, or an error. */
function nullableDate(run: Run, body: Obj, field: string, out: Out): void {
  if (!(field in body)) return;
  const v = body[field];
  if (v === undefined || v === null) {
    out[field] = v;
    return;
  }
  const parsed = dateTimeValue(v);
  if (parsed.ok) out[field] = parsed.value;
  else run.add(NONE, NONE, [field], parsed.error);
}

/**
 * Validates an update-invoice body (spec 4.2) without valibot: the rules, messages, order
 * and error body of `invoiceUpdateSchema` + `mirrorIssues`, which the differential test
 * holds it to. Used by `validateInvoiceUpdate`. The value is only returned when nothing
 * failed, so parts built while errors were found are never seen.
 *
 * @example
 * fastValidateInvoiceUpdate({ status: 'void' })
 * // { ok: false, status: 422, body: { status: 'must be one of: draft, unpaid, ...' } }
 */
export function fastValidateInvoiceUpdate(body: unknown, limits: RequestLimits = REQUEST_LIMITS): InvoiceUpdateValidation {
  if (!isJsonObject(body)) return { ok: false, status: 400, body: { error: BODY_NOT_OBJECT_MESSAGE } };
  const run = new Run(limits);
  const out: Out = {};
  if ('description' in body) {
    const v = body['description'];
    const message = v === undefined ? undefined : textProblem(v);
    if (message === undefined) out['description'] = v;
    else run.add(NONE, NONE, ['description'], message);
  }
  nullableDate(run, body, 'dueDate', out);
  nullableDate(run, body, 'invoiceDate', out);
  if ('lineItems' in body) {
    const v = body['lineItems'];
    out['lineItems'] = v === undefined ? v : lineItems(run, v);
  }
  if (!run.stopped && 'status' in body) {
    const v = body['status'];
    if (v === undefined || STATUSES.has(v)) out['status'] = v;
    else run.add(NONE, NONE, ['status'], STATUS_MESSAGE);
  }
  if (!run.stopped && 'taxAmount' in body) {
    const v = body['taxAmount'];
    out['taxAmount'] = v === undefined ? v : amount(run, v, NONE, NONE, 'taxAmount', false);
  }
  if (!onlyBodyKeys(body)) run.unknown(NONE, NONE, [], body, TOP_FIELDS);
  if (run.failed) return { ok: false, status: 422, body: run.body() };
  return { ok: true, value: out as InvoiceUpdate };
}
