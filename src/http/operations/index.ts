import type { SpecifiedOperationId } from '../catalog.js';
import type { SpecifiedOperation } from './context.js';
import { createWalletSession } from './create-wallet-session.js';
import { getAdjustment } from './get-adjustment.js';
import { getSchedule } from './get-schedule.js';
import { updateInvoice } from './update-invoice.js';
import { uploadEvidenceText } from './upload-evidence-text.js';

/** The five specified operations by id (spec 4.1-4.5). */
export const SPECIFIED_OPERATIONS: Readonly<Record<SpecifiedOperationId, SpecifiedOperation>> = Object.freeze({
  getSchedule,
  updateInvoice,
  uploadEvidenceText,
  createWalletSession,
  getAdjustment,
});
