import type { CatalogEntry } from '../operations/catalog.js';

/** What the router answers for a path and a method. */
export type RouteMatch<E extends CatalogEntry = CatalogEntry> =
  | { readonly kind: 'found'; readonly entry: E; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'method-not-allowed'; readonly allow: string }
  | { readonly kind: 'not-found' };

type Node<E> = {
  readonly literals: Map<string, Node<E>>;
  param?: { readonly name: string; readonly node: Node<E> };
  readonly methods: Map<string, E>;
  allow?: string;
};

const newNode = <E>(): Node<E> => ({ literals: new Map(), methods: new Map() });
const NOT_FOUND = Object.freeze({ kind: 'not-found' } as const);
const PARAM = /^\{([A-Za-z]+)\}$/;

/**
 * The params object of a match: ordinary (fast) objects whose prototype chain holds nothing,
 * so that no name such as `toString` or `__proto__` resolves to anything but an own parameter.
 * The shared prototype is frozen: no holder of one params object can plant a name in all.
 */
const PathParams = function PathParams(this: Record<string, string>) {} as unknown as new () => Record<string, string>;
PathParams.prototype = Object.freeze(Object.create(null) as object);

/** A compiled router: `match(method, path)` for a path relative to the base path. */
export type Router<E extends CatalogEntry = CatalogEntry> = { match(method: string, path: string): RouteMatch<E> };

function insert<E extends CatalogEntry>(root: Node<E>, entry: E): void {
  let node = root;
  for (const segment of entry.path.split('/').slice(1)) {
    const param = PARAM.exec(segment);
    if (param === null) {
      let next = node.literals.get(segment);
      if (next === undefined) node.literals.set(segment, (next = newNode<E>()));
      node = next;
    } else {
      node.param ??= { name: param[1] ?? '', node: newNode<E>() };
      node = node.param.node;
    }
  }
  node.methods.set(entry.method, entry);
  const methods = [...node.methods.keys()];
  // HEAD is served wherever GET is (RFC 9110 9.3.2): the GET operation answers, without a body.
  if (node.methods.has('GET')) methods.push('HEAD');
  node.allow = methods.sort().join(', ');
}

function decodeSegment(segment: string): string | undefined {
  if (segment.indexOf('%') < 0) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Compiles a catalog into a segment tree. Literal segments win over parameters; an empty
 * segment (`//`, a trailing `/`) or a parameter that is not valid percent-encoding matches
 * nothing. Literals are compared as written (no percent-decoding), parameters are decoded.
 * `HEAD` finds the path's GET operation, and `Allow` lists `HEAD` wherever `GET` is.
 *
 * @example
 * createRouter(OPERATION_CATALOG).match('GET', '/accounts/a1/schedules/s1')
 * // { kind: 'found', entry: { id: 'getSchedule', ... }, params: { accountID: 'a1', scheduleID: 's1' } }
 */
export function createRouter<E extends CatalogEntry>(catalog: readonly E[]): Router<E> {
  const root = newNode<E>();
  for (const entry of catalog) insert(root, entry);
  return {
    match(method, path) {
      if (path.charCodeAt(0) !== 47 /* / */) return NOT_FOUND;
      // Walks the segments in place (no split array); params are built only when a segment is one.
      let node: Node<E> = root;
      let params: Record<string, string> | undefined;
      const length = path.length;
      let start = 1;
      for (;;) {
        let end = path.indexOf('/', start);
        if (end < 0) end = length;
        if (end === start) return NOT_FOUND;
        const segment = path.slice(start, end);
        const literal = node.literals.size === 0 ? undefined : node.literals.get(segment);
        if (literal !== undefined) node = literal;
        else {
          if (node.param === undefined) return NOT_FOUND;
          const value = decodeSegment(segment);
          if (value === undefined || value === '') return NOT_FOUND;
          params ??= new PathParams();
          params[node.param.name] = value;
          node = node.param.node;
        }
        if (end === length) break;
        start = end + 1;
      }
      if (node.allow === undefined) return NOT_FOUND;
      const entry = node.methods.get(method) ?? (method === 'HEAD' ? node.methods.get('GET') : undefined);
      if (entry === undefined) return { kind: 'method-not-allowed', allow: node.allow };
      return { kind: 'found', entry, params: params ?? new PathParams() };
    },
  };
}
