/** Invoice statuses of spec 2.6 / 3.1, in the spec's order. */
export const INVOICE_STATUSES = ['draft', 'unpaid', 'payment-pending', 'paid', 'overdue', 'canceled'] as const;

/** One invoice status. */
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Operating modes of an account (spec 2.5 `mode`). */
export const MODES = ['sandbox', 'production'] as const;

/** One operating mode. */
export type Mode = (typeof MODES)[number];

/** Statuses of a schedule occurrence (spec 2.5, 3.2). */
export const OCCURRENCE_STATUSES = ['pending', 'failed', 'completed'] as const;

/** One occurrence status. */
export type OccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number];

/** Dispute evidence types (spec 2.7). */
export const EVIDENCE_TYPES = [
  'receipt',
  'proof-of-delivery',
  'cancelation-policy',
  'terms-of-service',
  'customer-communication',
  'generic-evidence',
  'cover-letter',
  'other',
] as const;

/** One dispute evidence type. */
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];
