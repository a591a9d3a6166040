// Single-rule mutations of a valid update-invoice body (from validInvoiceUpdateBody(true)).
import { REQUEST_LIMITS } from '../../src/limits/index.js';

export type Body = Record<string, any>;
/** Breaks exactly one rule of `body` in place and returns the error-body path it must fail on. */
export type Mutation = {
  name: string;
  apply: (body: Body, pick: number) => string[];
  /** False when JSON Schema cannot express the rule (see docs/validation.md). */
  jsonSchema?: false;
};

const item = (body: Body, pick: number) => {
  const items = body['lineItems'].items as Body[];
  const index = pick % items.length;
  return { index, it: items[index] as Body, path: ['lineItems', 'items', items[index]?.['name'] as string] };
};
const option = (body: Body, pick: number) => {
  const { it, path } = item(body, pick);
  const options = it['options'] as Body[];
  const optionIndex = Math.floor(pick / 7) % options.length;
  const o = options[optionIndex] as Body;
  return { o, optionIndex, it, path: [...path, 'options', o['name'] as string] };
};

const set = (target: Body, field: string, value: unknown) => {
  target[field] = value;
};

export const INVOICE_MUTATIONS: Mutation[] = [
  { name: 'description not a string', apply: (b) => (set(b, 'description', 5), ['description']) },
  { name: 'description lone surrogate', apply: (b) => (set(b, 'description', 'a\uD800'), ['description']) },
  { name: 'dueDate Feb 30', apply: (b) => (set(b, 'dueDate', '2026-02-30T00:00:00Z'), ['dueDate']) },
  { name: 'dueDate no offset', apply: (b) => (set(b, 'dueDate', '2026-02-03T00:00:00'), ['dueDate']) },
  { name: 'invoiceDate hour 24', apply: (b) => (set(b, 'invoiceDate', '2026-02-03T24:00:00Z'), ['invoiceDate']) },
  { name: 'status unknown', apply: (b) => (set(b, 'status', 'void'), ['status']) },
  { name: 'status null', apply: (b) => (set(b, 'status', null), ['status']) },
  { name: 'taxAmount array', apply: (b) => (set(b, 'taxAmount', []), ['taxAmount']) },
  { name: 'taxAmount currency', apply: (b) => (set(b['taxAmount'], 'currency', 'usd'), ['taxAmount', 'currency']) },
  {
    name: 'taxAmount 10 dp',
    apply: (b) => (set(b['taxAmount'], 'valueDecimal', '1.0000000001'), ['taxAmount', 'valueDecimal']),
  },
  { name: 'lineItems null', apply: (b) => (set(b, 'lineItems', null), ['lineItems']) },
  { name: 'items missing', apply: (b) => (set(b, 'lineItems', {}), ['lineItems', 'items']) },
  { name: 'items not array', apply: (b) => (set(b['lineItems'], 'items', {}), ['lineItems', 'items']) },
  {
    name: 'item name empty',
    apply: (b, p) => {
      const { it, index, path } = item(b, p);
      it['name'] = '';
      return [...path.slice(0, 2), `[${index}]`, 'name'];
    },
  },
  {
    name: 'item name 151 code points',
    apply: (b, p) => {
      const { it, index, path } = item(b, p);
      it['name'] = '😀'.repeat(151);
      return [...path.slice(0, 2), `[${index}]`, 'name'];
    },
  },
  {
    name: 'item name missing',
    apply: (b, p) => {
      const { it, index, path } = item(b, p);
      delete it['name'];
      return [...path.slice(0, 2), `[${index}]`, 'name'];
    },
  },
  {
    name: 'item name not a string',
    apply: (b, p) => {
      const { it, index, path } = item(b, p);
      it['name'] = 7;
      return [...path.slice(0, 2), `[${index}]`, 'name'];
    },
  },
  { name: 'item not an object', apply: (b, p) => { const { index } = item(b, p); b['lineItems'].items[index] = 'x'; return ['lineItems', 'items', `[${index}]`]; } },
  { name: 'basePrice missing', apply: (b, p) => { const { it, path } = item(b, p); delete it['basePrice']; return [...path, 'basePrice']; } },
  { name: 'basePrice null', apply: (b, p) => { const { it, path } = item(b, p); it['basePrice'] = null; return [...path, 'basePrice']; } },
  { name: 'basePrice currency', apply: (b, p) => { const { it, path } = item(b, p); it['basePrice'] = { ...it['basePrice'], currency: 'XXY' }; return [...path, 'basePrice', 'currency']; } },
  { name: 'basePrice decimal', apply: (b, p) => { const { it, path } = item(b, p); it['basePrice'] = { ...it['basePrice'], valueDecimal: '1e3' }; return [...path, 'basePrice', 'valueDecimal']; } },
  { name: 'quantity above int32', apply: (b, p) => { const { it, path } = item(b, p); it['quantity'] = 2 ** 31; return [...path, 'quantity']; } },
  { name: 'quantity fraction', apply: (b, p) => { const { it, path } = item(b, p); it['quantity'] = 1.5; return [...path, 'quantity']; } },
  { name: 'quantity missing', apply: (b, p) => { const { it, path } = item(b, p); delete it['quantity']; return [...path, 'quantity']; } },
  { name: 'productID not a Resource ID', apply: (b, p) => { const { it, path } = item(b, p); it['productID'] = 'prod-1'; return [...path, 'productID']; } },
  { name: 'options not an array', apply: (b, p) => { const { it, path } = item(b, p); it['options'] = 'x'; return [...path, 'options']; } },
  { name: 'image altText 126', apply: (b, p) => { const { it, path } = item(b, p); it['images'] = [{}, { altText: 'a'.repeat(126) }]; return [...path, 'images', '[1]', 'altText']; } },
  { name: 'option name empty', apply: (b, p) => { const { o, optionIndex, path } = option(b, p); o['name'] = ''; return [...path.slice(0, -1), `[${optionIndex}]`, 'name']; } },
  { name: 'unknown top-level field', apply: (b) => (set(b, 'amountDetails', { total: 1 }), ['amountDetails']) },
  { name: 'unknown __proto__ field', apply: (b) => (Object.defineProperty(b, '__proto__', { value: 1, enumerable: true, writable: true, configurable: true }), ['__proto__']) },
  { name: 'unknown taxAmount field', apply: (b) => (set(b['taxAmount'], 'constructor', 'x'), ['taxAmount', 'constructor']) },
  { name: 'unknown lineItems field', apply: (b) => (set(b['lineItems'], 'total', 1), ['lineItems', 'total']) },
  { name: 'unknown item field', apply: (b, p) => { const { it, path } = item(b, p); it['sku'] = 'x'; return [...path, 'sku']; } },
  { name: 'unknown basePrice field', apply: (b, p) => { const { it, path } = item(b, p); it['basePrice'] = { ...it['basePrice'], value: 1 }; return [...path, 'basePrice', 'value']; } },
  { name: 'unknown option field', apply: (b, p) => { const { o, path } = option(b, p); o['toString'] = 1; return [...path, 'toString']; } },
  { name: 'unknown image field', apply: (b, p) => { const { it, path } = item(b, p); it['images'] = [{ altText: 'a', alt: 'x' }]; return [...path, 'images', '[0]', 'alt']; } },
  { name: 'unknown field name too long', apply: (b) => (set(b, 'x'.repeat(65), 1), ['(unknown field)']) },
  { name: 'items over the limit', apply: (b) => (set(b['lineItems'], 'items', Array.from({ length: REQUEST_LIMITS.lineItems + 1 }, () => ({}))), ['lineItems', 'items']) },
  { name: 'options over the limit', apply: (b, p) => { const { it, path } = item(b, p); it['options'] = Array.from({ length: REQUEST_LIMITS.optionsPerItem + 1 }, () => ({})); return [...path, 'options']; } },
  { name: 'item images over the limit', apply: (b, p) => { const { it, path } = item(b, p); it['images'] = Array.from({ length: REQUEST_LIMITS.imagesPerItem + 1 }, () => ({})); return [...path, 'images']; } },
  { name: 'option images over the limit', apply: (b, p) => { const { o, path } = option(b, p); o['images'] = Array.from({ length: REQUEST_LIMITS.imagesPerOption + 1 }, () => ({})); return [...path, 'images']; } },
  { name: 'dueDate leap second not at 23:59 UTC', apply: (b) => (set(b, 'dueDate', '2026-02-03T10:00:60Z'), ['dueDate']) },
  { name: 'option quantity missing', apply: (b, p) => { const { o, path } = option(b, p); delete o['quantity']; return [...path, 'quantity']; } },
  { name: 'option quantity below int32', apply: (b, p) => { const { o, path } = option(b, p); o['quantity'] = -(2 ** 31) - 1; return [...path, 'quantity']; } },
  { name: 'option group 101', apply: (b, p) => { const { o, path } = option(b, p); o['group'] = 'g'.repeat(101); return [...path, 'group']; } },
  { name: 'option priceModifier decimal', apply: (b, p) => { const { o, path } = option(b, p); o['priceModifier'] = { currency: 'USD', valueDecimal: '.5' }; return [...path, 'priceModifier', 'valueDecimal']; } },
];

