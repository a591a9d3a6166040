/**
 * How a description names a time zone: `UTC`, the city of a region/city IANA name
 * (`America/New_York` gives "New York"), or any other name as written (`Etc/GMT+5`).
 */
export type ZoneWording =
  | { readonly kind: 'utc' }
  | { readonly kind: 'city'; readonly city: string }
  | { readonly kind: 'id'; readonly id: string };

/** The IANA regions whose names end in a city (the `Etc/...`, `US/...` and bare names do not). */
const CITY_REGIONS: ReadonlySet<string> = new Set([
  'Africa',
  'America',
  'Antarctica',
  'Arctic',
  'Asia',
  'Atlantic',
  'Australia',
  'Europe',
  'Indian',
  'Pacific',
]);

const UTC_NAMES: ReadonlySet<string> = new Set(['UTC', 'Etc/UTC']);

/** Wordings already worked out (creating an Intl.DateTimeFormat costs far more than a sentence); bounded. */
const cache = new Map<string, ZoneWording>();
const MAX_CACHED = 512;

/**
 * The wording of a valid IANA zone name (checked by the caller), in Intl's spelling when it
 * differs only in case (`america/new_york` reads "New York"), the caller's otherwise (so
 * `Asia/Kolkata` is not renamed to Intl's legacy `Asia/Calcutta`).
 *
 * @example
 * zoneWordingOf('America/New_York') // { kind: 'city', city: 'New York' }
 * zoneWordingOf('Etc/GMT+5') // { kind: 'id', id: 'Etc/GMT+5' }
 */
export function zoneWordingOf(timeZone: string): ZoneWording {
  const cached = cache.get(timeZone);
  if (cached !== undefined) return cached;
  const wording = wordingOf(timeZone);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(timeZone, wording);
  return wording;
}

function wordingOf(timeZone: string): ZoneWording {
  const resolved = UTC_NAMES.has(timeZone) ? timeZone : new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  const name = resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone;
  if (UTC_NAMES.has(name)) return { kind: 'utc' };
  const segments = name.split('/');
  const region = segments[0] ?? '';
  const last = segments.at(-1) ?? '';
  if (segments.length >= 2 && CITY_REGIONS.has(region) && /^[A-Za-z][A-Za-z_'.-]*$/.test(last)) {
    return { kind: 'city', city: last.replaceAll('_', ' ') };
  }
  return { kind: 'id', id: name };
}
