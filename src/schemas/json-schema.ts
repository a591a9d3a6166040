import { type ConversionConfig, type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ApplePaySessionRequestSchema } from './apple-pay-session.js';
import { EvidenceTextRequestSchema } from './evidence-text.js';
import { InvoiceUpdateSchema } from './invoice-update.js';

/**
 * Our conversion defaults: custom checks (`check`, `rawCheck`, `partialCheck`) cannot be
 * converted and are skipped; each custom check carries `metadata` with the JSON Schema
 * keywords that express as much of it as JSON Schema can (`pattern`, `format`,
 * `minLength`, `maxLength`), and those are merged in.
 */
const DEFAULTS: ConversionConfig = { errorMode: 'ignore' };

/**
 * The JSON Schema of any schema of this module (draft-07 unless `config.target` says
 * otherwise). What JSON Schema cannot express is listed in docs/validation.md.
 *
 * @example
 * const schema = schemaToJsonSchema(AmountSchema);
 * schema.required // ['currency', 'value']
 */
export function schemaToJsonSchema(schema: v.GenericSchema, config: ConversionConfig = {}): JsonSchema {
  return toJsonSchema(schema, { ...DEFAULTS, ...config });
}

/**
 * The JSON Schema of the update-invoice request body (spec 4.2), e.g. for an OpenAPI document.
 *
 * @example
 * invoiceUpdateJsonSchema().properties?.dueDate // { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] }
 */
export function invoiceUpdateJsonSchema(config?: ConversionConfig): JsonSchema {
  return schemaToJsonSchema(InvoiceUpdateSchema, config);
}

/**
 * The JSON Schema of the upload-evidence-text request body (spec 4.3).
 *
 * @example
 * evidenceTextRequestJsonSchema().required // ['evidenceType', 'text']
 */
export function evidenceTextRequestJsonSchema(config?: ConversionConfig): JsonSchema {
  return schemaToJsonSchema(EvidenceTextRequestSchema, config);
}

/**
 * The JSON Schema of the create-wallet-payment-session request body (spec 4.4).
 *
 * @example
 * applePaySessionRequestJsonSchema().required // ['domain', 'displayName']
 */
export function applePaySessionRequestJsonSchema(config?: ConversionConfig): JsonSchema {
  return schemaToJsonSchema(ApplePaySessionRequestSchema, config);
}
