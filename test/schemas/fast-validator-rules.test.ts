// The fast update-invoice validator and the error-body builder it shares with the valibot
// path (issue 26: their mutants must die in the schemas module's own tests). Three kinds of
// checks: every single-rule mutation of a valid body gives the same answer, key order
// included, through the fast validator and through InvoiceUpdateSchema + mirrorIssues, and
// fails exactly where the mutation says; two rules at once under small fieldErrors limits
// agree too; and ErrorBodyBuilder and elementKeys, which both paths share (so a differential
// cannot see their faults), against their documented rules directly.
import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS, REQUEST_LIMITS, type RequestLimits } from '../../src/limits/index.js';
import { ElementKeys, ErrorBodyBuilder, elementKeys } from '../../src/schemas/error-body.js';
import { TRUNCATED_KEY, truncatedMessage } from '../../src/schemas/error-limit.js';
import { validateInvoiceUpdate } from '../../src/schemas/index.js';
import { validateInvoiceUpdateWithSchema } from './schema-validators.js';
import { validInvoiceUpdate, validItem } from './fixtures.js';
import { type Body, INVOICE_MUTATIONS } from './invoice-mutations.js';

const clone = <T>(value: T): T => structuredClone(value);
/** A valid body whose items also carry option images (the mutations edit every part). */
function validBody(): Body {
  const body = validInvoiceUpdate() as Body;
  for (const item of body['lineItems'].items as Body[]) {
    for (const option of item['options'] as Body[]) option['images'] = [{ altText: 'Oat', link: 'https://img.example/o.png' }];
  }
  return body;
}
/** The same answer from both paths, as JSON so that key order counts. */
function expectSameAnswer(body: unknown, limits: RequestLimits = REQUEST_LIMITS) {
  const fast = validateInvoiceUpdate(clone(body), { limits });
  const reference = validateInvoiceUpdateWithSchema(clone(body), { limits });
  expect(JSON.stringify(fast)).toBe(JSON.stringify(reference));
  return fast;
}
/** The leaf at `path` of a 422 body, or undefined. */
function at(node: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((n, key) => (typeof n === 'object' && n !== null && Object.hasOwn(n, key) ? (n as Record<string, unknown>)[key] : undefined), node);
}

describe('each single-rule mutation: both paths agree and fail where the rule is', () => {
  it('a valid body passes both paths with the same value', () => {
    expect(expectSameAnswer(validBody()).ok).toBe(true);
  });

  for (const mutation of INVOICE_MUTATIONS) {
    it(mutation.name, () => {
      for (const pick of [0, 1, 8]) {
        const body = validBody();
        let path: string[];
        try {
          path = mutation.apply(body, pick);
        } catch {
          continue; // the fixture has no such part at this pick
        }
        const answer = expectSameAnswer(body);
        expect(answer.ok, `${mutation.name} at ${pick}`).toBe(false);
        if (answer.ok || answer.status !== 422) continue;
        expect(typeof at(answer.body, path), `${mutation.name}: ${path.join('.')}`).toBe('string');
      }
    });
  }

  it('two mutations at once under small fieldErrors limits: the same bodies, truncation note included', () => {
    for (let first = 0; first < INVOICE_MUTATIONS.length; first += 3) {
      for (const fieldErrors of [1, 2, 3]) {
        const body = validBody();
        try {
          INVOICE_MUTATIONS[first]?.apply(body, first);
          INVOICE_MUTATIONS[(first * 7 + 5) % INVOICE_MUTATIONS.length]?.apply(body, first + 1);
        } catch {
          continue;
        }
        expectSameAnswer(body, { ...REQUEST_LIMITS, fieldErrors });
      }
    }
  });
});

