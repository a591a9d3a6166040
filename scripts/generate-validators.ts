/**
 * Writes the request-body validators of payments-kit/schemas (src/schemas/generated/) from
 * their one declaration, the valibot schemas: each object, array and leaf of the schema
 * becomes straight-line code that checks the body, copies it in the schema's key order and,
 * for an invalid body, reports every error in the documented error body. The output is
 * committed; `test/schemas/generated-validators.test.ts` fails when it is stale.
 *
 *   npm run generate:validators            # rewrite src/schemas/generated/
 *   npm run generate:validators -- --check # exit 1 and list the stale files
 *
 * How it reads a schema, and what it writes, is in docs/architecture.md ("How a validator is
 * made from its declaration").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');

/** A valibot schema or action, as far as this generator reads it. */
type Part = {
  readonly kind?: string;
  readonly type: string;
  readonly pipe?: readonly Part[];
  readonly wrapped?: Part;
  readonly entries?: Readonly<Record<string, Part>>;
  readonly item?: Part;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly message?: unknown;
};

/** A leaf rule: the name of its `...Problem` function in leaf-rules.ts / text-rule.ts, or a special form. */
type Leaf =
  | { kind: 'leaf'; rule: 'text'; min: number | undefined; max: number }
  | { kind: 'leaf'; rule: 'int32' | 'currency' | 'decimal' | 'resourceId' | 'link' | 'domain' | 'dateTime' }
  | { kind: 'leaf'; rule: 'oneOf'; options: readonly string[] };
type Field = { name: string; optional: boolean; node: Node };
type Node =
  | Leaf
  | { kind: 'nullable'; inner: Node }
  | { kind: 'object'; fields: Field[] }
  | { kind: 'array'; item: Node; limit: string; noun: string };

/** The request limits the schemas are read under: each count a number no real limit has, so that `maxItems` names its limit. */
const MARKED_LIMITS = {
  lineItems: 1_000_000_001,
  optionsPerItem: 1_000_000_002,
  imagesPerItem: 1_000_000_003,
  imagesPerOption: 1_000_000_004,
  fieldErrors: 1_000_000_005,
} as const;
const LIMIT_BY_MARK = new Map<number, string>(Object.entries(MARKED_LIMITS).map(([name, mark]) => [mark, name]));

/** The schema modules a generator run reads (a test may load them again, under a changed declaration). */
export type Declarations = {
  schemas: typeof import('../src/schemas/invoice-update.js') &
    typeof import('../src/schemas/evidence-text.js') &
    typeof import('../src/schemas/apple-pay-session.js');
  leaves: Map<unknown, Leaf['rule']>;
  noLoneSurrogatePattern: string;
  nameLimits: Readonly<Record<string, unknown>>;
};

/** The declarations as the sources state them now. */
export async function loadDeclarations(): Promise<Declarations> {
  const [update, evidence, session, dateTime, resourceId, currency, decimal, numbers, image, text, errorBody] = await Promise.all([
    import('../src/schemas/invoice-update.js'),
    import('../src/schemas/evidence-text.js'),
    import('../src/schemas/apple-pay-session.js'),
    import('../src/schemas/date-time.js'),
    import('../src/schemas/resource-id.js'),
    import('../src/schemas/currency.js'),
    import('../src/schemas/decimal-string.js'),
    import('../src/schemas/numbers.js'),
    import('../src/schemas/image.js'),
    import('../src/schemas/text.js'),
    import('../src/schemas/error-body.js'),
  ]);
  const leaves = new Map<unknown, Leaf['rule']>([
    [dateTime.DateTimeSchema, 'dateTime'],
    [resourceId.ResourceIdSchema, 'resourceId'],
    [currency.CurrencyCodeSchema, 'currency'],
    [decimal.DecimalStringSchema, 'decimal'],
    [numbers.Int32Schema, 'int32'],
    [image.LinkSchema, 'link'],
    [session.DomainSchema, 'domain'],
  ]);
  return {
    schemas: { ...update, ...evidence, ...session },
    leaves,
    noLoneSurrogatePattern: text.NO_LONE_SURROGATE_PATTERN,
    nameLimits: errorBody.NAME_LIMITS,
  };
}

const metadataOf = (schema: Part): Readonly<Record<string, unknown>> =>
  Object.assign({}, ...(schema.pipe ?? []).filter((part) => part.type === 'metadata').map((part) => part.metadata));

