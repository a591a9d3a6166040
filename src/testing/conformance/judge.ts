import type { RunContext, Verdicts } from './context.js';
import type { Exchange } from './wire.js';

/** The leaf paths of an error body (`lineItems.items.Latte.name`), or where a leaf is not a string. */
function leafPaths(value: unknown, prefix: string, out: string[]): void {
  if (typeof value === 'string') {
    out.push(prefix);
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    out.push(`${prefix} (not a string: ${JSON.stringify(value)?.slice(0, 40)})`);
    return;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) out.push(`${prefix} (an empty object)`);
  for (const key of keys) leafPaths((value as Record<string, unknown>)[key], prefix === '' ? JSON.stringify(key) : `${prefix}.${JSON.stringify(key)}`, out);
}

const sorted = (body: unknown): string[] => {
  const out: string[] = [];
  leafPaths(body, '', out);
  return out.sort();
};

/** Deep equality of JSON values. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Compares an answer with the library's expected `{ status, body }` of an invalid body: the
 * status, and the body's fields (each failed field a string, the same fields, keyed alike). A
 * mismatch fails `rule`; with the payments-kit profile, different texts fail `error-messages`.
 * Verdicts go to `verdicts` (a property's scratch verdicts, so that the shrunk case is kept).
 * Answers whether `rule` held.
 */
export function judgeError(context: RunContext, verdicts: Verdicts, rule: string, exchange: Exchange, expected: { status: number; body: unknown }, what: string): boolean {
  const response = exchange.response;
  if (response === undefined) {
    verdicts.fail(rule, { message: `${what}: expected ${expected.status}; ${exchange.error ?? 'no answer'}`, exchange, seed: context.seed });
    return false;
  }
  if (response.status !== expected.status) {
    verdicts.fail(rule, { message: `${what}: expected ${expected.status} ${JSON.stringify(expected.body)}; got ${response.status}`, exchange, seed: context.seed });
    return false;
  }
  const want = sorted(expected.body);
  const got = sorted(response.body);
  if (want.join('\n') !== got.join('\n')) {
    const missing = want.filter((p) => !got.includes(p));
    const extra = got.filter((p) => !want.includes(p));
    verdicts.fail(rule, {
      message: `${what}: the ${expected.status} body must name the fields ${JSON.stringify(expected.body)}; ${missing.length > 0 ? `missing ${missing.join(', ')}` : ''}${missing.length > 0 && extra.length > 0 ? '; ' : ''}${extra.length > 0 ? `unexpected ${extra.join(', ')}` : ''}`,
      exchange,
      seed: context.seed,
    });
    return false;
  }
  verdicts.pass(rule);
  if (context.profile === 'payments-kit') {
    if (sameJson(expected.body, response.body)) context.verdicts.pass('error-messages');
    else context.verdicts.fail('error-messages', { message: `${what}: payments-kit answers ${JSON.stringify(expected.body)}`, exchange, seed: context.seed }, false);
  }
  return true;
}
