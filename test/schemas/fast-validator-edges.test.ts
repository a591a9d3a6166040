// Rules of the update-invoice validator (spec 4.2, docs/validation.md) that the mutation run
// (issue 26) showed untested: an optional field given as `undefined` is absent, and a valid
// body comes back with exactly its own keys; required currency and valueDecimal of basePrice
// and priceModifier; elements that are not objects; publicID and option names; keys built
// from long item names; bounded work (nothing is read once the error body is truncated);
// and the error-body builder's count, which decides when the note appears. Every body is
// checked against InvoiceUpdateSchema + mirrorIssues too, as the differential test does.
import { describe, expect, it } from 'vitest';
import { REQUEST_LIMITS, type RequestLimits } from '../../src/limits/index.js';
import { ErrorBodyBuilder, mirrorIssues } from '../../src/schemas/error-body.js';
import { TRUNCATED_KEY, truncatedMessage } from '../../src/schemas/error-limit.js';
import { validateInvoiceUpdate } from '../../src/schemas/index.js';
import { validateInvoiceUpdateWithSchema } from './schema-validators.js';
import { usd, validInvoiceUpdate, validItem, validOption } from './fixtures.js';

type Body = Record<string, unknown>;

/** The fast validator's answer, after checking that the valibot path gives the same JSON. */
function answer(body: unknown, limits: RequestLimits = REQUEST_LIMITS) {
  const fast = validateInvoiceUpdate(structuredClone(body), { limits });
  const reference = validateInvoiceUpdateWithSchema(structuredClone(body), { limits });
  expect(JSON.stringify(fast)).toBe(JSON.stringify(reference));
  return fast;
}
/** The 422 body of an answer that must be a 422. */
function errors(body: unknown, limits?: RequestLimits): Body {
  const result = answer(body, limits);
  if (result.ok || result.status !== 422) throw new Error(`expected a 422, got ${JSON.stringify(result)}`);
  return result.body as Body;
}
const itemWith = (patch: Body): Body => ({ ...validItem('Tea'), ...patch });
const bodyWithItem = (item: unknown): Body => ({ lineItems: { items: [item] } });

describe('a valid body comes back with exactly its own keys', () => {
  it('the full sample body, at every depth (no key added, not even as undefined)', () => {
    const body = validInvoiceUpdate();
    const result = validateInvoiceUpdate(structuredClone(body));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toStrictEqual(body);
  });

  it('a minimal item, option, image and amount', () => {
    const body = {
      lineItems: { items: [{ name: 'Tea', basePrice: usd('1'), quantity: 1, options: [{ name: 'Oat', quantity: 1 }], images: [{}] }] },
      taxAmount: { currency: 'USD' },
    };
    const result = validateInvoiceUpdate(structuredClone(body));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toStrictEqual(body);
  });
});

describe('a valid body reads each field once (docs/architecture.md: the quick functions answer it)', () => {
  /** `fields` as an object of getters that count their reads in `reads`, under `at`. */
  function counted(reads: Map<string, number>, at: string, fields: Body): Body {
    const out: Body = {};
    for (const [key, v] of Object.entries(fields)) {
      Object.defineProperty(out, key, {
        enumerable: true,
        get() {
          reads.set(`${at}.${key}`, (reads.get(`${at}.${key}`) ?? 0) + 1);
          return v;
        },
      });
    }
    return out;
  }
  const image = { altText: 'A latte', imageID: 'kuoaydiojf7uszaokc2ggnaaaa_xfer', link: 'https://img.example/latte.png', publicID: 'latte' };

  it.each<[string, Body, Body]>([
    ['every optional field present', {}, {}],
    ['optional fields given as undefined', { group: undefined, images: undefined }, { altText: undefined, imageID: undefined, link: undefined, publicID: undefined }],
  ])('prices, options and images: %s', (_, optionPatch, imagePatch) => {
    const reads = new Map<string, number>();
    const imageOf = (at: string, patch: Body) => counted(reads, at, { ...image, ...patch });
    const option = (name: string, patch: Body) =>
      counted(reads, name, {
        name,
        quantity: 1,
        group: 'Milk',
        priceModifier: counted(reads, `${name}.priceModifier`, usd('-0.25')),
        images: [imageOf(`${name}.images[0]`, {}), imageOf(`${name}.images[1]`, imagePatch)],
        ...patch,
      });
    const body = {
      lineItems: {
        items: [
          {
            name: 'Tea',
            basePrice: counted(reads, 'basePrice', usd('4.50')),
            quantity: 2,
            options: [option('Oat', {}), option('Soy', optionPatch)],
            images: [imageOf('images[0]', imagePatch), counted(reads, 'images[1]', {})],
          },
        ],
      },
    };
    // Oat's two images are exactly the limit: a list at its limit is still answered quickly.
    const result = validateInvoiceUpdate(body, { limits: { ...REQUEST_LIMITS, imagesPerOption: 2 } });
    expect(result.ok).toBe(true);
    // Every field of the objects in the body was read (36: 2 of basePrice, 15 of each option
    // with its price and images, 4 of the item's images; 28 when Soy's images are undefined), once.
    expect(reads.size).toBe('images' in optionPatch ? 28 : 36);
    expect([...reads].filter(([, n]) => n !== 1)).toEqual([]);
    if (result.ok) expect(result.value).toStrictEqual(structuredClone(body));
  });
});

