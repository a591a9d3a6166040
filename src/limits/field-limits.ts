/**
 * A length rule from the spec's limit table: `max` is inclusive, and `min`, when present,
 * is the inclusive lower bound. Text limits count Unicode code points (see `textLength`).
 */
export type FieldLimit = { readonly min?: number; readonly max: number };

/**
 * The field limits of spec section 8, as data. Every schema takes its limits from here.
 *
 * Text entries count Unicode code points; `resourceId` is the longest Resource ID;
 * `decimalPlaces` is the most digits after the point in a decimal amount string.
 *
 * @example
 * FIELD_LIMITS.displayName   // { max: 64 }
 * FIELD_LIMITS.lineItemName  // { min: 1, max: 150 }
 */
export const FIELD_LIMITS = Object.freeze({
  /** Dispute evidence `text` (spec 2.7, 4.3). */
  evidenceText: Object.freeze({ max: 750 }),
  /** Wallet-payment session `displayName` (spec 4.4). */
  displayName: Object.freeze({ max: 64 }),
  /** Line item `name` (spec 2.4). */
  lineItemName: Object.freeze({ min: 1, max: 150 }),
  /** Line item option `name` (spec 2.4). */
  optionName: Object.freeze({ min: 1, max: 150 }),
  /** Line item option `group` (spec 2.4). */
  optionGroup: Object.freeze({ max: 100 }),
  /** Image `altText` (spec 2.3). */
  imageAltText: Object.freeze({ max: 125 }),
  /** `achDetails.companyEntryDescription` of a run transfer (spec 2.5). */
  companyEntryDescription: Object.freeze({ min: 4, max: 10 }),
  /** `achDetails.originatingCompanyName` of a run transfer (spec 2.5). */
  originatingCompanyName: Object.freeze({ min: 4, max: 16 }),
  /** `cardDetails.dynamicDescriptor` of a run transfer (spec 2.5). */
  dynamicDescriptor: Object.freeze({ min: 4, max: 22 }),
  /** Any Resource ID field (spec 2, conventions). */
  resourceId: Object.freeze({ max: 36 }),
  /** Digits after the decimal point of a decimal amount string (spec 2.2). */
  decimalPlaces: Object.freeze({ max: 9 }),
} as const) satisfies Readonly<Record<string, FieldLimit>>;

/** The name of one entry of {@link FIELD_LIMITS}, e.g. `'displayName'`. */
export type FieldLimitName = keyof typeof FIELD_LIMITS;
