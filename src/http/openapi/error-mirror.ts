import type { JsonSchema } from '@valibot/to-json-schema';

/** Arrays whose elements are keyed by their `name` in the 422 body (as in payments-kit/schemas' error body). */
const NAMED_ARRAYS: ReadonlySet<string> = new Set(['items', 'options']);

/** Keys of the elements of other arrays: their position, `"[0]"`, `"[1]"`, ... */
const POSITION_KEY = '^\\[(?:0|[1-9][0-9]*)\\]$';

/** A field that failed as a whole: the message. */
const FAILED: JsonSchema = Object.freeze({ type: 'string' });

/** The mirror schemas of referenced components, by component name (`LineItem` -> `LineItemErrors`). */
export type MirrorComponents = Record<string, JsonSchema>;

type Context = {
  readonly components: Readonly<Record<string, JsonSchema>>;
  readonly prefix: string;
  readonly mirrors: MirrorComponents;
};

/** The component a `$ref` names, if it is one of ours. */
function refName(schema: JsonSchema, context: Context): string | undefined {
  const ref = schema.$ref;
  return ref !== undefined && ref.startsWith(context.prefix) ? ref.slice(context.prefix.length) : undefined;
}

/** The mirror of an object schema: its keys, each mirrored; an unknown key gets a message too. */
function mirrorObject(schema: JsonSchema, context: Context): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (typeof property === 'object') properties[key] = mirrorField(property, key, context);
  }
  return { type: 'object', properties, additionalProperties: FAILED, minProperties: 1 };
}

/** The mirror of one object-valued structure: a `$ref` to `<Name>Errors` when it is a component. */
function mirrorStructure(schema: JsonSchema, context: Context): JsonSchema | undefined {
  const name = refName(schema, context);
  if (name !== undefined) {
    const target = context.components[name];
    if (target === undefined || target.type !== 'object') return mirrorStructure(target ?? {}, context);
    const mirrorName = `${name}Errors`;
    if (context.mirrors[mirrorName] === undefined) {
      context.mirrors[mirrorName] = FAILED; // placeholder against cycles
      context.mirrors[mirrorName] = mirrorObject(target, context);
    }
    return { $ref: `${context.prefix}${mirrorName}` };
  }
  if (schema.type === 'object') return mirrorObject(schema, context);
  for (const branch of schema.anyOf ?? []) {
    const found = typeof branch === 'object' ? mirrorStructure(branch, context) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

function mirrorField(schema: JsonSchema, key: string, context: Context): JsonSchema {
  const target = refName(schema, context) === undefined ? schema : (context.components[refName(schema, context) ?? ''] ?? {});
  if (target.type === 'array') {
    const items = typeof target.items === 'object' && !Array.isArray(target.items) ? mirrorField(target.items, '', context) : FAILED;
    const byElement: JsonSchema = NAMED_ARRAYS.has(key)
      ? { type: 'object', additionalProperties: items, minProperties: 1 }
      : { type: 'object', propertyNames: { pattern: POSITION_KEY }, additionalProperties: items, minProperties: 1 };
    return { anyOf: [FAILED, byElement] };
  }
  const structure = mirrorStructure(schema, context);
  return structure === undefined ? FAILED : { anyOf: [FAILED, structure] };
}

/**
 * The JSON Schema of a per-field 422 body, derived from the request body's JSON Schema: the
 * same keys, a string where a field failed as a whole, an object of the same shape where
 * fields inside it failed; elements of `items` and `options` keyed by name, of other arrays by
 * position. Objects that are components get a mirror component (`LineItem` -> `LineItemErrors`),
 * returned in `components`. Generated, so the 422 follows the request schema as it changes.
 *
 * @example
 * const { schema, components } = errorMirrorSchema(invoiceUpdate, allComponents, '#/components/schemas/');
 * schema.properties.status // { type: 'string' }
 */
export function errorMirrorSchema(
  request: JsonSchema,
  components: Readonly<Record<string, JsonSchema>>,
  prefix: string,
): { readonly schema: JsonSchema; readonly components: MirrorComponents } {
  const context: Context = { components, prefix, mirrors: {} };
  const schema: JsonSchema = {
    ...mirrorObject(request, context),
    description: "The request's fields that failed, each with a message; line items and options keyed by name, other array elements by position.",
  };
  return { schema, components: context.mirrors };
}