describe('ErrorBodyBuilder', () => {
  it('adds one error per field and never under a field that failed as a whole', () => {
    const builder = new ErrorBodyBuilder(20);
    builder.add(['lineItems', 'items', 'Tea', 'quantity'], 'q');
    builder.add(['lineItems', 'items', 'Tea', 'quantity'], 'second');
    builder.add(['taxAmount'], 'whole');
    builder.add(['taxAmount', 'currency'], 'under a string');
    expect(builder.finish()).toEqual({ lineItems: { items: { Tea: { quantity: 'q' } } }, taxAmount: 'whole' });
  });

  it('holds at most maxErrors errors, then the note, last and once', () => {
    const builder = new ErrorBodyBuilder(2);
    builder.add(['a'], '1');
    builder.add(['b'], '2');
    expect(builder.isTruncated).toBe(false);
    expect(builder.full).toBe(true);
    builder.add(['a'], 'again: not a new error');
    expect(builder.isTruncated).toBe(false);
    builder.add(['a', 'deeper'], 'under a failed field: not a new error');
    expect(builder.isTruncated).toBe(false);
    builder.add(['c'], '3');
    expect(builder.isTruncated).toBe(true);
    const body = builder.finish();
    expect(body).toEqual({ a: '1', b: '2', [TRUNCATED_KEY]: truncatedMessage(2) });
    expect(Object.keys(body).at(-1)).toBe(TRUNCATED_KEY);
    expect(builder.finish()).toBe(body);
    expect(Object.keys(body)).toHaveLength(3);
  });

  it('a body one error short of full takes exactly one more', () => {
    const builder = new ErrorBodyBuilder(3, { a: '1', b: { c: '2' } });
    expect(builder.full).toBe(false);
    builder.add(['d'], '3');
    expect(builder.full).toBe(true);
    builder.add(['e'], '4');
    expect(builder.finish()).toEqual({ a: '1', b: { c: '2' }, d: '3', [TRUNCATED_KEY]: truncatedMessage(3) });
  });

  it('continuing a body counts its errors at every depth, and keeps a note it already has', () => {
    const nested = { a: '1', b: { c: '2', d: { e: '3' } } };
    const full = new ErrorBodyBuilder(3, clone(nested));
    expect(full.full).toBe(true);
    expect(full.isTruncated).toBe(false);
    full.add(['f'], '4');
    expect(full.finish()).toEqual({ ...nested, [TRUNCATED_KEY]: truncatedMessage(3) });

    const noted = new ErrorBodyBuilder(2, { a: '1', b: '2', [TRUNCATED_KEY]: truncatedMessage(2) });
    expect(noted.isTruncated).toBe(true);
    expect(noted.full).toBe(true); // the note is not an error
    noted.add(['c'], '3');
    expect(noted.finish()).toEqual({ a: '1', b: '2', [TRUNCATED_KEY]: truncatedMessage(2) });

    const room = new ErrorBodyBuilder(3, { a: '1', [TRUNCATED_KEY]: truncatedMessage(3) });
    expect(room.full).toBe(false);
  });

  it('looks for a failed field only on its own path: the same key higher up or in a sibling does not block it', () => {
    const builder = new ErrorBodyBuilder(3, { b: '1', c: { d: { e: '2' } } });
    builder.add(['a', 'b'], '3'); // new: `b` failed at the top, not under `a`
    builder.add(['c', 'd', 'e', 'g'], 'under a failed field');
    expect(builder.isTruncated).toBe(false);
    builder.add(['c', 'd', 'f'], '4'); // new, beside the failed `e`: one too many
    expect(JSON.stringify(builder.finish())).toBe(JSON.stringify({ b: '1', c: { d: { e: '2' } }, a: { b: '3' }, [TRUNCATED_KEY]: truncatedMessage(3) }));
  });

  it('keeps __proto__ a plain own key at every depth', () => {
    const builder = new ErrorBodyBuilder(5);
    builder.add(['__proto__', 'x'], 'deep');
    builder.add(['items', '__proto__'], 'leaf');
    const body = builder.finish();
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.getOwnPropertyNames(body)).toEqual(['__proto__', 'items']);
    expect(JSON.parse(JSON.stringify(body))).toEqual(JSON.parse('{"__proto__":{"x":"deep"},"items":{"__proto__":"leaf"}}'));
  });
});

describe('ErrorBodyBuilder.forText: the { error } line', () => {
  it('writes each error as field: message, fields joined with dots and positions after their array, keyless errors as the message alone', () => {
    const text = ErrorBodyBuilder.forText(5);
    text.add(['lineItems', 'items', '[0]', 'name'], 'is required');
    text.add(['a', '[1]', '[2]'], 'x');
    text.add([], 'whole body');
    expect(text.finishText()).toBe('lineItems.items[0].name: is required; a[1][2]: x; whole body');
  });

  it('is empty with no error, and only the note when no error fits', () => {
    expect(ErrorBodyBuilder.forText(3).finishText()).toBe('');
    const none = ErrorBodyBuilder.forText(0);
    none.add(['a'], 'x');
    expect(none.finishText()).toBe(truncatedMessage(0));
  });
});

