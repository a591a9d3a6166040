/**
 * The operation catalog: every operation of spec section 4 by method and path, as data.
 * The five specified operations come from their declarations (`operations/*.ts`), with
 * their scope (spec 5) and the statuses they may answer (spec 4.1-4.5); the operations of
 * spec 4.6 are listed here by method and path only.
 */
import { SPECIFIED_BY_ID, SPECIFIED_OPERATIONS, type SpecifiedOperationId } from './index.js';

/** Ids of the five operations that spec 4.1-4.5 specify in full. */
export type { SpecifiedOperationId };

/** One row of the catalog. */
export type CatalogEntry = {
  /** Stable operation id, used as the key of `options.operations`. */
  readonly id: string;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path template relative to the base path; `{name}` marks a path parameter. */
  readonly path: string;
  /** Scope template (spec 5) for the specified operations. */
  readonly scope?: string;
  /** Statuses the operation may answer (spec 4.1-4.5); absent for listed-only operations. */
  readonly statuses?: readonly number[];
  /** Spec 9.6: beta or sunsetting operations. */
  readonly stage?: 'beta' | 'sunsetting';
};

/** The five specified operations' rows, read from their declarations. */
const SPECIFIED: readonly CatalogEntry[] = SPECIFIED_OPERATIONS.map(({ id, method, path, scope, statuses }) => ({ id, method, path, scope, statuses }));

type Row = readonly [id: string, method: CatalogEntry['method'], path: string];

const TERMINAL_APPLICATIONS: readonly Row[] = [
  ['createTerminalApplication', 'POST', '/terminal-applications'],
  ['linkTerminalApplication', 'POST', '/accounts/{accountID}/terminal-applications'],
  ['registerTerminalApplicationVersion', 'POST', '/terminal-applications/{terminalApplicationID}/versions'],
  ['getTerminalApplication', 'GET', '/terminal-applications/{terminalApplicationID}'],
  ['listTerminalApplications', 'GET', '/terminal-applications'],
  ['getLinkedTerminalApplication', 'GET', '/accounts/{accountID}/terminal-applications/{terminalApplicationID}'],
  ['listLinkedTerminalApplications', 'GET', '/accounts/{accountID}/terminal-applications'],
  [
    'getTerminalApplicationConfiguration',
    'GET',
    '/accounts/{accountID}/terminal-applications/{terminalApplicationID}/configuration',
  ],
  ['deleteTerminalApplication', 'DELETE', '/terminal-applications/{terminalApplicationID}'],
];