/** The tree of `schema`: objects, arrays, nullables and leaves, or an error naming what it cannot read. */
function readSchema(schema: Part, d: Declarations, at: string): Node {
  const rule = d.leaves.get(schema);
  if (rule !== undefined) return { kind: 'leaf', rule } as Leaf;
  if (schema.type === 'nullable' && schema.wrapped !== undefined) return { kind: 'nullable', inner: readSchema(schema.wrapped, d, at) };
  const metadata = metadataOf(schema);
  if (schema.type === 'string' && metadata['pattern'] === d.noLoneSurrogatePattern) {
    const max = metadata['maxLength'];
    return { kind: 'leaf', rule: 'text', min: metadata['minLength'] as number | undefined, max: typeof max === 'number' ? max : Number.POSITIVE_INFINITY };
  }
  if (schema.type === 'custom' && Array.isArray(metadata['enum'])) return { kind: 'leaf', rule: 'oneOf', options: metadata['enum'] as string[] };
  const pipe = schema.pipe ?? [];
  const object = pipe.find((part) => part.type === 'object' && part.entries !== undefined);
  if (schema.type === 'unknown' && object?.entries !== undefined && metadata['additionalProperties'] === false) {
    const fields = Object.entries(object.entries).map(([name, entry]): Field => {
      const optional = entry.type === 'optional';
      const inner = optional ? (entry.wrapped as Part) : entry;
      return { name, optional, node: readSchema(inner, d, `${at}.${name}`) };
    });
    return { kind: 'object', fields };
  }
  const array = pipe.find((part) => part.type === 'array' && part.item !== undefined);
  const maxItems = metadata['maxItems'];
  if (schema.type === 'unknown' && array?.item !== undefined && typeof maxItems === 'number') {
    const limit = LIMIT_BY_MARK.get(maxItems);
    const noun = pipe.map((part) => (typeof part.message === 'string' ? /^must have at most \d+ (.+)$/.exec(part.message)?.[1] : undefined)).find(Boolean);
    if (limit === undefined || noun === undefined) throw new Error(`${at}: an array whose count limit is not one of RequestLimits`);
    return { kind: 'array', item: readSchema(array.item, d, `${at}[]`), limit, noun };
  }
  throw new Error(`${at}: a schema the generator cannot read (type ${schema.type}); add its leaf rule to loadDeclarations`);
}

/** One body: its validator's name, schema, failure status and error-body form. */
type Body = {
  file: string;
  name: string;
  schema: Part;
  schemaName: string;
  spec: string;
  valueType: string;
  resultType: string;
  failStatus: 400 | 422;
  form: 'fields' | 'text';
  imports: string[];
};

/** Where an object sits: the keys from the body down to it, array positions as parameters. */
type Segment = { key: string } | { array: string; depth: number; named: boolean };

/** A path as a reader writes it: `lineItems.items[].options[]`. */
const pathText = (path: readonly Segment[]): string => path.map((s) => ('key' in s ? `.${s.key}` : '[]')).join('').slice(1);

