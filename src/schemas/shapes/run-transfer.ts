// The transfer shapes of schedules (spec 2.5 RunTransfer, TransferEndpoint);
// test/types/schema-types.ts holds each equal to what its valibot schema outputs.
import type { AmountBody } from './amount.js';
import type { ScheduleLineItems } from './schedule-line-items.js';

/** `achDetails` of a transfer endpoint (spec 2.5), as `AchDetailsSchema` outputs it. */
export interface AchDetails {
  /** 4 to 10 characters. */
  companyEntryDescription?: string | undefined;
  /** 4 to 16 characters. */
  originatingCompanyName?: string | undefined;
}

/** `cardDetails` of a transfer endpoint (spec 2.5), as `CardDetailsSchema` outputs it. */
export interface CardDetails {
  /** 4 to 22 characters. */
  dynamicDescriptor?: string | undefined;
}

/** The source or destination of a run transfer (spec 2.5 TransferEndpoint), as `TransferEndpointSchema` outputs it. */
export interface TransferEndpoint {
  paymentMethodID: string;
  achDetails?: AchDetails | undefined;
  cardDetails?: CardDetails | undefined;
}

/**
 * The transfer a schedule runs (spec 2.5 RunTransfer), as `RunTransferSchema` outputs it.
 * `validateRunTransfer` (payments-kit/schedule) also checks that line items plus sales tax
 * equal `amount`.
 */
export interface RunTransfer {
  amount: AmountBody;
  /** Placed on the transfer. */
  description: string;
  destination: TransferEndpoint;
  source: TransferEndpoint;
  partnerAccountID: string;
  lineItems?: ScheduleLineItems | undefined;
  /** Included in `amount`. */
  salesTaxAmount?: AmountBody | undefined;
}
