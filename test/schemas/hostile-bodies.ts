import { REQUEST_LIMITS } from '../../src/limits/index.js';

/** The default request body limit of the handler (1 MiB). */
export const MAX_BODY_BYTES = 1024 * 1024;

const L = REQUEST_LIMITS;
const repeat = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });
const eur = (valueDecimal: string) => ({ currency: 'EUR', valueDecimal });
/** 150 control characters: each is 6 bytes in JSON (`\u0001`), the longest valid name in an answer. */
const LONGEST_NAME = (i: number) => `${String(i).padStart(5, '0')}${'\u0001'.repeat(145)}`;

/** The JSON of `shape(n)` for the largest `n` up to the item limit that fits in 1 MiB. */
function largestWithin(shape: (n: number) => unknown): string {
  let n = L.lineItems;
  let text = JSON.stringify(shape(n));
  while (Buffer.byteLength(text) > MAX_BODY_BYTES && n > 1) {
    n = Math.max(1, Math.floor((n * MAX_BODY_BYTES) / Buffer.byteLength(text)) - 1);
    text = JSON.stringify(shape(n));
  }
  return text;
}

/**
 * The most expensive update-invoice bodies we know, each as JSON text within 1 MiB (the
 * largest body the handler reads by default), by name, each built when first read. Used to
 * bound validation and `applyInvoiceUpdate` in CPU time and answer size (issue 12).
 */
export function hostileBodies(): Record<string, string> {
  const shapes: Record<string, ((n: number) => unknown) | null> = {
    '333,000 empty items': null,
    'every limit at its maximum, valid': (n) => ({
      lineItems: {
        items: repeat(n, (i) => ({
          name: `i${i}`,
          quantity: 2,
          basePrice: usd('1.5'),
          images: repeat(L.imagesPerItem, () => ({})),
          options: repeat(L.optionsPerItem, (j) => ({
            name: `o${j}`,
            quantity: 3,
            priceModifier: usd('0.25'),
            images: repeat(L.imagesPerOption, () => ({})),
          })),
        })),
      },
    }),
    'every option and image invalid': (n) => ({
      lineItems: {
        items: repeat(n, () => ({
          images: repeat(L.imagesPerItem, () => ({ x: 1 })),
          options: repeat(L.optionsPerItem, () => ({ images: repeat(L.imagesPerOption, () => ({ x: 1 })) })),
        })),
      },
    }),
    'every amount in another currency': (n) => ({
      taxAmount: eur('1'),
      lineItems: {
        items: repeat(n, (i) => ({
          name: `i${i}`,
          quantity: 1,
          basePrice: eur('1'),
          options: repeat(L.optionsPerItem, (j) => ({ name: `o${j}`, quantity: 1, priceModifier: eur('1') })),
        })),
      },
    }),
    'longest names, every field failing': (n) => ({
      lineItems: {
        items: repeat(n, (i) => ({
          name: LONGEST_NAME(i),
          quantity: 'x',
          basePrice: { currency: 'x', valueDecimal: 'x', [`${'\u0001'.repeat(63)}${i}`]: 1 },
          options: repeat(3, (j) => ({ name: LONGEST_NAME(j), quantity: 'x', priceModifier: 'x' })),
        })),
      },
    }),
    'many unknown fields': () => Object.fromEntries(repeat(60_000, (i) => [`f${i}`, 0])),
    'long unknown field names': () => Object.fromEntries(repeat(12, (i) => [`${i}${'x'.repeat(80_000)}`, 0])),
    'deep unknown nesting': null,
    'many huge numbers': (n) => ({ lineItems: { items: repeat(n, () => ({ name: 'n', quantity: 1e308, basePrice: usd('9'.repeat(3000)) })) } }),
  };
  // Each body is built when it is first read (an enumerable getter, so Object.entries reads
  // them all): a test that needs one body does not pay for the others, about half a second.
  const texts: Record<string, string> = {};
  for (const [name, shape] of Object.entries(shapes)) {
    let text: string | undefined;
    Object.defineProperty(texts, name, {
      enumerable: true,
      get: () => (text ??= withinLimit(name, build(name, shape))),
    });
  }
  return texts;
}

/** The JSON text of the hostile body `name`. */
function build(name: string, shape: ((n: number) => unknown) | null): string {
  if (name === '333,000 empty items') return `{"lineItems":{"items":[${'{},'.repeat(333_000)}{}]}}`;
  if (name === 'deep unknown nesting') return `{"x":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
  if (shape === null) throw new Error(`${name}: no shape`);
  return largestWithin(shape);
}

/** `text`, after checking that it fits in the handler's 1 MiB. */
function withinLimit(name: string, text: string): string {
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new Error(`${name} is ${Buffer.byteLength(text)} bytes, over 1 MiB`);
  return text;
}
