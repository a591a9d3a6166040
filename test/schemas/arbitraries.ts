import fc from 'fast-check';
import { TYPED_ID, UUID_ID } from './fixtures.js';
import { binaryText } from '../limits/code-points.js';

// Generators of valid values, written from the spec's rules (not from the code under test).

const digit = fc.constantFrom(...'0123456789');

/** A decimal string: optional minus, integer digits, 0-9 decimals. */
export const validDecimal = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 10n ** 15n }),
    fc.string({ unit: digit, minLength: 0, maxLength: 9 }),
  )
  .map(([negative, whole, frac]) => `${negative ? '-' : ''}${whole}${frac === '' ? '' : `.${frac}`}`);

export const validCurrency = fc.constantFrom('USD', 'EUR', 'JPY', 'KWD', 'CLF', 'GBP', 'MGA');

export const validAmountDecimal = fc.record({ currency: validCurrency, valueDecimal: validDecimal });

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** An RFC 3339 date-time with `Z` or a `+hh:mm` / `-hh:mm` offset, on a real calendar day. */
export const validDateTime = fc
  .tuple(
    fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
    fc.option(fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))),
  )
  .map(([d, offset]) => {
    const base =
      `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
      `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
    return offset === null ? `${base}Z` : `${base}${offset[0]}${pad(offset[1])}:${pad(offset[2])}`;
  });

export const validResourceId = fc.oneof(fc.constantFrom(TYPED_ID, UUID_ID), fc.uuid());

/** Text of `min`..`max` code points, no lone surrogates (fast-check's 'binary' unit). */
export const validText = (min: number, max: number) => binaryText({ minLength: min, maxLength: max });

/** A name usable as a unique error-body key: not a position key, no '#'. */
const validName = validText(1, 150).filter((s) => !s.startsWith('[') && !s.includes('#'));

/**
 * `build()`'s arbitrary, built when a value is first asked of it: the same values, bias and
 * shrinks as `build()` itself. For `fc.webUrl()`, whose path segments take fast-check about
 * 2 s to build, once per process: in the mutation run (`MUTATION_MODULE` set), which loads
 * this file again for each mutant, only the tests that generate images pay that.
 */
class LazyArbitrary<T> extends fc.Arbitrary<T> {
  private built: fc.Arbitrary<T> | undefined;
  constructor(private readonly build: () => fc.Arbitrary<T>) {
    super();
  }
  private get arbitrary(): fc.Arbitrary<T> {
    this.built ??= this.build();
    return this.built;
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return this.arbitrary.generate(mrng, biasFactor);
  }
  canShrinkWithoutContext(value: unknown): value is T {
    return this.arbitrary.canShrinkWithoutContext(value);
  }
  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.arbitrary.shrink(value, context);
  }
}

const validInt32 = fc.integer({ min: -2147483648, max: 2147483647 });

const validImage = fc.record(
  {
    altText: validText(0, 125),
    imageID: validResourceId,
    link: process.env['MUTATION_MODULE'] === undefined ? fc.webUrl() : new LazyArbitrary(() => fc.webUrl()),
    publicID: validText(0, 20),
  },
  { requiredKeys: [] },
);

const validOptionWithout = (name: string) =>
  fc.record(
    {
      name: fc.constant(name),
      quantity: validInt32,
      group: validText(0, 100),
      priceModifier: validAmountDecimal,
      images: fc.array(validImage, { maxLength: 2 }),
    },
    { requiredKeys: ['name', 'quantity'] },
  );

const validItemNamed = (name: string, minOptions: number) =>
  fc
    .uniqueArray(validName, { minLength: minOptions, maxLength: 3 })
    .chain((optionNames) =>
      fc.record(
        {
          name: fc.constant(name),
          basePrice: validAmountDecimal,
          quantity: validInt32,
          options: fc.tuple(...optionNames.map(validOptionWithout)),
          productID: validResourceId,
          images: fc.array(validImage, { maxLength: 2 }),
        },
        { requiredKeys: ['name', 'basePrice', 'quantity', ...(minOptions > 0 ? (['options'] as const) : [])] },
      ),
    );

/** Valid invoice line items with unique item names (and unique option names per item). */
export const validLineItems = (minItems: number, minOptions: number) =>
  fc
    .uniqueArray(validName, { minLength: minItems, maxLength: 3 })
    .chain((names) => fc.tuple(...names.map((n) => validItemNamed(n, minOptions))))
    .map((items) => ({ items: [...items] }));

/** A valid update-invoice body; `full` makes every field present and non-null. */
export const validInvoiceUpdateBody = (full = false) =>
  fc.record(
    {
      description: validText(0, 40),
      dueDate: full ? validDateTime : fc.option(validDateTime),
      invoiceDate: full ? validDateTime : fc.option(validDateTime),
      lineItems: full ? validLineItems(1, 1) : validLineItems(0, 0),
      status: fc.constantFrom('draft', 'unpaid', 'payment-pending', 'paid', 'overdue', 'canceled'),
      taxAmount: fc.record({ currency: validCurrency, valueDecimal: validDecimal }, { requiredKeys: [] }),
    },
    { requiredKeys: full ? ['description', 'dueDate', 'invoiceDate', 'lineItems', 'status', 'taxAmount'] : [] },
  );

export const validEvidenceBody = fc.record({
  evidenceType: fc.constantFrom(
    'receipt',
    'proof-of-delivery',
    'cancelation-policy',
    'terms-of-service',
    'customer-communication',
    'generic-evidence',
    'cover-letter',
    'other',
  ),
  text: validText(0, 750),
});

const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
const alnumHyphen = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-');
/** A host-name label: 1-63 letters, digits, hyphens; no hyphen at either end. */
export const validLabel = fc
  .tuple(alnum, fc.option(fc.tuple(fc.string({ unit: alnumHyphen, maxLength: 61 }), alnum)))
  .map(([first, rest]) => (rest === null ? first : `${first}${rest[0]}${rest[1]}`));
const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
/** A host name of 2-3 labels whose last label holds a letter (so it is no IPv4 address). */
export const validDomain = fc
  .tuple(fc.array(validLabel, { minLength: 1, maxLength: 2 }), validLabel, letter)
  .map(([labels, last, l]) => [...labels, last.length < 63 ? `${l}${last}` : last.replace(/^./, l)].join('.'));

export const validSessionBody = fc.record({ domain: validDomain, displayName: validText(0, 64) });
