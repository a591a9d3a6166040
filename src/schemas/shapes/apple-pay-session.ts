// The create-a-wallet-payment-session request body (spec 4.4); test/types/schema-types.ts
// holds it equal to what `ApplePaySessionRequestSchema` outputs.

/** A valid create-session body (spec 4.4), as `ApplePaySessionRequestSchema` and `validateApplePaySessionRequest` output it. */
export interface ApplePaySessionRequest {
  /** A fully qualified host name, without a scheme or path. */
  domain: string;
  /** At most 64 characters. */
  displayName: string;
}
