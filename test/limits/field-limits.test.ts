import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS } from '../../src/limits/index.js';

// Hand-copied from spec section 8 (and 2.3, 2.4, 2.5, 2.7, 4.4 where the same rules appear).
const SPEC_SECTION_8 = {
  evidenceText: { max: 750 },
  displayName: { max: 64 },
  lineItemName: { min: 1, max: 150 },
  optionName: { min: 1, max: 150 },
  optionGroup: { max: 100 },
  imageAltText: { max: 125 },
  companyEntryDescription: { min: 4, max: 10 },
  originatingCompanyName: { min: 4, max: 16 },
  dynamicDescriptor: { min: 4, max: 22 },
  resourceId: { max: 36 },
  decimalPlaces: { max: 9 },
};

describe('FIELD_LIMITS', () => {
  it('holds exactly the rows of spec section 8, no more and no fewer', () => {
    expect(FIELD_LIMITS).toStrictEqual(SPEC_SECTION_8);
  });

  it('has no lower bound where the spec gives none ("at most N")', () => {
    for (const name of ['evidenceText', 'displayName', 'optionGroup', 'imageAltText', 'resourceId'] as const) {
      expect(Object.hasOwn(FIELD_LIMITS[name], 'min')).toBe(false);
    }
  });

  it('cannot be changed at run time, at either level', () => {
    expect(Object.isFrozen(FIELD_LIMITS)).toBe(true);
    for (const limit of Object.values(FIELD_LIMITS)) expect(Object.isFrozen(limit)).toBe(true);
    expect(() => {
      (FIELD_LIMITS.displayName as { max: number }).max = 1000;
    }).toThrow(TypeError);
    expect(FIELD_LIMITS.displayName.max).toBe(64);
  });

  it('every entry is a sane range: integers, min <= max', () => {
    for (const limit of Object.values(FIELD_LIMITS)) {
      expect(Number.isInteger(limit.max)).toBe(true);
      const min = 'min' in limit ? limit.min : 0;
      expect(Number.isInteger(min)).toBe(true);
      expect(min).toBeLessThanOrEqual(limit.max);
    }
  });
});
