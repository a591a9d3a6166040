import fc from 'fast-check';
import { anyText } from '../limits/code-points.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VERSION, REFERENCE_VERSION, VERSION_MESSAGE, isVersion, parseVersion } from '../../src/version/index.js';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('parseVersion', () => {
  it('the constants are the spec values', () => {
    expect(DEFAULT_VERSION).toBe('v2024.01.00');
    expect(REFERENCE_VERSION).toBe('v2026.04.00');
  });

  it('parses a dated version into its parts', () => {
    expect(parseVersion('v2026.04.00')).toStrictEqual({
      ok: true,
      value: { kind: 'dated', year: 2026, month: 4, build: 0, text: 'v2026.04.00' },
    });
    expect(parseVersion('v2024.10.99')).toStrictEqual({
      ok: true,
      value: { kind: 'dated', year: 2024, month: 10, build: 99, text: 'v2024.10.99' },
    });
  });

  it('parses dev', () => {
    expect(parseVersion('dev')).toStrictEqual({ ok: true, value: { kind: 'dev', text: 'dev' } });
  });

  it('accepts every year 0001-9999, quarter month and two-digit build', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.constantFrom(1, 4, 7, 10),
        fc.integer({ min: 0, max: 99 }),
        (year, month, build) => {
          const text = `v${pad(year, 4)}.${pad(month, 2)}.${pad(build, 2)}`;
          const result = parseVersion(text);
          return (
            result.ok &&
            result.value.kind === 'dated' &&
            result.value.year === year &&
            result.value.month === month &&
            result.value.build === build &&
            result.value.text === text
          );
        },
      ),
    );
  });

  it('refuses every month that does not start a quarter', () => {
    for (let month = 0; month <= 99; month += 1) {
      const expected = [1, 4, 7, 10].includes(month);
      expect(isVersion(`v2024.${pad(month, 2)}.00`)).toBe(expected);
    }
  });

  it.each([
    ['v2024.02.00', 'not a quarter month'],
    ['v2024.1.0', 'one-digit quarter and build'],
    ['v2024.01.0', 'one-digit build'],
    ['v2024.01.000', 'three-digit build'],
    ['2024.01.00', 'no v'],
    ['V2024.01.00', 'capital V'],
    ['v2024.01.00 ', 'trailing space'],
    [' v2024.01.00', 'leading space'],
    ['v2024.01.00\n', 'trailing newline'],
    ['v24.01.00', 'two-digit year'],
    ['v02024.01.00', 'five-digit year'],
    ['v0000.01.00', 'year zero'],
    ['v2024-01-00', 'hyphens'],
    ['v2024.01', 'no build'],
    ['v２０２４.01.00', 'full-width digits'],
    ['v٢٠٢٤.01.00', 'Arabic-Indic digits'],
    ['latest', 'not a version'],
    ['DEV', 'uppercase dev'],
    ['Dev', 'capitalized dev'],
    ['dev ', 'dev with a space'],
    ['', 'empty'],
  ])('refuses %j (%s) with a message saying the format; isVersion says no', (s) => {
    expect(parseVersion(s)).toStrictEqual({ ok: false, error: VERSION_MESSAGE });
    expect(isVersion(s)).toBe(false);
  });

  it('the message names the format and an example', () => {
    expect(VERSION_MESSAGE).toContain('vYYYY.QQ.BB');
    expect(VERSION_MESSAGE).toContain('01, 04, 07, 10');
    expect(VERSION_MESSAGE).toContain('dev');
  });

  it('refuses a non-string without throwing', () => {
    for (const value of [undefined, null, 2024, {}, ['dev'], ['v2024.01.00']]) {
      expect(parseVersion(value as unknown as string)).toStrictEqual({ ok: false, error: VERSION_MESSAGE });
      expect(isVersion(value as unknown as string)).toBe(false);
    }
  });

  it('never throws, and accepts only strings that match the documented grammar', () => {
    const grammar = /^(?:dev|v(?!0000)\d{4}\.(?:01|04|07|10)\.\d{2})$/;
    fc.assert(
      fc.property(
        fc.oneof(
          anyText({ maxLength: 14 }),
          fc.stringMatching(/^v\d{1,5}\.\d{1,3}\.\d{1,3}$/),
          fc.stringMatching(/^[vV]?\d{4}[.]\d{2}[.]\d{2}\s?$/),
        ),
        // isVersion is one pattern, parseVersion a parser: both say exactly what the grammar says.
        (s) => isVersion(s) === grammar.test(s) && parseVersion(s).ok === isVersion(s),
      ),
    );
  });

  it('returns frozen values', () => {
    const result = parseVersion('v2026.04.00');
    expect(result.ok && Object.isFrozen(result.value)).toBe(true);
    const dev = parseVersion('dev');
    expect(dev.ok && Object.isFrozen(dev.value)).toBe(true);
  });
});
