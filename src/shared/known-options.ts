/**
 * The option keys a factory knows, as a table: `{ store: true, auth: true, ... }`. Written
 * `const KNOWN = { ... } as const satisfies KnownOptions<HandlerOptions>`, it fails to compile
 * when the options type gains a key the table lacks (or the table names one the type does not
 * have), so the runtime check below can never drift from the type. Union option types
 * contribute the keys of every member.
 */
export type KnownOptions<T> = { readonly [K in T extends unknown ? keyof T : never]-?: true };

/**
 * Levenshtein distance between two short strings (option names): insertions, deletions and
 * substitutions each cost 1.
 */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** How many leading characters two strings share. */
function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * The known key nearest to `key`, ignoring case: one that ends with `key` (three letters or
 * more: `timeZone` is nearest to `scheduleTimeZone`; the shortest such key), else the one at the
 * least edit distance, ties going to the longer common beginning (`retry`: `retries`, not
 * `fetch`), then to table order; `undefined` when the table is empty.
 *
 * @example
 * nearestKey('timeZone', ['store', 'scheduleTimeZone']) // 'scheduleTimeZone'
 * nearestKey('basepath', ['store', 'basePath']) // 'basePath'
 */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  const folded = key.slice(0, 100).toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const lower = candidate.toLowerCase();
    // Ending with the key (a qualified name: timeZone, scheduleTimeZone) ranks before any edit distance (at least 1 here).
    const distance =
      folded.length >= 3 && lower.endsWith(folded) ? (lower.length - folded.length) / 1000 : editDistance(folded, lower) + 0.5 / (1 + commonPrefix(folded, lower));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The message of an unknown option key.
 *
 * @example
 * unknownOptionMessage('createHandler', 'scheduleTimezone', 'scheduleTimeZone')
 * // 'createHandler: unknown option "scheduleTimezone"; did you mean "scheduleTimeZone"?'
 */
export function unknownOptionMessage(factory: string, key: string, nearest: string | undefined): string {
  const shown = JSON.stringify(key.length > 100 ? `${key.slice(0, 100)}...` : key);
  return nearest === undefined ? `${factory}: unknown option ${shown}` : `${factory}: unknown option ${shown}; did you mean "${nearest}"?`;
}

/**
 * Refuses an options object holding a key the factory does not know (a typo, or an option of
 * another factory): throws a `TypeError` naming the first such key and the nearest known one.
 * Only own enumerable string keys count; a value that is not an object is left to the
 * factory's own checks.
 *
 * @example
 * checkOptionKeys({ store, scheduleTimezone: 'UTC' }, HANDLER_OPTION_KEYS, 'createHandler')
 * // throws TypeError: createHandler: unknown option "scheduleTimezone"; did you mean "scheduleTimeZone"?
 */
export function checkOptionKeys(options: unknown, known: Readonly<Record<string, true>>, factory: string): void {
  if (typeof options !== 'object' || options === null) return;
  for (const key of Object.keys(options)) {
    if (Object.hasOwn(known, key)) continue;
    throw new TypeError(unknownOptionMessage(factory, key, nearestKey(key, Object.keys(known))));
  }
}
