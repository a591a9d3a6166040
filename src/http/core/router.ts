/** What the router reads of an entry: its method and its path template (`{name}` marks a parameter). */
export type RouteEntry = { readonly method: string; readonly path: string };

/** What the router answers for a path and a method. */
export type RouteMatch<E extends RouteEntry = RouteEntry> =
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
export type Router<E extends RouteEntry = RouteEntry> = { match(method: string, path: string): RouteMatch<E> };

function insert<E extends RouteEntry>(root: Node<E>, entry: E): void {
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

/** Where a path leads: its node (`undefined`: no route) and the params read on the way. */
type Walk<E> = { readonly node: Node<E> | undefined; readonly params: Readonly<Record<string, string>> };

const NO_ROUTE: Walk<never> = Object.freeze({ node: undefined, params: Object.freeze(new PathParams()) });

/** Walks `path`'s segments in place (no split array); params are built only when a segment is one. */
function walk<E>(root: Node<E>, path: string): Walk<E> {
  if (path.charCodeAt(0) !== 47 /* / */) return NO_ROUTE;
  let node: Node<E> = root;
  const params = new PathParams();
  const length = path.length;
  let start = 1;
  for (;;) {
    let end = path.indexOf('/', start);
    if (end < 0) end = length;
    if (end === start) return NO_ROUTE;
    const segment = path.slice(start, end);
    const literal = node.literals.size === 0 ? undefined : node.literals.get(segment);
    if (literal !== undefined) node = literal;
    else {
      if (node.param === undefined) return NO_ROUTE;
      const value = decodeSegment(segment);
      if (value === undefined || value === '') return NO_ROUTE;
      params[node.param.name] = value;
      node = node.param.node;
    }
    if (end === length) break;
    start = end + 1;
  }
  return node.allow === undefined ? NO_ROUTE : { node, params: Object.freeze(params) };
}

function answerFor<E extends RouteEntry>(walked: Walk<E>, method: string): RouteMatch<E> {
  const { node } = walked;
  if (node?.allow === undefined) return NOT_FOUND;
  const entry = node.methods.get(method) ?? (method === 'HEAD' ? node.methods.get('GET') : undefined);
  if (entry === undefined) return Object.freeze({ kind: 'method-not-allowed', allow: node.allow });
  return Object.freeze({ kind: 'found', entry, params: walked.params });
}

/**
 * The router remembers the answers for this many paths (then starts afresh), for paths of up
 * to {@link MATCH_CACHE_MAX_PATH_LENGTH} characters and up to {@link MATCH_CACHE_MAX_METHODS}
 * methods a path: a client repeating a path (polling a schedule, retrying an update) is
 * answered by one map read, and its params are the same (already hashed) strings each time,
 * which the store's map reads then find faster. Bounded whatever clients send: at most
 * 1,024 x 256 characters of keys.
 */
export const MATCH_CACHE_MAX_PATHS = 1_024;
/** Longer paths are walked every time (see {@link MATCH_CACHE_MAX_PATHS}). */
export const MATCH_CACHE_MAX_PATH_LENGTH = 256;
/** Answers kept per remembered path (see {@link MATCH_CACHE_MAX_PATHS}). */
export const MATCH_CACHE_MAX_METHODS = 8;

type Remembered<E extends RouteEntry> = {
  readonly walked: Walk<E>;
  readonly answers: Map<string, RouteMatch<E>>;
  /** The last method answered on this path and its answer (also in `answers`): a repeated request skips the map. */
  lastMethod: string | undefined;
  lastAnswer: RouteMatch<E> | undefined;
};

/**
 * Compiles a catalog into a segment tree. Literal segments win over parameters; an empty
 * segment (`//`, a trailing `/`) or a parameter that is not valid percent-encoding matches
 * nothing. Literals are compared as written (no percent-decoding), parameters are decoded.
 * `HEAD` finds the path's GET operation, and `Allow` lists `HEAD` wherever `GET` is.
 * Answers are frozen and, for recent paths, remembered (see {@link MATCH_CACHE_MAX_PATHS}).
 *
 * @example
 * createRouter(OPERATION_CATALOG).match('GET', '/accounts/a1/schedules/s1')
 * // { kind: 'found', entry: { id: 'getSchedule', ... }, params: { accountID: 'a1', scheduleID: 's1' } }
 */
export function createRouter<E extends RouteEntry>(catalog: readonly E[]): Router<E> {
  const root = newNode<E>();
  for (const entry of catalog) insert(root, entry);
  const remembered = new Map<string, Remembered<E>>();
  // The last remembered path, compared before the map: a comparison of text where the map
  // hashes each request's fresh copy of the path (about 90 characters for a schedule's).
  // Replaced only when the path changes: no store per repeated request.
  let last: { readonly path: string; readonly known: Remembered<E> } | undefined;
  return {
    match(method, path) {
      let known = last !== undefined && path === last.path ? last.known : remembered.get(path);
      if (known === undefined) {
        known = { walked: walk(root, path), answers: new Map(), lastMethod: undefined, lastAnswer: undefined };
        if (path.length <= MATCH_CACHE_MAX_PATH_LENGTH) {
          if (remembered.size >= MATCH_CACHE_MAX_PATHS) remembered.clear();
          remembered.set(path, known);
        }
      }
      if (known !== last?.known && path.length <= MATCH_CACHE_MAX_PATH_LENGTH) last = { path, known };
      if (method === known.lastMethod && known.lastAnswer !== undefined) return known.lastAnswer;
      let answer = known.answers.get(method);
      if (answer === undefined) {
        answer = answerFor(known.walked, method);
        if (known.answers.size < MATCH_CACHE_MAX_METHODS) known.answers.set(method, answer);
      }
      known.lastMethod = method;
      known.lastAnswer = answer;
      return answer;
    },
  };
}
