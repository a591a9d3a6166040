/**
 * A rate-limit budget from the answer's `RateLimit` and `RateLimit-Policy` headers
 * (draft-ietf-httpapi-ratelimit-headers, as the handler sends them): the policy's name, what is
 * left and when it resets; the quota and window when the policy header names them.
 */
export type RateLimit = {
  /** The policy's name (`"default"`). */
  readonly policy: string;
  /** Requests left in the window (`r`). */
  readonly remaining: number;
  /** Seconds until the budget resets (`t`). */
  readonly resetSeconds: number;
  /** The policy's quota (`q`), when `RateLimit-Policy` names this policy. */
  readonly quota?: number;
  /** The policy's window in seconds (`w`), when given. */
  readonly windowSeconds?: number;
};

/** Longest header value read (a budget fits in far less; anything longer is not read). */
const MAX_HEADER = 1024;

/** The first item of a structured-field list: its quoted name and its integer parameters. */
function firstItem(value: string | null): { name: string; params: Map<string, number> } | undefined {
  if (value === null || value.length > MAX_HEADER) return undefined;
  const match = /^\s*"((?:[^"\\]|\\["\\])*)"((?:\s*;\s*[a-z][a-z0-9_.*-]*(?:=[^;,]*)?)*)\s*(?:,|$)/.exec(value);
  if (match === null) return undefined;
  const params = new Map<string, number>();
  for (const part of (match[2] ?? '').split(';')) {
    const [key, raw] = part.split('=');
    const name = key?.trim() ?? '';
    if (name !== '' && raw !== undefined && /^\s*\d{1,15}\s*$/.test(raw)) params.set(name, Number(raw));
  }
  return { name: (match[1] ?? '').replace(/\\(["\\])/g, '$1'), params };
}

/**
 * The budget of an answer's `RateLimit` header (its first item), with the quota and window of
 * the same-named policy in `RateLimit-Policy`; `undefined` when the header is absent or not the
 * draft's form.
 *
 * @example
 * rateLimitOf(new Headers({ ratelimit: '"default";r=50;t=30', 'ratelimit-policy': '"default";q=100;w=60' }))
 * // { policy: 'default', remaining: 50, resetSeconds: 30, quota: 100, windowSeconds: 60 }
 */
export function rateLimitOf(headers: Headers): RateLimit | undefined {
  const limit = firstItem(headers.get('ratelimit'));
  const remaining = limit?.params.get('r');
  const reset = limit?.params.get('t');
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  const policy = firstItem(headers.get('ratelimit-policy'));
  const quota = policy?.name === limit.name ? policy.params.get('q') : undefined;
  const window = policy?.name === limit.name ? policy.params.get('w') : undefined;
  return {
    policy: limit.name,
    remaining,
    resetSeconds: reset,
    ...(quota === undefined ? {} : { quota }),
    ...(window === undefined ? {} : { windowSeconds: window }),
  };
}
