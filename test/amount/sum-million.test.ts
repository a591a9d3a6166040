// The real fold of sumDecimal's limbs into BigInt, after FLUSH_EVERY (1,000,000) items. Slow
// under instrumentation, so the mutation run (vitest.mutation.config.ts) leaves this file out:
// there, test/amount/sum-flush.test.ts reaches the fold through its internal parameter.
import { describe, expect, it } from 'vitest';
import { type AmountDecimal, sumDecimal } from '../../src/amount/index.js';
import { D } from './oracle.js';

const usd = (valueDecimal: string): AmountDecimal => ({ currency: 'USD', valueDecimal });

describe('sumDecimal through the limbs', () => {
  it('stays exact past the point where the limbs are folded into BigInt (1,000,001 items)', () => {
    const list = Array.from({ length: 1_000_001 }, (_, i) => usd(i % 2 === 0 ? '999999999.999999999' : '-123456789.5'));
    // 500,001 x 999999999.999999999 - 500,000 x 123456789.5, derived by the oracle.
    const exact = new D('999999999.999999999').times(500_001).minus(new D('123456789.5').times(500_000));
    expect(sumDecimal(list, 'USD').valueDecimal).toBe(exact.toFixed(9));
  });
});