describe('a valid body that only the exact rules accept comes back whole', () => {
  // Each object here fails its quick check (text past its limit in UTF-16 units but within it
  // in code points, a decimal of 19 integer digits), so its exact function copies it.
  const emoji = (n: number) => '😀'.repeat(n);
  const price = { currency: 'USD', valueDecimal: '1000000000000000000' };
  const image = { altText: emoji(100), imageID: 'kuoaydiojf7uszaokc2ggnaaaa_xfer', link: 'https://img.example/a.png', publicID: 'a' };

  it.each<[string, Body, Body]>([
    ['every optional field present', {}, {}],
    ['optional fields given as undefined', { group: undefined, priceModifier: undefined, images: undefined }, { imageID: undefined, link: undefined, publicID: undefined }],
  ])('%s', (_, optionPatch, imagePatch) => {
    const option = { name: emoji(100), quantity: 3, group: emoji(60), priceModifier: price, images: [{ ...image, ...imagePatch }], ...optionPatch };
    const item = { name: emoji(100), basePrice: price, quantity: 2, options: [option], images: [{ ...image, ...imagePatch }] };
    const body = { lineItems: { items: [item] }, taxAmount: price };
    const result = answer(body);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toStrictEqual(body);
  });
});

describe('an optional field given as undefined is treated as absent (JavaScript callers)', () => {
  /** The body passes, and comes back with exactly its keys (the undefined one kept, as valibot keeps it). */
  function expectKept(body: Body): void {
    const result = answer(body);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toStrictEqual(body);
  }
  const top = ['description', 'dueDate', 'invoiceDate', 'lineItems', 'status', 'taxAmount'];
  it.each(top)('top-level %s', (field) => {
    expectKept({ [field]: undefined });
  });

  it.each(['currency', 'valueDecimal'])('taxAmount.%s', (field) => {
    expectKept({ taxAmount: { ...usd('1'), [field]: undefined } });
  });

  it.each(['options', 'productID', 'images'])('an item\'s %s', (field) => {
    expectKept(bodyWithItem(itemWith({ [field]: undefined })));
  });

  it.each(['group', 'priceModifier', 'images'])('an option\'s %s', (field) => {
    expectKept(bodyWithItem(itemWith({ options: [{ ...validOption(), [field]: undefined }] })));
  });

  it.each(['altText', 'imageID', 'link', 'publicID'])('an image\'s %s', (field) => {
    expectKept(bodyWithItem(itemWith({ images: [{ altText: 'A', [field]: undefined }] })));
  });
});