describe('error keys named like Object.prototype members are the request\'s own', () => {
  it('an unknown field named constructor or toString, at the top and inside an item', () => {
    const item = { ...validItem('Tea'), toString: 1, constructor: 2 };
    const answer = expectSameAnswer({ constructor: 1, lineItems: { items: [item] } });
    expect(answer).toEqual({
      ok: false,
      status: 422,
      body: { lineItems: { items: { Tea: { toString: expect.any(String), constructor: expect.any(String) } } }, constructor: expect.any(String) },
    });
  });
});

describe('elementKeys', () => {
  it('keys by a valid name under the limit given, else by position', () => {
    const elements = [{ name: 'ab' }, { name: 'abcd' }, { name: 'a' }];
    expect(elementKeys(elements, { min: 2, max: 3 })).toEqual(['ab', '[1]', '[2]']);
    expect(elementKeys(elements)).toEqual(['ab', 'abcd', 'a']);
    expect(elementKeys([{ name: 'x'.repeat(150) }, { name: 'y'.repeat(151) }])).toEqual(['x'.repeat(150), '[1]']);
  });

  it('counts a name in code points at the limit\'s bounds, and keys a name with a lone surrogate by position', () => {
    const bounds = { min: 2, max: 3 };
    expect(elementKeys([{ name: 'abc' }, { name: '😀😀' }, { name: '😀😀😀😀' }, { name: 'a\uD800' }], bounds)).toEqual(['abc', '😀😀', '[2]', '[3]']);
    // Past 150 UTF-16 units, within 150 code points: still the name.
    expect(elementKeys([{ name: '😀'.repeat(150) }, { name: '😀'.repeat(151) }, { name: '\uDC00' }])).toEqual(['😀'.repeat(150), '[1]', '[2]']);
  });

  it('reads only an own name of a JSON object', () => {
    const inherited = Object.create({ name: 'Tea' }) as object;
    expect(elementKeys([inherited, ['Tea'], 'Tea', null, { name: 5 }])).toEqual(['[0]', '[1]', '[2]', '[3]', '[4]']);
  });

  it('gives a taken key the smallest free suffix, counting on from the last one per name', () => {
    expect(elementKeys([{ name: 'Tea' }, { name: 'Tea' }, { name: 'Tea#3' }, { name: 'Tea' }, { name: 'Tea' }])).toEqual([
      'Tea',
      'Tea#2',
      'Tea#3',
      'Tea#4',
      'Tea#5',
    ]);
    expect(elementKeys([{ name: '[1]' }, {}])).toEqual(['[1]', '[1]#2']);
  });

  it('keys an element from the elements up to it alone: ElementKeys.keyOf(i) is elementKeys(...)[i], asked in any order', () => {
    const elements = [{ name: 'Tea' }, { name: 'Tea' }, {}, { name: 'Tea#2' }, { name: '[2]' }, ...Array.from({ length: 12 }, () => ({ name: 'Tea' }))];
    const all = elementKeys(elements);
    for (const order of [[16, 0, 3], [0, 1, 2, 3, 4], [4, 2, 9, 16]]) {
      const keys = new ElementKeys(elements, FIELD_LIMITS.lineItemName);
      for (const index of order) expect(keys.keyOf(index)).toBe(all[index]);
    }
    const keys = new ElementKeys(elements, FIELD_LIMITS.lineItemName);
    keys.keyOf(1);
    expect(keys.keys).toEqual(['Tea', 'Tea#2']);
  });

  it('gives a hole of a sparse array no key and takes none for it, as Array.prototype.map', () => {
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [, { name: '[0]' }, { name: 'Tea' }];
    const keys = elementKeys(sparse);
    expect(0 in keys).toBe(false);
    expect(keys.slice(1)).toEqual(['[0]', 'Tea']);
  });

  it('keys the items of a body as the validator reports them', () => {
    const items = [validItem('Tea'), { ...validItem('Tea'), quantity: 'x' }];
    const answer = validateInvoiceUpdate({ lineItems: { items } });
    expect(answer).toEqual({ ok: false, status: 422, body: { lineItems: { items: { 'Tea#2': { quantity: expect.any(String) } } } } });
  });
});
