/**
 * The five specified operations (spec 4.1-4.5) as data, shared by the handler's declarations,
 * the OpenAPI document and the client. Internal: not a subpath of its own.
 *
 * @packageDocumentation
 */
export type { OperationRoute, PathParamNames, PathParams, VersionPolicy } from './route.js';
export { GET_SCHEDULE, UPDATE_INVOICE, UPLOAD_EVIDENCE_TEXT, CREATE_WALLET_SESSION, GET_ADJUSTMENT } from './specified.js';