/** A string literal in the project's style (single quotes). */
const q = (s: string): string => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** The property `name` of an object, as written after it: `.name`, or `['a-b']`. */
const prop = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${q(name)}]`);

/** The negation of the condition `c`: `!f(x)` for a call, `!(...)` for anything else. */
const not = (c: string): string => {
  if (/^[\w.]+\([^()]*\)$/.test(c)) return `!${c}`;
  return /^[\w.]+\([^()]*\) === undefined$/.test(c) ? c.replace(/ === undefined$/, ' !== undefined') : `!(${c})`;
};

/**
 * The statements that start an object's copy with its leading required fields (`values`):
 * one literal of them when they are all its fields or at least four; else an empty literal
 * and a store per field. An empty literal has room for four fields in the object itself, a
 * literal of two has room for two: the optional fields added after them would go to a
 * separate property store, allocated per object.
 */
function outputStart(node: Extract<Node, { kind: 'object' }>, lead: number, values: readonly string[]): string[] {
  const fields = node.fields.slice(0, lead);
  if (lead === node.fields.length || lead >= 4) {
    return [`const out: Out = { ${fields.map((f, i) => `${/^[A-Za-z_$][\w$]*$/.test(f.name) ? f.name : q(f.name)}: ${values[i]}`).join(', ')} };`.replace('{  }', '{}')];
  }
  return ['const out: Out = {};', ...fields.map((f, i) => `out[${q(f.name)}] = ${values[i]};`)];
}

/** How many arrays deep `node` goes: 0 for a leaf, 1 for an array of objects of leaves, ... */
const arrayDepth = (node: Node): number =>
  node.kind === 'array'
    ? 1 + arrayDepth(node.item)
    : node.kind === 'object'
      ? Math.max(0, ...node.fields.map((f) => arrayDepth(f.node)))
      : node.kind === 'nullable'
        ? arrayDepth(node.inner)
        : 0;

/**
 * True when the object `node` has a quick function: when no array below it holds arrays
 * itself. Giving up on it then wastes the work of one object with at most its flat lists (an
 * option and its images), not of a line item and all its options.
 */
const isQuick = (node: Node): node is Extract<Node, { kind: 'object' }> => node.kind === 'object' && arrayDepth(node) <= 1;

/** True when `path` passes through an array: an object there repeats, one per element. */
const inArray = (path: readonly Segment[]): boolean => path.some((s) => 'array' in s);

/** True when `node` holds an array at any depth (its quick function then reads the request limits). */
const hasArray = (node: Node): boolean =>
  node.kind === 'array' || (node.kind === 'object' && node.fields.some((f) => hasArray(f.node))) || (node.kind === 'nullable' && hasArray(node.inner));

/** The sound check each leaf rule has for its common valid case, asked first (see leaf-rules.ts). */
const SURELY: Partial<Record<Leaf['rule'], string>> = {
  currency: 'surelyCurrency',
  decimal: 'surelyDecimal',
  resourceId: 'surelyResourceId',
};

class Writer {
  /** The file's functions, in order; a shared one is written when the file is, with every place it checks. */
  private readonly functions: (string | (() => string))[] = [];
  /**
   * True while writing the exact function of an object that has a quick one: it runs only
   * when the quick one gave up, so its leaves ask their rule at once, not the sure check first.
   */
  private plain = false;
  private readonly constants = new Map<string, string>();
  readonly uses = new Set<string>();
  /** The last number given to a function's name (`object3`, `quick7`): one count for the file. */
  private count = 0;
  /** The last number given to a local name (`x2`, `m3`) in the function being written: one count per function, so that two functions that check alike are the same text. */
  private local = 0;

  constructor(
    private readonly d: Declarations,
    private readonly form: 'fields' | 'text',
  ) {}

  private constant(prefix: string, code: string): string {
    for (const [name, existing] of this.constants) if (existing === code && name.startsWith(prefix)) return name;
    const name = `${prefix}_${this.constants.size + 1}`;
    this.constants.set(name, code);
    return name;
  }

  /** Functions whose text (their name and the places they check aside) another already has: that one's name and places, by text. */
  private readonly sharedFunctions = new Map<string, { name: string; places: string[] }>();

  /**
   * Writes `text` (a function named `NAME`) once: the name of the first function with the same
   * text. `place`, when given, is where this use checks, listed in the function's doc comment
   * (`PLACES` in `text`): two objects of one shape (a line item's price and an option's)
   * share one function that names both.
   */
  private shared(prefix: string, text: string, place?: string): string {
    const existing = this.sharedFunctions.get(text);
    if (existing !== undefined) {
      if (place !== undefined) existing.places.push(place);
      return existing.name;
    }
    const entry = { name: this.fresh(prefix), places: place === undefined ? [] : [place] };
    this.sharedFunctions.set(text, entry);
    this.functions.push(() => text.replaceAll(/\bNAME\b/g, entry.name).replace(/\bPLACES\b/, entry.places.join(', ')));
    return entry.name;
  }

  /** A new function name: `prefix` and the next number of the file. */
  private fresh(prefix: string): string {
    this.count += 1;
    return `${prefix}${this.count}`;
  }

  /** A new local name in the function being written: `prefix` and the next number of that function. */
  private freshLocal(prefix: string): string {
    this.local += 1;
    return `${prefix}${this.local}`;
  }

  /** True when the error body is the per-field object: each function keeps the errors of its fields in `errs` and hands them up (`FieldErrorsRun`). */
  private get fields(): boolean {
    return this.form === 'fields';
  }

  /** The type of the run the functions are handed. */
  private get run(): string {
    return this.fields ? 'FieldErrorsRun' : 'ValidationRun';
  }

  /** The error-body keys of `path` (then `tail`), as a literal: the `{ error }` form, whose bodies hold no arrays. */
  private keys(path: readonly Segment[], tail: readonly string[] = []): string {
    const keys = path.map((s) => {
      if (!('key' in s)) throw new Error(`${pathText(path)}: an array in a body of the { error } form`);
      return s.key;
    });
    return `[${[...keys, ...tail].map(q).join(', ')}]`;
  }

  /** The statement that reports `message` at the field `name` of the object at `path`. */
  private report(path: readonly Segment[], name: string, message: string): string {
    return this.fields ? `if (run.room()) (errs ??= {})${prop(name)} = ${message};` : `run.fail(${this.keys(path, [name])}, ${message});`;
  }

  /** The statements that report `message` at the object or array at `path` itself (not an object, not an array, too many), then return. */
  private reportSelf(path: readonly Segment[], message: string): string[] {
    return [this.fields ? `if (run.room()) run.node = ${message};` : `run.fail(${this.keys(path)}, ${message});`, 'return undefined;'];
  }

  /** The statement that ends a function early once the run has stopped (its errors handed up). */
  private get stop(): string {
    return this.fields ? 'if (run.stopped) return run.up(errs);' : 'if (run.stopped) return undefined;';
  }

  /** The expression of the message of leaf `leaf` for `x` (undefined when it passes). */
  private problem(leaf: Leaf, x: string): string {
    switch (leaf.rule) {
      case 'text': {
        this.uses.add('textProblem');
        this.uses.add('surelyText');
        const min = leaf.min === 1 ? 1 : 0;
        const max = leaf.max === Number.POSITIVE_INFINITY ? 'Infinity' : String(leaf.max);
        const surely = !this.plain && (leaf.min === undefined || leaf.min <= 1) ? `surelyText(${x}, ${min}, ${max}) ? undefined : ` : '';
        if (leaf.min === undefined && leaf.max === Number.POSITIVE_INFINITY) return `${surely}textProblem(${x})`;
        const limit = leaf.min === undefined ? `{ max: ${leaf.max} }` : `{ min: ${leaf.min}, max: ${leaf.max} }`;
        return `${surely}textProblem(${x}, ${this.constant('TEXT_LIMIT', `Object.freeze(${limit})`)})`;
      }
      case 'oneOf': {
        this.uses.add('oneOfMessage');
        const list = `[${leaf.options.map(q).join(', ')}]`;
        const set = this.constant('ONE_OF', `new Set<unknown>(${list})`);
        const message = this.constant('ONE_OF_MESSAGE', `oneOfMessage(${list})`);
        return `${set}.has(${x}) ? undefined : ${message}`;
      }
      case 'dateTime':
        throw new Error('a date-time is written by field()');
      default: {
        this.uses.add(`${leaf.rule}Problem`);
        const surely = SURELY[leaf.rule];
        if (surely === undefined || this.plain) return `${leaf.rule}Problem(${x})`;
        this.uses.add(surely);
        return `${surely}(${x}) ? undefined : ${leaf.rule}Problem(${x})`;
      }
    }
  }

  /** The expression that is true when leaf `node` surely accepts `x` unchanged (false: the exact rule decides). */
  private surely(node: Node, x: string): string {
    if (node.kind === 'nullable') return `${x} === null || ${this.surely(node.inner, x)}`;
    if (node.kind !== 'leaf') throw new Error('only a leaf has a sure check');
    if (node.rule === 'dateTime') {
      this.uses.add('surelyDateTime');
      return `surelyDateTime(${x})`;
    }
    const plain = this.plain;
    this.plain = false;
    const problem = this.problem(node, x);
    this.plain = plain;
    if (node.rule === 'oneOf') return `${problem.split(' ? ')[0]}`;
    const sure = /^(.+?) \? undefined : /.exec(problem);
    return sure === null ? `${problem} === undefined` : (sure[1] as string);
  }

  /**
   * Writes (once per shape) the quick function of an object: its copy when every field is
   * surely valid (its objects and arrays by their own quick functions) and no other field is
   * there, else undefined, and then the object's exact function decides and reports. It is
   * pure (it reports nothing), so that giving up is free; it is small, so that the compiler
   * inlines it where a price is read. Returns its name.
   */
  private quick(node: Extract<Node, { kind: 'object' }>): string {
    const isField = this.isField(node);
    const firstOptional = node.fields.findIndex((f) => f.optional);
    const lead = firstOptional === -1 ? node.fields.length : firstOptional;
    const leaf = (f: Field) => f.node.kind === 'leaf' || f.node.kind === 'nullable';
    const read = (f: Field, i: number) => `const x${i} = ${leaf(f) ? `value[${q(f.name)}]` : this.quickCall(f.node, `value[${q(f.name)}]`, 'limits')};`;
    const sure = (f: Field, i: number) => (leaf(f) ? not(this.surely(f.node, `x${i}`)) : `x${i} === undefined`);
    const body = [
      'if (!isJsonObject(value)) return undefined;',
      ...node.fields.slice(0, lead).map(read),
      ...(lead === 0 ? [] : [`if (${node.fields.slice(0, lead).map(sure).join(' || ')}) return undefined;`]),
      `for (const key in value) if (!${isField}(key) && Object.hasOwn(value, key)) return undefined;`,
      ...(lead === node.fields.length
        ? [outputStart(node, lead, node.fields.map((_, i) => `x${i}`))[0]?.replace('const out: Out =', 'return') as string]
        : outputStart(
            node,
            lead,
            node.fields.slice(0, lead).map((_, i) => `x${i}`),
          )),
      ...node.fields.slice(lead).flatMap((f, j) => {
        const i = lead + j;
        const at = q(f.name);
        const x = `x${i}`;
        if (!f.optional) return [read(f, i), `if (${sure(f, i)}) return undefined;`, `out[${at}] = ${x};`];
        const check = leaf(f)
          ? [`  if (${not(this.surely(f.node, x))}) return undefined;`, `  out[${at}] = ${x};`]
          : [`  const c${i} = ${this.quickCall(f.node, x, 'limits')};`, `  if (c${i} === undefined) return undefined;`, `  out[${at}] = c${i};`];
        return [`const ${x} = value[${at}];`, `if (${x} !== undefined) {`, ...check, `} else if (${at} in value) out[${at}] = undefined;`];
      }),
      ...(lead === node.fields.length ? [] : ['return out;']),
    ];
    const names = node.fields.map((f) => `\`${f.name}\``).join(', ');
    return this.shared(
      'quick',
      [
        `/** An object of ${names}, when every field is surely valid and there is no other: its copy, else undefined (the exact function decides). */`,
        `function NAME(value: unknown${hasArray(node) ? ', limits: RequestLimits' : ''}): Out | undefined {`,
        ...body.map((l) => `  ${l}`),
        '}',
      ].join('\n'),
    );
  }

  /** The call of the quick function of the object or array `node` on `x`, the request limits being `limits`. */
  private quickCall(node: Node, x: string, limits: string): string {
    if (node.kind === 'object') return `${this.quick(node)}(${x}${hasArray(node) ? `, ${limits}` : ''})`;
    if (node.kind !== 'array' || node.item.kind !== 'object') throw new Error('only objects and arrays of objects have quick functions');
    const element = this.quick(node.item);
    const more = hasArray(node.item);
    const list = this.shared(
      'quickList',
      [
        `/** An array of at most \`max\` elements, each surely valid by \`${element}\`: its copy, else undefined. */`,
        `function NAME(value: unknown, max: number${more ? ', limits: RequestLimits' : ''}): unknown[] | undefined {`,
        '  if (!Array.isArray(value) || value.length > max) return undefined;',
        '  const out: unknown[] = new Array(value.length);',
        '  for (let i = 0; i < value.length; i += 1) {',
        `    const element = ${element}(value[i]${more ? ', limits' : ''});`,
        '    if (element === undefined) return undefined;',
        '    out[i] = element;',
        '  }',
        '  return out;',
        '}',
      ].join('\n'),
    );
    return `${list}(${x}, ${limits}.${node.limit}${more ? `, ${limits}` : ''})`;
  }

  /**
   * Writes (once per list of fields) the function that tells an object's fields from unknown
   * ones; returns its name. `false` is returned after the switch, not by a `default:` case: a
   * default without its statement would answer `undefined`, as falsy as `false`, and no test
   * could tell that function from this one.
   */
  private isField(node: Extract<Node, { kind: 'object' }>): string {
    const names = node.fields.map((f) => `\`${f.name}\``).join(', ');
    return this.shared(
      'isField',
      [
        `/** True when \`key\` is one of ${names}. */`,
        'function NAME(key: string): boolean {',
        '  switch (key) {',
        ...node.fields.map((f) => `    case ${q(f.name)}:`),
        '      return true;',
        '  }',
        '  return false;',
        '}',
      ].join('\n'),
    );
  }

  /** After an object's or array's function at the field `name`: the statement that places what it handed up (per-field form). */
  private handedUp(name: string): string[] {
    return this.fields ? [`if (run.node !== undefined) (errs ??= {})${prop(name)} = run.take();`] : [];
  }

  /** The statements that check `x` (known not to be undefined) at `path`.`name` and `store` its output. */
  private present(node: Node, x: string, path: readonly Segment[], name: string, store: (expr: string) => string): string[] {
    const at = q(name);
    const here = [...path, { key: name }];
    switch (node.kind) {
      case 'object': {
        const exact = `${this.object(node, here)}(run, ${x})`;
        // An object with arrays of arrays below it (a line item) has no quick try: the elements
        // below have theirs, so that an error costs one of them twice, not the whole object.
        // Nor has one outside every array (`taxAmount`): it is read once per body.
        return [store(isQuick(node) && inArray(path) ? `${this.quickCall(node, x, 'run.limits')} ?? ${exact}` : exact), ...this.handedUp(name)];
      }
      case 'array':
        return [store(`${this.array(node, here, name)}(run, ${x})`), ...this.handedUp(name)];
      case 'nullable': {
        const inner = this.present(node.inner, x, path, name, store);
        return [`if (${x} === null) ${store('null')}`, 'else {', ...inner.map((l) => `  ${l}`), '}'];
      }
      case 'leaf': {
        if (node.rule === 'dateTime') {
          this.uses.add('dateTimeValue');
          const r = this.freshLocal('r');
          this.uses.add('surelyDateTime');
          return [
            `if (surelyDateTime(${x})) ${store(x)}`,
            'else {',
            `  const ${r} = dateTimeValue(${x});`,
            `  if (typeof ${r} === 'string') ${store(r)}`,
            `  else ${this.report(path, name, `${r}.error`)}`,
            '}',
          ];
        }
        const m = this.freshLocal('m');
        return [
          `const ${m} = ${this.problem(node, x)};`,
          `if (${m} === undefined) ${store(x)}`,
          `else ${this.report(path, name, m)}`,
        ];
      }
    }
  }

  /** The statements of one field of an object at `path`. */
  private field(field: Field, path: readonly Segment[], guarded: boolean, into: string | undefined): string[] {
    const at = q(field.name);
    const x = this.freshLocal('x');
    // Once the error body is truncated nothing found later can change it: an object or array
    // field, and every field after one, is not even read then.
    const lines = [...(guarded ? [this.stop] : []), `const ${x} = value[${at}];`];
    const store = (expr: string) => (into === undefined ? `out[${at}] = ${expr};` : `${into} = ${expr};`);
    const check = this.present(field.node, x, path, field.name, store).map((l) => `  ${l}`);
    if (field.optional) {
      lines.push(`if (${x} !== undefined) {`, ...check, `} else if (${at} in value) out[${at}] = undefined;`);
    } else {
      this.uses.add('REQUIRED_MESSAGE');
      lines.push(`if (${x} !== undefined || ${at} in value) {`, ...check, `} else ${this.report(path, field.name, 'REQUIRED_MESSAGE')}`);
    }
    return lines;
  }

  /**
   * Writes the function of the object `node` at `path`, or finds the one already written for
   * an object of the same fields and rules elsewhere in the body; returns its name.
   */
  object(node: Extract<Node, { kind: 'object' }>, path: readonly Segment[]): string {
    // Local names count from 1 in each function (the functions of the objects and arrays
    // below are written in the middle of this one), so that two alike are the same text.
    const outerLocal = this.local;
    this.local = 0;
    if (path.length > 0) this.uses.add('OBJECT_MESSAGE');
    this.uses.add('isJsonObject');
    const complex = (f: Field) => f.node.kind === 'object' || f.node.kind === 'array';
    const firstComplex = node.fields.findIndex(complex);
    // The leading required fields go into temporaries and the output starts as a literal of
    // them (one allocation of the right shape); the fields after them are added to it. Behind
    // a quick function (which copies every valid body) the output starts empty: less code.
    const behindQuick = inArray(path) && isQuick(node);
    const firstOptional = node.fields.findIndex((f) => f.optional);
    const lead = behindQuick ? 0 : firstOptional === -1 ? node.fields.length : firstOptional;
    const temps = node.fields.slice(0, lead).map(() => this.freshLocal('v'));
    const literal = outputStart(node, lead, temps);
    const plain = this.plain;
    this.plain = behindQuick;
    const body = [
      ...temps.map((t) => `let ${t}: unknown;`),
      ...node.fields.flatMap((f, i) => {
        // No guard before the first field: every caller checks `run.stopped` just before it
        // calls an object's function, so nothing can have stopped the run there.
        const lines = this.field(f, path, firstComplex !== -1 && i >= firstComplex && i > 0, temps[i]);
        return i === lead - 1 ? [...lines, ...literal] : lines;
      }),
    ];
    this.plain = plain;
    if (lead === 0) body.unshift(...literal);
    const isField = this.isField(node);
    this.local = outerLocal;
    const text = [
      `/** ${path.length === 0 ? 'The body' : 'PLACES'}: checked and copied in the schema's key order${path.length === 0 ? '' : ', or undefined when it is not an object'}. */`,
      ...(path.length === 0
        ? [`function NAME(run: ${this.run}, value: Out): Out | undefined {`]
        : [
            `function NAME(run: ${this.run}, value: unknown): Out | undefined {`,
            `  if (!isJsonObject(value)) {`,
            ...this.reportSelf(path, 'OBJECT_MESSAGE').map((l) => `    ${l}`),
            '  }',
          ]),
      ...(this.fields ? ['  let errs: ErrorNode | undefined;'] : []),
      ...body.map((l) => `  ${l}`),
      // The first unknown key found is handed over: a key this loop let through by mistake
      // is then reported, not checked again and dropped.
      `  for (const key in value) {`,
      `    if (!${isField}(key) && Object.hasOwn(value, key)) {`,
      this.fields ? `      errs = run.unknownFields(errs, value, ${isField}, key);` : `      run.unknownFields(${this.keys(path)}, value, ${isField}, key);`,
      '      break;',
      '    }',
      '  }',
      ...(this.fields ? ['  run.node = errs;'] : []),
      '  return out;',
      '}',
    ].join('\n');
    return this.shared('object', text, `\`${pathText(path)}\``);
  }

  /** Writes the function of the array `node` at `path` (the array is the field `field`); returns its name. */
  array(node: Extract<Node, { kind: 'array' }>, path: readonly Segment[], field: string): string {
    if (node.item.kind !== 'object') throw new Error(`${field}: only arrays of objects are generated`);
    const name = this.fresh('array');
    const depth = path.filter((s) => 'array' in s).length;
    const named = Object.hasOwn(this.d.nameLimits, field);
    const element: Segment = { array: field, depth, named };
    const item = this.object(node.item, [...path, element]);
    this.uses.add('ARRAY_MESSAGE');
    this.uses.add('tooManyMessage');
    const i = `i${depth}`;
    if (!this.fields) throw new Error(`${field}: an array in a body of the { error } form`);
    // An element's key: its name (the keys of the elements before it are needed to make it
    // unique, so they are kept per array, from its first failed element on), or its position.
    if (named) this.uses.add('ElementKeys').add('NAME_LIMITS');
    const key = named ? `(keys ??= new ElementKeys(value, NAME_LIMITS${prop(field)})).keyOf(${i})` : `\`[\${${i}}]\``;
    // The copy is allocated at its length and filled by index, here and in the quick lists:
    // `push` on an empty array allocates its elements again as they grow (about 170 machine
    // instructions more for a list of two options). Every index is written before it is read.
    this.functions.push(
      [
        `/** \`${pathText(path)}\`: at most \`limits.${node.limit}\` ${node.noun}. */`,
        `function ${name}(run: ${this.run}, value: unknown): unknown[] | undefined {`,
        `  if (!Array.isArray(value)) {`,
        ...this.reportSelf(path, 'ARRAY_MESSAGE').map((l) => `    ${l}`),
        '  }',
        `  const max = run.limits.${node.limit};`,
        `  if (value.length > max) {`,
        ...this.reportSelf(path, `tooManyMessage(max, ${q(node.noun)})`).map((l) => `    ${l}`),
        '  }',
        '  let errs: ErrorNode | undefined;',
        ...(named ? ['  let keys: ElementKeys | undefined;'] : []),
        '  const out: unknown[] = new Array(value.length);',
        `  for (let ${i} = 0; ${i} < value.length; ${i} += 1) {`,
        `    out[${i}] = ${isQuick(node.item) ? `${this.quickCall(node.item, `value[${i}]`, 'run.limits')} ?? ` : ''}${item}(run, value[${i}]);`,
        `    if (run.node !== undefined) errs = run.at(errs, ${key});`,
        `    ${this.stop}`,
        '  }',
        '  run.node = errs;',
        '  return out;',
        '}',
      ].join('\n'),
    );
    return name;
  }

  text(): string {
    const constants = [...this.constants].map(([name, code]) => `const ${name} = ${code};`).join('\n');
    return `${constants}\n\n${this.functions.map((f) => (typeof f === 'string' ? f : f())).join('\n\n')}`;
  }
}

