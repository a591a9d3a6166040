/**
 * The schema components of the OpenAPI document, by name: what a declaration's `docs` may name
 * as a body. Declared here, below `openapi/`, so that declarations and the document generator
 * share it without a circle; `openapi/components.ts` defines exactly these components (its
 * definitions are checked against this list at compile time, both ways), plus the generated
 * 422 body of the invoice update.
 *
 * @example
 * const success: ComponentName = 'Schedule';
 */
export type ComponentName =
  | 'CurrencyCode'
  | 'Amount'
  | 'AmountDecimal'
  | 'AmountDecimalUpdate'
  | 'Image'
  | 'InvoiceImage'
  | 'LineItemOption'
  | 'LineItem'
  | 'LineItems'
  | 'ScheduleLineItemOption'
  | 'ScheduleLineItem'
  | 'ScheduleLineItems'
  | 'AchDetails'
  | 'CardDetails'
  | 'TransferEndpoint'
  | 'RunTransfer'
  | 'Recur'
  | 'OccurrenceError'
  | 'Occurrence'
  | 'Schedule'
  | 'ExternalPayment'
  | 'InvoicePayment'
  | 'Invoice'
  | 'InvoiceUpdate'
  | 'EvidenceTextRequest'
  | 'EvidenceText'
  | 'ApplePaySessionRequest'
  | 'Adjustment'
  | 'Error'
  | 'WalletSession'
  | 'InvoiceUpdateErrors';
