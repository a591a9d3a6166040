import { isJsonObject } from '../../../schemas/index.js';

/** A path into a JSON value: object keys and array indexes. */
export type JsonPath = readonly (string | number)[];

/** One line of pretty-printed JSON and the path of the value it shows, opens or (`closes`) closes. */
export type JsonLine = { readonly text: string; readonly path: JsonPath; readonly closes: boolean };

const INDENT = '  ';

/**
 * `value` printed as `JSON.stringify(value, null, 2)` prints it, one entry per line, each
 * line with the path of the value it belongs to: the page marks the lines of failing fields.
 * For JSON values (what `readJsonBody` returns); the joined texts equal `JSON.stringify`'s.
 *
 * @example
 * jsonLines({ a: [1] })
 * // [{ text: '{', path: [], closes: false }, { text: '  "a": [', path: ['a'], closes: false },
 * //  { text: '    1', path: ['a', 0], closes: false }, { text: '  ]', path: ['a'], closes: true }, { text: '}', path: [], closes: true }]
 */
export function jsonLines(value: unknown): JsonLine[] {
  const lines: JsonLine[] = [];
  const visit = (node: unknown, path: JsonPath, prefix: string, suffix: string, depth: number): void => {
    const indent = INDENT.repeat(depth);
    const entries: [string | number, unknown][] | undefined = Array.isArray(node)
      ? node.map((item, i) => [i, item])
      : isJsonObject(node)
        ? Object.entries(node)
        : undefined;
    if (entries === undefined || entries.length === 0) {
      const text = entries === undefined ? JSON.stringify(node) : Array.isArray(node) ? '[]' : '{}';
      lines.push({ text: `${indent}${prefix}${text}${suffix}`, path, closes: false });
      return;
    }
    const [open, close] = Array.isArray(node) ? ['[', ']'] : ['{', '}'];
    lines.push({ text: `${indent}${prefix}${open}`, path, closes: false });
    entries.forEach(([key, item], i) => {
      const keyText = typeof key === 'number' ? '' : `${JSON.stringify(key)}: `;
      visit(item, [...path, key], keyText, i === entries.length - 1 ? '' : ',', depth + 1);
    });
    lines.push({ text: `${indent}${close}${suffix}`, path, closes: true });
  };
  visit(value, [], '', '', 0);
  return lines;
}

/**
 * True when both paths name the same value.
 *
 * @example
 * samePath(['items', 0], ['items', 0]) // true
 */
export function samePath(a: JsonPath, b: JsonPath): boolean {
  return a.length === b.length && a.every((part, i) => part === b[i]);
}