/** The imports a generated file needs, by the module that exports them. */
const IMPORT_FROM: Record<string, string> = {
  textProblem: 'schemas/text-rule.js',
  surelyText: 'schemas/text-rule.js',
  surelyCurrency: 'schemas/leaf-rules.js',
  surelyDecimal: 'schemas/leaf-rules.js',
  surelyResourceId: 'schemas/leaf-rules.js',
  surelyDateTime: 'schemas/leaf-rules.js',
  dateTimeValue: 'schemas/leaf-rules.js',
  int32Problem: 'schemas/leaf-rules.js',
  currencyProblem: 'schemas/leaf-rules.js',
  decimalProblem: 'schemas/leaf-rules.js',
  resourceIdProblem: 'schemas/leaf-rules.js',
  linkProblem: 'schemas/leaf-rules.js',
  domainProblem: 'schemas/leaf-rules.js',
  isJsonObject: 'schemas/is-json-object.js',
  REQUIRED_MESSAGE: 'schemas/messages.js',
  OBJECT_MESSAGE: 'schemas/messages.js',
  ARRAY_MESSAGE: 'schemas/messages.js',
  BODY_NOT_OBJECT_MESSAGE: 'schemas/messages.js',
  oneOfMessage: 'schemas/messages.js',
  tooManyMessage: 'limits/index.js',
  ValidationRun: 'schemas/validation-run.js',
  FieldErrorsRun: 'schemas/validation-run.js',
  ElementKeys: 'schemas/error-body.js',
  NAME_LIMITS: 'schemas/error-body.js',
  ErrorNode: 'schemas/error-body.js',
  InvoiceUpdateErrorBody: 'schemas/error-body.js',
};

