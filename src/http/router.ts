import type { CatalogEntry } from './catalog.js';

/** What the router answers for a path and a method. */
export type RouteMatch =
  | { readonly kind: 'found'; readonly entry: CatalogEntry; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'method-not-allowed'; readonly allow: string }
  | { readonly kind: 'not-found' };

type Node = {
  readonly literals: Map<string, Node>;
  param?: { readonly name: string; readonly node: Node };
  readonly methods: Map<string, CatalogEntry>;
  allow?: string;
};

const newNode = (): Node => ({ literals: new Map(), methods: new Map() });
const NOT_FOUND: RouteMatch = Object.freeze({ kind: 'not-found' });
const PARAM = /^\{([A-Za-z]+)\}$/;

/** A compiled router: `match(method, path)` for a path relative to the base path. */
export type Router = { match(method: string, path: string): RouteMatch };

function insert(root: Node, entry: CatalogEntry): void {
  let node = root;
  for (const segment of entry.path.split('/').slice(1)) {
    const param = PARAM.exec(segment);
    if (param === null) {
      let next = node.literals.get(segment);
      if (next === undefined) node.literals.set(segment, (next = newNode()));
      node = next;
    } else {
      node.param ??= { name: param[1] ?? '', node: newNode() };
      node = node.param.node;
    }
  }
  node.methods.set(entry.method, entry);
  node.allow = [...node.methods.keys()].sort().join(', ');
}

function decodeSegment(segment: string): string | undefined {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Compiles a catalog into a segment tree. Literal segments win over parameters; an empty
 * segment (`//`, a trailing `/`) or a parameter that is not valid percent-encoding matches
 * nothing.
 *
 * @example
 * createRouter(OPERATION_CATALOG).match('GET', '/accounts/a1/schedules/s1')
 * // { kind: 'found', entry: { id: 'getSchedule', ... }, params: { accountID: 'a1', scheduleID: 's1' } }
 */
export function createRouter(catalog: readonly CatalogEntry[]): Router {
  const root = newNode();
  for (const entry of catalog) insert(root, entry);
  return {
    match(method, path) {
      if (path.charCodeAt(0) !== 47 /* / */) return NOT_FOUND;
      const segments = path.split('/');
      let node: Node = root;
      const params: Record<string, string> = Object.create(null) as Record<string, string>;
      for (let i = 1; i < segments.length; i++) {
        const segment = segments[i] ?? '';
        if (segment === '') return NOT_FOUND;
        const literal = node.literals.get(segment);
        if (literal !== undefined) {
          node = literal;
          continue;
        }
        if (node.param === undefined) return NOT_FOUND;
        const value = decodeSegment(segment);
        if (value === undefined || value === '') return NOT_FOUND;
        params[node.param.name] = value;
        node = node.param.node;
      }
      if (node.allow === undefined) return NOT_FOUND;
      const entry = node.methods.get(method);
      return entry === undefined ? { kind: 'method-not-allowed', allow: node.allow } : { kind: 'found', entry, params };
    },
  };
}
