// The invoice shapes are those of payments-kit/schemas; this module re-exports them so that
// its own files name one place, and index.ts exports every one of them.
export type {
  AmountDecimalErrors,
  AmountDecimalUpdate,
  ExternalPayment,
  ImageErrors,
  ImagesErrors,
  Invoice,
  InvoiceImage,
  InvoicePayment,
  InvoiceStatus,
  InvoiceUpdate,
  InvoiceUpdateErrorBody,
  LineItem,
  LineItemErrors,
  LineItemOption,
  LineItemOptionErrors,
  LineItems,
  LineItemsErrors,
} from '../schemas/index.js';
