import { type ConversionConfig, type JsonSchema, type OverrideActionContext, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ISO_4217_MINOR_UNITS } from '../amount/index.js';
import { FIELD_LIMITS } from '../limits/index.js';
import { ApplePaySessionRequestSchema } from './apple-pay-session.js';
import { CurrencyCodeSchema } from './currency.js';
import { DECIMAL_STRING_PATTERN, DecimalStringSchema } from './decimal-string.js';
import { EvidenceTextRequestSchema } from './evidence-text.js';
import { InvoiceUpdateSchema } from './invoice-update.js';
import { RESOURCE_ID_PATTERN, ResourceIdSchema } from './resource-id.js';

/** The check of a leaf schema: the last item of its pipe (after `v.string`). */
const checkOf = (schema: { readonly pipe: readonly unknown[] }): unknown => schema.pipe.at(-1);

/**
 * The JSON Schema keywords of the three leaf schemas whose keywords are long (a pattern, the
 * currency table as an enum), by the check that carries their rule. They live here rather
 * than as `metadata` on the schemas, so a bundle that only validates does not carry them
 * (64 B min+gzip of `InvoiceUpdateSchema`).
 */
const LEAF_KEYWORDS: ReadonlyMap<unknown, () => JsonSchema> = new Map<unknown, () => JsonSchema>([
  [checkOf(ResourceIdSchema), () => ({ maxLength: FIELD_LIMITS.resourceId.max, pattern: RESOURCE_ID_PATTERN })],
  [checkOf(DecimalStringSchema), () => ({ pattern: DECIMAL_STRING_PATTERN })],
  [checkOf(CurrencyCodeSchema), () => ({ enum: Object.keys(ISO_4217_MINOR_UNITS).sort() })],
]);

/**
 * An `overrideAction` for `@valibot/to-json-schema` that adds the keywords of the leaf
 * schemas above where their check is converted, after `inner` (a caller's own override) had
 * its say.
 *
 * @example
 * toJsonSchema(ResourceIdSchema, { overrideAction: leafKeywords() }).pattern // RESOURCE_ID_PATTERN
 */
export function leafKeywords(inner?: ConversionConfig['overrideAction']) {
  return (context: OverrideActionContext): JsonSchema | null | undefined => {
    const overridden = inner?.(context);
    if (overridden !== null && overridden !== undefined) return overridden;
    const keywords = LEAF_KEYWORDS.get(context.valibotAction);
    return keywords === undefined ? undefined : { ...context.jsonSchema, ...keywords() };
  };
}

/**
 * Our conversion defaults: custom checks (`check`, `rawCheck`, `partialCheck`) cannot be
 * converted and are skipped; each custom check carries `metadata` with the JSON Schema
 * keywords that express as much of it as JSON Schema can (`pattern`, `format`,
 * `minLength`, `maxLength`), and those are merged in; the leaf schemas of `LEAF_KEYWORDS`
 * get theirs from {@link leafKeywords}.
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
  return toJsonSchema(schema, { ...DEFAULTS, ...config, overrideAction: leafKeywords(config.overrideAction) });
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
