// The invoice shapes are those of payments-kit/schemas; this module re-exports them so that
// its own files name one place.
export type {
  Invoice,
  InvoiceStatus,
  InvoiceUpdate,
  InvoiceUpdateErrorBody,
  LineItem,
  LineItemOption,
  LineItems,
} from '../schemas/index.js';