/** The names of IMPORT_FROM that are types. */
const TYPES = new Set(['ErrorNode', 'InvoiceUpdateErrorBody']);

/** The source of one generated validator; `base` is the import path of src/schemas from the file. */
function generate(body: Body, d: Declarations, base: string): string {
  const tree = readSchema(body.schema, d, body.name);
  if (tree.kind !== 'object') throw new Error(`${body.name}: a request body is an object`);
  const writer = new Writer(d, body.form);
  const top = writer.object(tree, []);
  writer.uses.add('BODY_NOT_OBJECT_MESSAGE');
  if (body.form === 'fields') writer.uses.add('FieldErrorsRun').add('ErrorNode').add('InvoiceUpdateErrorBody');
  else writer.uses.add('ValidationRun');
  const modules = new Map<string, string[]>();
  for (const name of [...writer.uses].sort()) {
    const from = IMPORT_FROM[name] ?? '';
    modules.set(from, [...(modules.get(from) ?? []), name]);
  }
  const importOf = (names: readonly string[]): string =>
    names.every((n) => TYPES.has(n)) ? `import type { ${names.join(', ')} }` : `import { ${names.map((n) => (TYPES.has(n) ? `type ${n}` : n)).join(', ')} }`;
  // From src/schemas/generated/, a module of src/schemas is one level up.
  const path = (from: string) => (base === '../..' && from.startsWith('schemas/') ? `../${from.slice('schemas/'.length)}` : `${base}/${from}`);
  const imports = [
    `import type { RequestLimits } from '${base}/limits/index.js';`,
    ...[...modules].sort(([a], [b]) => a.localeCompare(b)).map(([from, names]) => `${importOf(names)} from '${path(from)}';`),
    ...body.imports.map((line) => line.replace(/'<base>\/([^']+)'/, (_, from: string) => `'${path(from)}'`)),
  ];
  const failed =
    body.form === 'fields'
      ? `{ ok: false, status: ${body.failStatus}, body: run.finish() as InvoiceUpdateErrorBody }`
      : `{ ok: false, status: ${body.failStatus}, body: { error: run.errors.finishText() } }`;
  return `// Generated by scripts/generate-validators.ts from \`${body.schemaName}\` (${body.spec}): do not edit.
// Change the schema and run \`npm run generate:validators\`; a test fails while this file is stale.
${imports.join('\n')}

type Out = Record<string, unknown>;

${writer.text()}

/**
 * Validates ${body.spec} by the rules of \`${body.schemaName}\`: the value copied in the
 * schema's key order, or the status and the documented error body (every error, at most
 * \`limits.fieldErrors\`, then the truncation note).
 */
export function ${body.name}(body: unknown, limits: RequestLimits): ${body.resultType} {
  if (!isJsonObject(body)) return { ok: false, status: 400, body: { error: BODY_NOT_OBJECT_MESSAGE } };
  const run = new ${body.form === 'fields' ? 'FieldErrorsRun' : 'ValidationRun'}(limits);
  const value = ${top}(run, body);
  if (${body.form === 'fields' ? 'run.node === undefined && !run.stopped' : 'run.errors === undefined'}) return { ok: true, value: value as unknown as ${body.valueType} };
  return ${failed};
}
`;
}