describe('required parts of an item', () => {
  it.each(['currency', 'valueDecimal'])('basePrice.%s is required', (field) => {
    const basePrice: Body = usd('1');
    delete basePrice[field];
    expect(errors(bodyWithItem(itemWith({ basePrice })))).toEqual({ lineItems: { items: { Tea: { basePrice: { [field]: 'is required' } } } } });
  });

  it.each(['currency', 'valueDecimal'])('an option\'s priceModifier.%s is required', (field) => {
    const priceModifier: Body = usd('1');
    delete priceModifier[field];
    const item = itemWith({ options: [{ ...validOption('Oat'), priceModifier }] });
    expect(errors(bodyWithItem(item))).toEqual({ lineItems: { items: { Tea: { options: { Oat: { priceModifier: { [field]: 'is required' } } } } } } });
  });

  it('an option without a name is keyed by position and its name is required; a bad name is reported at name', () => {
    const unnamed = itemWith({ options: [{ quantity: 1 }] });
    expect(errors(bodyWithItem(unnamed))).toEqual({ lineItems: { items: { Tea: { options: { '[0]': { name: 'is required' } } } } } });
    const badName = itemWith({ options: [{ name: 5, quantity: 1 }] });
    expect(errors(bodyWithItem(badName))).toEqual({ lineItems: { items: { Tea: { options: { '[0]': { name: 'must be a string' } } } } } });
  });

  it('an option or an image that is not an object fails as a whole, at its key', () => {
    expect(errors(bodyWithItem(itemWith({ options: ['Oat'] })))).toEqual({ lineItems: { items: { Tea: { options: { '[0]': 'must be a JSON object' } } } } });
    expect(errors(bodyWithItem(itemWith({ images: [{}, 'x'] })))).toEqual({ lineItems: { items: { Tea: { images: { '[1]': 'must be a JSON object' } } } } });
  });

  it('an image publicID that is not a string is reported at its position', () => {
    const item = itemWith({ images: [{ publicID: 5 }] });
    expect(errors(bodyWithItem(item))).toEqual({ lineItems: { items: { Tea: { images: { '[0]': { publicID: 'must be a string' } } } } } });
  });

  it('an image is keyed by its position even when it carries a name', () => {
    const item = itemWith({ images: [{ name: 'Front', link: 5 }] });
    const body = errors(bodyWithItem(item));
    const images = ((body['lineItems'] as Body)['items'] as Body)['Tea'] as Body;
    expect(Object.keys(images['images'] as Body)).toEqual(['[0]']);
  });
});

describe('keys of long names', () => {
  it('an item named with 150 code points keys its errors by that name, unknown fields included', () => {
    const name = 'é'.repeat(150);
    const item = { ...itemWith({ name, quantity: 'x' }), extra: 1 };
    const body = errors(bodyWithItem(item));
    const items = (body['lineItems'] as Body)['items'] as Body;
    expect(Object.keys(items)).toEqual([name]);
    expect(Object.keys(items[name] as Body)).toEqual(['quantity', 'extra']);
  });
});

describe('bounded work: once the error body is truncated, nothing more is read', () => {
  /** `plain`'s fields, then `watchedFields` as getters that count their reads. */
  function watched(reads: { count: number }, plain: Body, watchedFields: Body): Body {
    const out: Body = { ...plain };
    for (const [key, v] of Object.entries(watchedFields)) {
      Object.defineProperty(out, key, {
        enumerable: true,
        get() {
          reads.count += 1;
          return v;
        },
      });
    }
    return out;
  }
  /**
   * A case per field of `failing`: `valid` with that field given the bad value, the fields of
   * `watchable` after it watched, placed in a body by `place`.
   */
  function afterField(owner: string, failing: [string, unknown][], watchable: string[], valid: Body, place: (object: Body) => Body): [string, (reads: { count: number }) => Body][] {
    return failing.map(([field, value]) => [
      `${owner} fields after a failing ${field}`,
      (reads) => {
        const later = watchable.slice(watchable.indexOf(field) + 1);
        const plain = Object.fromEntries(Object.entries({ ...valid, [field]: value }).filter(([key]) => !later.includes(key)));
        return place(watched(reads, plain, Object.fromEntries(later.map((key) => [key, valid[key]]))));
      },
    ]);
  }
  const bad = (name: string): Body => itemWith({ quantity: 'x', name });
  // An error's key reads the names of the elements up to it, never of a later one: a later
  // element is watched whole.

  it.each<[string, (reads: { count: number }) => Body]>([
    ['later items', (reads) => ({ lineItems: { items: [bad('A'), bad('B'), watched(reads, {}, validItem('C'))] } })],
    ['later options', (reads) => bodyWithItem(itemWith({ options: [{ name: 'A', quantity: 'x' }, { name: 'B', quantity: 'y' }, watched(reads, {}, validOption('C'))] }))],
    ['later images after images with errors', (reads) => bodyWithItem(itemWith({ images: [{ link: 5 }, { link: 6 }, watched(reads, {}, { altText: 'C' })] }))],
    ['later images after images that are not objects', (reads) => bodyWithItem(itemWith({ images: ['x', 'y', watched(reads, {}, { altText: 'C' })] }))],
    ['an item\'s options and images', (reads) => bodyWithItem(watched(reads, { name: 5, basePrice: usd('1'), quantity: 'x' }, { options: [validOption()], images: [{}] }))],
    ['an option\'s priceModifier and images', (reads) => bodyWithItem(itemWith({ options: [watched(reads, { name: 5, quantity: 'x' }, { priceModifier: usd('1'), images: [{}] })] }))],
    ['the rest of the body', (reads) => watched(reads, { lineItems: { items: [bad('A'), bad('B')] } }, { status: 'nope', taxAmount: { currency: 'usd' } })],
    ['later images of an option', (reads) => bodyWithItem(itemWith({ options: [{ ...validOption(), images: [{ link: 5 }, { link: 6 }, watched(reads, {}, { altText: 'C' })] }] }))],
    // One error first (description), then the field named fails: the fields after it are not read.
    ...afterField('an item\'s', [['name', 5], ['basePrice', 'x'], ['quantity', 'x'], ['options', 'x'], ['productID', 5]], ['basePrice', 'quantity', 'options', 'productID', 'images'], validItem('Tea'), (item) => ({ description: 5, lineItems: { items: [item] } })),
    ...afterField('an option\'s', [['group', 5], ['priceModifier', 'x']], ['priceModifier', 'images'], { ...validOption('Oat'), images: [{}] }, (option) => ({ description: 5, lineItems: { items: [itemWith({ options: [option] })] } })),
    ...afterField('the body\'s', [['invoiceDate', 'x'], ['lineItems', 'x'], ['status', 'nope']], ['lineItems', 'status', 'taxAmount'], { ...validInvoiceUpdate(), description: 5 }, (body) => body),
  ])('%s', (_, build) => {
    const reads = { count: 0 };
    const result = validateInvoiceUpdate(build(reads), { limits: { ...REQUEST_LIMITS, fieldErrors: 1 } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.body)).toContain(TRUNCATED_KEY);
    expect(reads.count).toBe(0);
  });
});

