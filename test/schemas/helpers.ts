import * as v from 'valibot';

/** The failed fields of `value` under `schema`, as `{ 'dot.path': message }` (first message per field). */
export function failures(schema: v.GenericSchema, value: unknown): Record<string, string> {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  const out: Record<string, string> = {};
  for (const issue of result.issues ?? []) {
    const path = (issue.path ?? []).map((p: { key: unknown }) => String(p.key)).join('.');
    if (!(path in out)) out[path] = issue.message;
  }
  return out;
}

/** True when `schema` accepts `value`. */
export const passes = (schema: v.GenericSchema, value: unknown): boolean => v.safeParse(schema, value).success;
