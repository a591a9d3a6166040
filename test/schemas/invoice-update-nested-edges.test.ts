// Two corners of the update-invoice validator that the other tests leave out: the images of an
// option (each of their fields, an image that is not an object, a list that is not an array,
// an unknown field), and optional fields given as `undefined`, which come back as the schema
// gives them (the key kept, its value undefined). Every answer is also held to
// InvoiceUpdateSchema's, key for key (`toStrictEqual` tells a key holding undefined from none).
import { describe, expect, it } from 'vitest';
import { validateInvoiceUpdate } from '../../src/schemas/index.js';
import { UNKNOWN_FIELD_MESSAGE } from '../../src/schemas/error-limit.js';
import { validateInvoiceUpdateWithSchema } from './schema-validators.js';
import { validItem, validOption } from './fixtures.js';

/** The validator's answer, after checking that the schema path gives the same one. */
function answer(body: unknown) {
  const fast = validateInvoiceUpdate(structuredClone(body));
  expect(fast).toStrictEqual(validateInvoiceUpdateWithSchema(structuredClone(body)));
  return fast;
}

/** A one-item body whose first option has `images`. */
const withOptionImages = (images: unknown) => ({
  lineItems: { items: [{ ...validItem('Tea'), options: [{ ...validOption('Oat'), images }] }] },
});

/** The errors of the first option of the item `Tea`, from a 422. */
function optionErrors(body: unknown): unknown {
  const result = answer(body);
  if (result.ok || result.status !== 422) throw new Error(`expected a 422, got ${JSON.stringify(result)}`);
  return (result.body as { lineItems: { items: { Tea: { options: { Oat: unknown } } } } }).lineItems.items.Tea.options.Oat;
}

describe('the images of an option', () => {
  it('checks altText, imageID, link and publicID of each image, keyed by position', () => {
    const images = [{}, { altText: 'x'.repeat(126), imageID: 'img-1', link: 'not a url', publicID: '\uD800' }];
    expect(optionErrors(withOptionImages(images))).toEqual({
      images: {
        '[1]': {
          altText: 'must be at most 125 characters',
          imageID: expect.stringMatching(/^must be a Resource ID/),
          link: 'must be an absolute URL',
          publicID: 'must not contain a lone surrogate',
        },
      },
    });
  });

  it('refuses an image that is not an object, and a list that is not an array', () => {
    expect(optionErrors(withOptionImages(['https://img.example/a.png']))).toEqual({ images: { '[0]': 'must be a JSON object' } });
    expect(optionErrors(withOptionImages({ link: 'https://img.example/a.png' }))).toEqual({ images: 'must be an array' });
  });

  it('names an unknown field of an image', () => {
    expect(optionErrors(withOptionImages([{ link: 'https://img.example/a.png', caption: 'Oat' }]))).toEqual({
      images: { '[0]': { caption: UNKNOWN_FIELD_MESSAGE } },
    });
  });

  it('passes valid images through unchanged', () => {
    const images = [{ altText: 'Oat', link: 'https://img.example/oat.png', publicID: 'oat' }];
    const result = answer(withOptionImages(images));
    expect(result.ok && result.value.lineItems?.items[0]?.options?.[0]?.images).toStrictEqual(images);
  });
});

describe('optional fields given as undefined', () => {
  it('keeps the key with its undefined value, at the top and in an image, as the schema does', () => {
    const body = {
      dueDate: undefined,
      invoiceDate: undefined,
      lineItems: { items: [{ ...validItem('Tea'), images: [{ altText: undefined, link: 'https://img.example/t.png' }] }] },
    };
    const result = answer(body);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.keys(result.value)).toEqual(expect.arrayContaining(['dueDate', 'invoiceDate']));
    expect(Object.keys(result.value.lineItems?.items[0]?.images?.[0] ?? {})).toContain('altText');
  });
});
