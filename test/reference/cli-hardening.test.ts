// Issue 33, items 5 and 6 (CLI): `validate` looks operations up as own names only, and stored
// text printed by `outbox dead` cannot carry terminal escapes (the built bin runs that case in
// test/package/cli-outbox.test.ts; the escaping rule itself is checked here).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { CLI_MESSAGES } from '../../src/cli/messages.js';
import { printable } from '../../src/cli/printable.js';
import { VALIDATED_OPERATIONS, runValidate } from '../../src/cli/validate.js';

function recordingIo(input: string): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (line) => out.push(line), err: (line) => err.push(line), readInput: async () => new TextEncoder().encode(input) } };
}

describe('payments-kit validate: an operation name is looked up as an own name only', () => {
  it('constructor, __proto__, toString and other Object.prototype names are unknown operations: exit 2 with the list, no stack trace', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf']) {
      const { io, out, err } = recordingIo('{}');
      const code = await runValidate([name, '-'], io);
      expect([name, code, out]).toEqual([name, 2, []]);
      expect(err[0]).toBe(`payments-kit validate: ${CLI_MESSAGES.unknownOperation(name, Object.keys(VALIDATED_OPERATIONS))}`);
    }
  });

  it('a real operation is still found', async () => {
    const { io, out } = recordingIo('{"status":"paid"}');
    expect(await runValidate(['updateInvoice', '-'], io)).toBe(0);
    expect(out[0]).toMatch(/^valid/);
  });
});

describe('printable: stored text on a terminal', () => {
  const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

  it('escapes every control and bidi character as \\uXXXX, and keeps every other character in order', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom('\u001b', '\r', '\n', '\t', '\u0000', '\u007f', '\u009b', '\u202e', '\u2066', '\\', 'u'), fc.string({ unit: 'grapheme', maxLength: 1 })), maxLength: 40 }), (text) => {
        const shown = printable(text);
        expect(UNPRINTABLE.test(shown)).toBe(false);
        // Each control character becomes six printable ones (\uXXXX); every other character is kept, in order.
        const controls = [...text].filter((c) => UNPRINTABLE.test(c)).length;
        expect(shown.length).toBe(text.length + 5 * controls);
        if (controls === 0) expect(shown).toBe(text);
        expect(shown.replace(/\\u00[0-9a-f]{2}|\\u20[0-9a-f]{2}|\\u061c/g, '')).toBe(text.replace(new RegExp(UNPRINTABLE.source, 'g'), '').replace(/\\u00[0-9a-f]{2}|\\u20[0-9a-f]{2}|\\u061c/g, ''));
      }),
    );
    expect(printable('refused\r\n\u001b[2Jok')).toBe('refused\\u000d\\u000a\\u001b[2Jok');
    expect(printable('Error: endpoint answered 500 ☕')).toBe('Error: endpoint answered 500 ☕');
  });
});
