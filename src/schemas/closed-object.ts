import * as v from 'valibot';
import { UNKNOWN_FIELD_ISSUE_TYPE, UNKNOWN_FIELD_MESSAGE, unknownFieldKey } from './error-limit.js';
import { isJsonObject } from './is-json-object.js';
import type { jsonObject } from './json-object.js';
import { OBJECT_MESSAGE, REQUIRED_MESSAGE } from './messages.js';

type ObjectDataset = { typed?: boolean; value: unknown; issues?: v.BaseIssue<unknown>[] };

/** The issue for the unknown field `key` of `input`, in valibot's issue shape. */
function unknownFieldIssue(input: Record<string, unknown>, key: string, config: v.Config<v.BaseIssue<unknown>>) {
  const value = input[key];
  return {
    kind: 'schema',
    type: UNKNOWN_FIELD_ISSUE_TYPE,
    input: value,
    expected: 'never',
    received: 'unknown field',
    message: UNKNOWN_FIELD_MESSAGE,
    requirement: undefined,
    path: [{ type: 'object', origin: 'key', input, key, value }],
    issues: undefined,
    lang: config.lang,
    abortEarly: config.abortEarly,
    abortPipeEarly: config.abortPipeEarly,
  } as unknown as v.BaseIssue<unknown>;
}

/**
 * Like {@link jsonObject}, and an own key that `entries` does not define is an issue
 * ({@link UNKNOWN_FIELD_MESSAGE}) at that key, reported after the issues of the defined
 * keys. Keys are compared with `Object.hasOwn`, so `__proto__`, `constructor` and
 * `toString` are unknown fields like any other (valibot's `strictObject` skips them). The
 * scan stops once `maxIssues + 1` different error keys (`unknownFieldKey`) were reported:
 * enough for the error body to know it was truncated, never proportional to the input.
 *
 * @example
 * const Point = closedObject({ x: v.number() }, 20);
 * v.safeParse(Point, { x: 1, y: 2 }).issues?.[0].message // 'is not a field of this object in the API; ...'
 */
/* @__NO_SIDE_EFFECTS__ */
export function closedObject<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
  maxIssues: number,
): ReturnType<typeof jsonObject<TEntries>> {
  const object = v.object(entries, REQUIRED_MESSAGE);
  const closed = {
    ...object,
    '~run'(dataset: ObjectDataset, config: v.Config<v.BaseIssue<unknown>>) {
      const input = dataset.value; // read first: the run replaces it with the output
      const result = object['~run'](dataset as never, config) as ObjectDataset;
      if (!isJsonObject(input) || (config.abortEarly && result.issues)) return result;
      const reported = new Set<string>();
      for (const key of Object.keys(input)) {
        if (Object.hasOwn(entries, key)) continue;
        const issue = unknownFieldIssue(input, key, config);
        if (result.issues) result.issues.push(issue);
        else result.issues = [issue];
        result.typed = false;
        reported.add(unknownFieldKey(key));
        if (config.abortEarly || reported.size > maxIssues) break;
      }
      return result;
    },
  };
  // `additionalProperties: false` in JSON Schema; typed as the open object, whose output it has.
  return v.pipe(
    v.unknown(),
    v.check(isJsonObject, OBJECT_MESSAGE),
    closed as unknown as typeof object,
    v.metadata({ additionalProperties: false }),
  ) as unknown as ReturnType<typeof jsonObject<TEntries>>;
}
