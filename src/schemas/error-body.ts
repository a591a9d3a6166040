import type * as v from 'valibot';
import { hasLoneSurrogate } from '../limits/index.js';
import { isJsonObject } from './json-object.js';

/** Errors of an AmountDecimal field: a string per failed field. */
export type AmountDecimalErrors = { currency?: string; valueDecimal?: string };

/** Errors of one image: a string per failed field. */
export type ImageErrors = { altText?: string; imageID?: string; link?: string; publicID?: string };

/** Errors of an images array, keyed by position: `"[0]"`, `"[1]"`, ... */
export type ImagesErrors = { [position: string]: string | ImageErrors };

/** Errors of one line-item option. */
export type LineItemOptionErrors = {
  name?: string;
  quantity?: string;
  group?: string;
  priceModifier?: string | AmountDecimalErrors;
  images?: string | ImagesErrors;
};

/** Errors of one line item. */
export type LineItemErrors = {
  name?: string;
  basePrice?: string | AmountDecimalErrors;
  quantity?: string;
  productID?: string;
  options?: string | { [optionKey: string]: string | LineItemOptionErrors };
  images?: string | ImagesErrors;
};

/** Errors of `lineItems`; items are keyed by name (see docs/validation.md for the key rules). */
export type LineItemsErrors = { items?: string | { [itemKey: string]: string | LineItemErrors } };

/**
 * The 422 body of the update-invoice operation (spec 4.2): it mirrors the request, with a
 * string for each field that failed. A field whose value has the wrong type (or a
 * required key that is absent) gets a string; an object whose fields failed gets an
 * object of the same shape; `items` and `options` become objects keyed by name.
 */
export type InvoiceUpdateErrorBody = {
  description?: string;
  dueDate?: string;
  invoiceDate?: string;
  status?: string;
  taxAmount?: string | AmountDecimalErrors;
  lineItems?: string | LineItemsErrors;
};

/** Keys of arrays whose elements are keyed by their `name` in an error body. */
const NAMED_ARRAYS: ReadonlySet<string> = new Set(['items', 'options']);

type ErrorNode = { [key: string]: string | ErrorNode };

/** Sets an own, enumerable property: `__proto__` becomes a plain key and no prototype changes. */
function defineOwn(node: ErrorNode, key: string, value: string | ErrorNode): void {
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
}

function ownValue(node: ErrorNode, key: string): string | ErrorNode | undefined {
  return Object.hasOwn(node, key) ? node[key] : undefined;
}

/**
 * The error-body keys of every element of a named array, by position: the element's
 * `name` when it is a string without a lone surrogate, else its position as `"[i]"` (a
 * lone surrogate has no UTF-8 encoding, so it cannot be a key of a JSON body); a key
 * already taken by an earlier element gets the smallest free suffix `#2`, `#3`, ...
 *
 * @example
 * elementKeys([{ name: 'Tea' }, { name: 'Tea' }, {}, { name: '\uD800' }]) // ['Tea', 'Tea#2', '[2]', '[3]']
 */
export function elementKeys(elements: readonly unknown[]): string[] {
  const taken = new Set<string>();
  // The next suffix to try per base, so that many equal names cost linear time, not quadratic.
  const nextSuffix = new Map<string, number>();
  return elements.map((element, index) => {
    const name = isJsonObject(element) && Object.hasOwn(element, 'name') ? element['name'] : undefined;
    const base = typeof name === 'string' && !hasLoneSurrogate(name) ? name : `[${index}]`;
    let key = base;
    if (taken.has(key)) {
      let n = nextSuffix.get(base) ?? 2;
      while (taken.has(`${base}#${n}`)) n += 1;
      key = `${base}#${n}`;
      nextSuffix.set(base, n + 1);
    }
    taken.add(key);
    return key;
  });
}

type PathItem = { type: string; key?: unknown; input?: unknown };

/**
 * Builds the per-field error object from valibot issues: one string per failed field (the
 * first issue of a field wins), elements of `items` and `options` keyed by
 * {@link elementKeys}, other array elements by `"[i]"`. Every key is an own property.
 *
 * @example
 * const { issues } = v.safeParse(InvoiceUpdateSchema, { taxAmount: { currency: 'usd' } });
 * mirrorIssues(issues) // { taxAmount: { currency: 'must be a 3-letter ISO 4217 currency code' } }
 */
export function mirrorIssues(issues: readonly v.BaseIssue<unknown>[]): ErrorNode {
  const root: ErrorNode = {};
  const keysByArray = new Map<readonly unknown[], string[]>();
  const keyOf = (item: PathItem, parentKey: string | undefined): string => {
    if (item.type === 'array' && Array.isArray(item.input) && typeof item.key === 'number') {
      if (parentKey !== undefined && NAMED_ARRAYS.has(parentKey)) {
        let keys = keysByArray.get(item.input);
        if (keys === undefined) {
          keys = elementKeys(item.input);
          keysByArray.set(item.input, keys);
        }
        return keys[item.key] ?? `[${item.key}]`;
      }
      return `[${item.key}]`;
    }
    return String(item.key);
  };
  for (const issue of issues) {
    const path = (issue.path ?? []) as readonly PathItem[];
    let node = root;
    let parentKey: string | undefined;
    for (let i = 0; i < path.length; i += 1) {
      const item = path[i] as PathItem;
      const key = keyOf(item, parentKey);
      const existing = ownValue(node, key);
      if (i === path.length - 1) {
        if (existing === undefined) defineOwn(node, key, issue.message);
        break;
      }
      if (typeof existing === 'string') break; // the outer value already failed as a whole
      let child = existing;
      if (child === undefined) {
        child = {};
        defineOwn(node, key, child);
      }
      node = child;
      parentKey = typeof item.key === 'string' ? item.key : undefined;
    }
  }
  return root;
}