/** The generated files, by path from the repository root, for the declarations `d`; `base` is the import path of src/ from them. */
export function generateValidators(d: Declarations, base = '../..'): Map<string, string> {
  const s = d.schemas;
  const bodies: Body[] = [
    {
      file: 'invoice-update.ts',
      name: 'validateInvoiceUpdateBody',
      schema: s.invoiceUpdateSchema(MARKED_LIMITS) as unknown as Part,
      schemaName: 'invoiceUpdateSchema',
      spec: 'the update-invoice body, spec 4.2',
      valueType: 'InvoiceUpdate',
      resultType: 'InvoiceUpdateValidation',
      failStatus: 422,
      form: 'fields',
      imports: [
        "import type { InvoiceUpdate } from '<base>/schemas/shapes/invoice-update.js';",
        "import type { InvoiceUpdateValidation } from '<base>/schemas/validation-result.js';",
      ],
    },
    {
      file: 'evidence-text-request.ts',
      name: 'validateEvidenceTextRequestBody',
      schema: s.evidenceTextRequestSchema(MARKED_LIMITS) as unknown as Part,
      schemaName: 'evidenceTextRequestSchema',
      spec: 'the upload-evidence-text body, spec 4.3',
      valueType: 'EvidenceTextRequest',
      resultType: 'ValidationResult<EvidenceTextRequest, ErrorBody>',
      failStatus: 400,
      form: 'text',
      imports: [
        "import type { EvidenceTextRequest } from '<base>/schemas/shapes/evidence-text.js';",
        "import type { ErrorBody, ValidationResult } from '<base>/schemas/validation-result.js';",
      ],
    },
    {
      file: 'apple-pay-session-request.ts',
      name: 'validateApplePaySessionRequestBody',
      schema: s.applePaySessionRequestSchema(MARKED_LIMITS) as unknown as Part,
      schemaName: 'applePaySessionRequestSchema',
      spec: 'the create-wallet-session body, spec 4.4',
      valueType: 'ApplePaySessionRequest',
      resultType: 'ValidationResult<ApplePaySessionRequest, ErrorBody>',
      failStatus: 422,
      form: 'text',
      imports: [
        "import type { ApplePaySessionRequest } from '<base>/schemas/shapes/apple-pay-session.js';",
        "import type { ErrorBody, ValidationResult } from '<base>/schemas/validation-result.js';",
      ],
    },
  ];
  return new Map(bodies.map((body) => [`src/schemas/generated/${body.file}`, generate(body, d, base)]));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const [file, text] of generateValidators(await loadDeclarations())) {
    const path = join(root, file);
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {
      // not written yet
    }
    if (current === text) continue;
    stale.push(file);
    if (!check) writeFileSync(path, text);
  }
  if (check && stale.length > 0) {
    console.error(`stale generated validators (run npm run generate:validators):\n${stale.join('\n')}`);
    process.exit(1);
  }
  console.log(stale.length === 0 ? 'generated validators are up to date' : `wrote ${stale.join(', ')}`);
}
