import { createWalletSession } from './create-wallet-session.js';
import type { OperationDeclaration } from './declaration.js';
import { getAdjustment } from './get-adjustment.js';
import { getSchedule } from './get-schedule.js';
import { updateInvoice } from './update-invoice.js';
import { uploadEvidenceText } from './upload-evidence-text.js';

/**
 * The five specified operations (spec 4.1-4.5), each declared in its own file. Adding an
 * operation: a new file exporting a `declareOperation(...)`, and its name in this list.
 */
export const SPECIFIED_OPERATIONS = [getSchedule, updateInvoice, uploadEvidenceText, createWalletSession, getAdjustment] as const;

/**
 * Ids of the operations that spec 4.1-4.5 specify in full. Written out (rather than read from
 * the declarations' types) so that the public declarations of `payments-kit/http` do not carry
 * every operation's internals; `IdsAgree` below fails to compile when the two differ.
 */
export type SpecifiedOperationId = 'getSchedule' | 'updateInvoice' | 'uploadEvidenceText' | 'createWalletSession' | 'getAdjustment';

type DeclaredId = (typeof SPECIFIED_OPERATIONS)[number]['id'];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A compile-time check: `true` only when the written-out ids are exactly the declared ones. */
export type IdsAgree<T extends true = Same<DeclaredId, SpecifiedOperationId>> = T;

/** The specified operations by id; a `Map`, so no id reaches an inherited key. */
export const SPECIFIED_BY_ID: ReadonlyMap<string, OperationDeclaration> = /* @__PURE__ */ new Map(
  SPECIFIED_OPERATIONS.map((operation) => [operation.id, operation]),
);
