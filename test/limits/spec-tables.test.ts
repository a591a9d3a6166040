// The limit tables against the documents' own table text (issue 26: a changed table row
// fails a test): FIELD_LIMITS against spec section 8 (verbatim in fixtures/spec-section-8.md),
// REQUEST_LIMITS against the defaults table of docs/limits.md. Each row is also checked by
// what it does at its boundary.
import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS, type FieldLimit, REQUEST_LIMITS, checkTextLength, tooLongMessage, tooShortMessage } from '../../src/limits/index.js';
import { tableAfter, unquote } from './markdown-table.js';

// The spec's words for each field, and the FIELD_LIMITS entries they name (test data).
const SPEC_FIELD_NAMES: Readonly<Record<string, readonly string[]>> = {
  'evidence `text`': ['evidenceText'],
  'session `displayName`': ['displayName'],
  'line item `name` and option `name`': ['lineItemName', 'optionName'],
  'option `group`': ['optionGroup'],
  'image `altText`': ['imageAltText'],
  '`companyEntryDescription`': ['companyEntryDescription'],
  '`originatingCompanyName`': ['originatingCompanyName'],
  '`dynamicDescriptor`': ['dynamicDescriptor'],
  'Resource ID fields': ['resourceId'],
  'decimal amount strings': ['decimalPlaces'],
};

/** A limit of the spec's words: "at most N characters", "N to M characters", "up to N decimal places". */
function limitOf(text: string): FieldLimit {
  const atMost = /^(?:at most|up to) (\d+) (?:characters|decimal places)$/.exec(text);
  if (atMost) return { max: Number(atMost[1]) };
  const range = /^(\d+) to (\d+) characters$/.exec(text);
  if (range) return { min: Number(range[1]), max: Number(range[2]) };
  throw new Error(`unread limit ${JSON.stringify(text)}`);
}

const specLimits = (): Record<string, FieldLimit> => {
  const rows = tableAfter('test/limits/fixtures/spec-section-8.md', 'Field limits:');
  const limits: Record<string, FieldLimit> = {};
  for (const [field = '', limit = ''] of rows) {
    const names = SPEC_FIELD_NAMES[field];
    if (names === undefined) throw new Error(`spec row ${JSON.stringify(field)} has no FIELD_LIMITS name`);
    for (const name of names) limits[name] = limitOf(limit);
  }
  return limits;
};

describe('FIELD_LIMITS is the field-limit table of spec section 8', () => {
  it('row for row, read from the spec text', () => {
    expect(FIELD_LIMITS).toStrictEqual(specLimits());
  });

  it('each text row holds at its boundaries: max passes, max + 1 fails, min - 1 fails, min passes', () => {
    for (const [name, limit] of Object.entries(specLimits())) {
      if (name === 'decimalPlaces') continue;
      const entry = FIELD_LIMITS[name as keyof typeof FIELD_LIMITS];
      // Emoji count one character each (code points), so a limit is never met in UTF-16 units.
      expect(checkTextLength('😀'.repeat(limit.max), entry), name).toBeUndefined();
      expect(checkTextLength('😀'.repeat(limit.max + 1), entry), name).toBe(tooLongMessage(limit.max));
      if (limit.min === undefined) {
        expect(checkTextLength('', entry), name).toBeUndefined();
        continue;
      }
      expect(checkTextLength('x'.repeat(limit.min), entry), name).toBeUndefined();
      expect(checkTextLength('x'.repeat(limit.min - 1), entry), name).toBe(tooShortMessage(limit.min));
    }
  });
});

describe('REQUEST_LIMITS is the defaults table of docs/limits.md', () => {
  it('row for row, read from the document', () => {
    const rows = tableAfter('docs/limits.md', '## Count limits of request bodies: `REQUEST_LIMITS`');
    const documented = Object.fromEntries(rows.map(([key = '', , value = '']) => [unquote(key), Number(value)]));
    expect(REQUEST_LIMITS).toStrictEqual(documented);
    expect(Object.isFrozen(REQUEST_LIMITS)).toBe(true);
  });
});
