// The amount shapes of the schemas (spec 2.1, 2.2), written out so hovers and errors name
// them. test/types/schema-types.ts holds each equal to what its valibot schema outputs.

/** An amount in integer minor units (spec 2.1), as `AmountSchema` outputs it: `{ currency: 'USD', value: 1234 }`. */
export interface AmountBody {
  /** A 3-letter ISO 4217 code of our table. */
  currency: string;
  /** Minor units of `currency` (cents for USD): a safe integer. */
  value: number;
}

/** An AmountDecimal (spec 2.2), as `AmountDecimalSchema` outputs it: `{ currency: 'USD', valueDecimal: '12.345' }`. */
export interface AmountDecimalBody {
  /** A 3-letter ISO 4217 code of our table. */
  currency: string;
  /** A decimal string of at most 9 decimal places, such as `'-1.50'`. */
  valueDecimal: string;
}

/** The `taxAmount` of an update-invoice body (spec 2.2, 4.2): an AmountDecimal with both fields optional. */
export interface AmountDecimalUpdate {
  currency?: string | undefined;
  valueDecimal?: string | undefined;
}
