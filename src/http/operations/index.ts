import type { SpecifiedOperationId } from '../catalog.js';
import type { SpecifiedOperation } from './context.js';
import { createWalletSession } from './create-wallet-session.js';
import { getAdjustment } from './get-adjustment.js';
import { getSchedule } from './get-schedule.js';
import { updateInvoice } from './update-invoice.js';
import { uploadEvidenceText } from './upload-evidence-text.js';

// Typed by id, so that the compiler checks every specified operation has one.
const BY_ID: Readonly<Record<SpecifiedOperationId, SpecifiedOperation>> = {
  getSchedule,
  updateInvoice,
  uploadEvidenceText,
  createWalletSession,
  getAdjustment,
};

/** The five specified operations by catalog id (spec 4.1-4.5); a `Map`, so no id reaches an inherited key. */
export const SPECIFIED_OPERATIONS: ReadonlyMap<string, SpecifiedOperation> = new Map(Object.entries(BY_ID));
