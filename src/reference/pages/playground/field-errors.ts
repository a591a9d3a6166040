import type { JsonPath } from './json-lines.js';

/** One failing field of an error body: where it is in the request (when it is there) and the message. */
export type FieldError = {
  /** The dotted name the error body uses, e.g. `lineItems.items.[0].name`. */
  readonly label: string;
  /** The path of the field in the request body; `undefined` when the request does not hold it (a required field left out). */
  readonly path: JsonPath | undefined;
  readonly message: string;
};

const INDEX_KEY = /^\[(\d+)\]$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The request child an error-body key stands for: an object key, an array index written
 * `[i]`, or an array element named by its `name` (the 422 body keys line items by name).
 */
function childKey(request: unknown, key: string): string | number | undefined {
  if (Array.isArray(request)) {
    const index = INDEX_KEY.exec(key);
    if (index !== null) return Number(index[1]) < request.length ? Number(index[1]) : undefined;
    const named = request.findIndex((item) => isRecord(item) && item['name'] === key);
    return named < 0 ? undefined : named;
  }
  return isRecord(request) && Object.hasOwn(request, key) ? key : undefined;
}

/** The leaves of a per-field (422) body, each a message at the path of the request it mirrors. */
function perFieldErrors(body: Record<string, unknown>, request: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const visit = (node: Record<string, unknown>, at: unknown, path: JsonPath | undefined, labels: readonly string[]): void => {
    for (const [key, value] of Object.entries(node)) {
      const child = path === undefined ? undefined : childKey(at, key);
      const childPath = path === undefined || child === undefined ? undefined : [...path, child];
      const childAt = child === undefined || !isRecord(at) ? undefined : (at as Record<string | number, unknown>)[child];
      if (isRecord(value)) visit(value, childAt, childPath, [...labels, key]);
      else errors.push({ label: [...labels, key].join('.'), path: childPath, message: String(value) });
    }
  };
  visit(body, request, [], []);
  return errors;
}

/**
 * The entries of an `{ error }` text (`field: message; field: message`) for the fields it
 * can name: the request's own top-level keys and the operation's documented `fields`. The
 * text is split only where one of those names starts an entry, so a message holding `; `
 * stays whole.
 */
function textErrors(text: string, request: unknown, fields: readonly string[]): FieldError[] {
  const names = new Set([...fields, ...(isRecord(request) && !Array.isArray(request) ? Object.keys(request) : [])]);
  const starts: { at: number; name: string }[] = [];
  for (const name of names) {
    const entry = `${name}: `;
    if (text.startsWith(entry)) starts.push({ at: 0, name });
    for (let at = text.indexOf(`; ${entry}`); at >= 0; at = text.indexOf(`; ${entry}`, at + 1)) starts.push({ at: at + 2, name });
  }
  starts.sort((a, b) => a.at - b.at);
  return starts.map(({ at, name }, i) => {
    const end = starts[i + 1]?.at;
    const message = text.slice(at + name.length + 2, end === undefined ? undefined : end - 2);
    const inRequest = isRecord(request) && !Array.isArray(request) && Object.hasOwn(request, name);
    return { label: name, path: inRequest ? [name] : undefined, message };
  });
}

/**
 * How an operation's error body names fields: `perField` (the update-invoice 422 of spec 4.2,
 * an object that mirrors the request), else an `{ error }` text naming the documented
 * top-level `fields` (a required one missing from the request is still found).
 */
export type ErrorShape = { readonly perField: true } | { readonly perField: false; readonly fields: readonly string[] };

/**
 * The failing fields of an API error body, located in the request that got it.
 *
 * @example
 * fieldErrors({ lineItems: { items: { '[0]': { name: 'must be at most 150 characters' } } } }, request, { perField: true })
 * // [{ label: 'lineItems.items.[0].name', path: ['lineItems', 'items', 0, 'name'], message: 'must be at most 150 characters' }]
 * fieldErrors({ error: 'text: is required' }, {}, { perField: false, fields: ['evidenceType', 'text'] })
 * // [{ label: 'text', path: undefined, message: 'is required' }]
 */
export function fieldErrors(body: unknown, request: unknown, shape: ErrorShape): FieldError[] {
  if (!isRecord(body) || Array.isArray(body)) return [];
  if (shape.perField) return perFieldErrors(body, request);
  const error = body['error'];
  return typeof error === 'string' ? textErrors(error, request, shape.fields) : [];
}