const LISTED: readonly Row[] = [
  // Payment links
  ['createPaymentLink', 'POST', '/accounts/{accountID}/payment-links'],
  ['getPaymentLink', 'GET', '/accounts/{accountID}/payment-links/{paymentLinkCode}'],
  ['listPaymentLinks', 'GET', '/accounts/{accountID}/payment-links'],
  ['getPaymentLinkQRCode', 'GET', '/accounts/{accountID}/payment-links/{paymentLinkCode}/qrcode'],
  ['updatePaymentLink', 'PATCH', '/accounts/{accountID}/payment-links/{paymentLinkCode}'],
  ['disablePaymentLink', 'DELETE', '/accounts/{accountID}/payment-links/{paymentLinkCode}'],
  // Transfers
  ['createTransfer', 'POST', '/accounts/{accountID}/transfers'],
  ['createTransferOptions', 'POST', '/accounts/{accountID}/transfer-options'],
  ['cancelTransfer', 'POST', '/accounts/{accountID}/transfers/{transferID}/cancellations'],
  ['createReceipts', 'POST', '/receipts'],
  ['listTransfers', 'GET', '/accounts/{accountID}/transfers'],
  ['getTransfer', 'GET', '/accounts/{accountID}/transfers/{transferID}'],
  ['getCancellation', 'GET', '/accounts/{accountID}/transfers/{transferID}/cancellations/{cancellationID}'],
  ['listReceipts', 'GET', '/receipts'],
  ['updateTransfer', 'PATCH', '/accounts/{accountID}/transfers/{transferID}'],
  // Other invoice operations
  ['createInvoice', 'POST', '/accounts/{accountID}/invoices'],
  ['listInvoices', 'GET', '/accounts/{accountID}/invoices'],
  ['getInvoice', 'GET', '/accounts/{accountID}/invoices/{invoiceID}'],
  ['createInvoicePayment', 'POST', '/accounts/{accountID}/invoices/{invoiceID}/payments'],
  ['listInvoicePayments', 'GET', '/accounts/{accountID}/invoices/{invoiceID}/payments'],
  // Billing
  ['createFeePlanAgreement', 'POST', '/accounts/{accountID}/fee-plan-agreements'],
  ['listFeePlanAgreements', 'GET', '/accounts/{accountID}/fee-plan-agreements'],
  ['listFeePlans', 'GET', '/accounts/{accountID}/fee-plans'],
  ['getStatement', 'GET', '/accounts/{accountID}/statements/{statementID}'],
  ['listStatements', 'GET', '/accounts/{accountID}/statements'],
  ['fetchFees', 'POST', '/accounts/{accountID}/fees/.fetch'],
  ['listFees', 'GET', '/accounts/{accountID}/fees'],
  // Accounts
  ['createAccount', 'POST', '/accounts'],
  ['shareAccountConnection', 'POST', '/accounts/{accountID}/connections'],
  ['getTermsOfServiceToken', 'GET', '/tos-token'],
  ['listAccounts', 'GET', '/accounts'],
  ['listConnectedAccounts', 'GET', '/accounts/{accountID}/connected-accounts'],
  ['getAccount', 'GET', '/accounts/{accountID}'],
  ['updateAccount', 'PATCH', '/accounts/{accountID}'],
  ['deleteAccount', 'DELETE', '/accounts/{accountID}'],
  // Other wallet-payment operations
  ['registerWalletDomains', 'POST', '/accounts/{accountID}/apple-pay/domains'],
  ['updateWalletDomains', 'PATCH', '/accounts/{accountID}/apple-pay/domains'],
  ['getWalletDomains', 'GET', '/accounts/{accountID}/apple-pay/domains'],
  ['createWalletToken', 'POST', '/accounts/{accountID}/apple-pay/tokens'],
  // Sweeps
  ['createSweepConfig', 'POST', '/accounts/{accountID}/sweep-configs'],
  ['getSweep', 'GET', '/accounts/{accountID}/wallets/{walletID}/sweeps/{sweepID}'],
  ['getSweepConfig', 'GET', '/accounts/{accountID}/sweep-configs/{sweepConfigID}'],
  ['listSweeps', 'GET', '/accounts/{accountID}/wallets/{walletID}/sweeps'],
  ['listSweepConfigs', 'GET', '/accounts/{accountID}/sweep-configs'],
  ['updateSweepConfig', 'PATCH', '/accounts/{accountID}/sweep-configs/{sweepConfigID}'],
  // Capabilities
  ['requestCapabilities', 'POST', '/accounts/{accountID}/capabilities'],
  ['listCapabilities', 'GET', '/accounts/{accountID}/capabilities'],
  ['getCapability', 'GET', '/accounts/{accountID}/capabilities/{capabilityID}'],
  ['disableCapability', 'DELETE', '/accounts/{accountID}/capabilities/{capabilityID}'],
  // Files
  ['uploadFile', 'POST', '/accounts/{accountID}/files'],
  ['listFiles', 'GET', '/accounts/{accountID}/files'],
  ['getFile', 'GET', '/accounts/{accountID}/files/{fileID}'],
  // Underwriting
  ['upsertUnderwriting', 'POST', '/accounts/{accountID}/underwriting'],
  ['getUnderwriting', 'GET', '/accounts/{accountID}/underwriting'],
];

const toEntry =
  (stage?: CatalogEntry['stage']) =>
  ([id, method, path]: Row): CatalogEntry =>
    stage === undefined ? { id, method, path } : { id, method, path, stage };

/**
 * Every routed operation: the five specified ones, then every operation spec 4.6 lists
 * by method and path (answered 501 unless the host registers an implementation).
 */
export const OPERATION_CATALOG: readonly CatalogEntry[] = Object.freeze([
  ...SPECIFIED,
  ...TERMINAL_APPLICATIONS.map(toEntry('beta')),
  ...LISTED.map(toEntry()),
  toEntry('sunsetting')(['replaceUnderwriting', 'PUT', '/accounts/{accountID}/underwriting']),
]);

/** Ids of the operations spec 4.6 lists by method and path only. */
export type ListedOperationId = string;

/**
 * True for the five operations implemented by the handler itself.
 *
 * @example
 * isSpecifiedOperation('getSchedule') // true
 * isSpecifiedOperation('createTransfer') // false
 */
export function isSpecifiedOperation(id: string): id is SpecifiedOperationId {
  return SPECIFIED_BY_ID.has(id);
}
