// The `tz <zone>` projects (vitest.config.ts): each test file runs in a child process started
// with TZ set to the zone. A run in which the zone did not take effect (a pool that shares the
// parent's zone, a TZ that Node does not know) would repeat the UTC run and prove nothing, so
// it fails here instead.
const zone = process.env.TZ ?? '';
const canonical = (name: string): string => new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
const local = new Intl.DateTimeFormat('en-US').resolvedOptions().timeZone;
if (zone === '' || zone === 'UTC' || local !== canonical(zone)) {
  throw new Error(`test/setup-tz.ts: the process runs in ${local}, not in TZ=${zone || '(unset)'}`);
}
// Date's own local time follows the same zone (a half-hour or negative offset in both zones here).
if (new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset() === 0) {
  throw new Error(`test/setup-tz.ts: Date's local time is UTC although TZ=${zone}`);
}