describe('every error of a list is reported while there is room', () => {
  it('an image that is not an object, then one with a bad field', () => {
    const item = itemWith({ images: ['x', { link: 5 }] });
    expect(errors(bodyWithItem(item))).toEqual({ lineItems: { items: { Tea: { images: { '[0]': 'must be a JSON object', '[1]': { link: expect.any(String) } } } } } });
  });

  it('too many options names them', () => {
    const item = itemWith({ options: Array.from({ length: REQUEST_LIMITS.optionsPerItem + 1 }, (_, i) => validOption(`O${i}`)) });
    expect(errors(bodyWithItem(item))).toEqual({ lineItems: { items: { Tea: { options: `must have at most ${REQUEST_LIMITS.optionsPerItem} options` } } } });
  });
});

describe('mirrorIssues', () => {
  it('an issue without a path names no field and adds nothing', () => {
    const issue = { kind: 'schema', type: 'object', input: 1, expected: 'Object', received: '1', message: 'must be a JSON object' } as const;
    expect(mirrorIssues([issue as never], 20)).toEqual({});
    expect(Object.keys(mirrorIssues([{ ...issue, path: [] } as never], 20))).toEqual([]);
  });
});

describe('ErrorBodyBuilder counts only the errors it adds', () => {
  it('an error under a failed field or on a failed field again is not counted', () => {
    const builder = new ErrorBodyBuilder(2);
    builder.add(['a'], '1');
    builder.add(['a', 'b'], 'under a string');
    builder.add(['a'], 'again');
    builder.add(['c'], '2');
    expect(builder.isTruncated).toBe(false);
    expect(builder.finish()).toEqual({ a: '1', c: '2' });
  });

  it('once full, only an error that would be new sets the note', () => {
    const builder = new ErrorBodyBuilder(1);
    builder.add(['a', 'b'], '1');
    builder.add(['a'], 'on a field that has errors below it');
    expect(builder.isTruncated).toBe(false);
    builder.add(['a', 'b'], 'the same field again');
    expect(builder.isTruncated).toBe(false);
    builder.add(['a', 'b', 'c'], 'under a failed field');
    expect(builder.isTruncated).toBe(false);
    builder.add(['a', 'd'], 'new');
    expect(builder.isTruncated).toBe(true);
    expect(builder.finish()).toEqual({ a: { b: '1' }, [TRUNCATED_KEY]: truncatedMessage(1) });
  });
});
