import Decimal from 'decimal.js';

/** decimal.js at precision 60: exact for every value these tests build (independent oracle). */
export const D = Decimal.clone({ precision: 60, toExpNeg: -100, toExpPos: 100 });
