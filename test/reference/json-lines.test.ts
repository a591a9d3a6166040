import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonLines, samePath } from '../../src/reference/pages/playground/json-lines.js';

describe('jsonLines', () => {
  it('prints exactly what JSON.stringify(value, null, 2) prints, for any JSON value (emoji, __proto__, -0, huge numbers)', () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    const special = fc.constantFrom<unknown>({ ['__proto__']: 1 }, JSON.parse('{"__proto__":{"a":1}}'), -0, 1e308, '😀\ud800', [], {}, [[]], { '': [{}] });
    fc.assert(
      fc.property(fc.oneof(json, special), (value) => {
        expect(jsonLines(value).map((l) => l.text).join('\n')).toBe(JSON.stringify(value, null, 2));
      }),
    );
  });

  it('gives each line the path of its value; a container opens and closes on its own path', () => {
    expect(jsonLines({ a: [1, { b: 'x' }] })).toEqual([
      { text: '{', path: [], closes: false },
      { text: '  "a": [', path: ['a'], closes: false },
      { text: '    1,', path: ['a', 0], closes: false },
      { text: '    {', path: ['a', 1], closes: false },
      { text: '      "b": "x"', path: ['a', 1, 'b'], closes: false },
      { text: '    }', path: ['a', 1], closes: true },
      { text: '  ]', path: ['a'], closes: true },
      { text: '}', path: [], closes: true },
    ]);
  });

  it('samePath compares key by key: an index is not its string', () => {
    expect([samePath(['a', 0], ['a', 0]), samePath(['a', 0], ['a', '0']), samePath([], []), samePath(['a'], ['a', 'b'])]).toEqual([true, false, true, false]);
  });
});
