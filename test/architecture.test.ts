import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycle } from './import-graph.js';

// The import rules of the source's layout. Every folder under src/ says in its README.md what it
// owns and, on a "May import:" line, which folders its files may import, type-only imports
// included (they are erased from the build, but a type that crosses the layers is a circle all
// the same). This test reads every one of those lines and fails on a folder without one, on any
// import that crosses them and on a folder a line names that no file of the folder imports (so
// the lines say what the code does); the rule and its enforcement are the same text. It also
// fails on any circle of files, types included.
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** The pure modules: they never import the handler, an adapter, a store or the CLI. */
const DOMAIN = ['amount', 'ids', 'version', 'limits', 'schemas', 'invoice', 'schedule', 'rrule', 'shared', 'operations'];
const HANDLER_SIDE = ['http', 'node', 'reference', 'postgres', 'testing', 'cli', 'relay', 'client'];

const folderOf = (file: string): string => relative(SRC, dirname(file)).split(sep).join('/');

function filesIn(dir: string, deep: boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return deep ? filesIn(path, true) : [];
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

// import/export ... from '...' statements, with whether they are type-only.
const STATEMENT = /^(?:import|export)(\s+type\b)?[^;'"]*?from\s*['"]([^'"]+)['"]/gms;
const SIDE_EFFECT_IMPORT = /^import\s*['"]([^'"]+)['"]/gm;

type Import = { readonly file: string; readonly specifier: string; readonly typeOnly: boolean };

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  for (const match of text.matchAll(STATEMENT)) found.push({ file, specifier: match[2] ?? '', typeOnly: match[1] !== undefined });
  for (const match of text.matchAll(SIDE_EFFECT_IMPORT)) found.push({ file, specifier: match[1] ?? '', typeOnly: false });
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ file, specifier: match[1] ?? '', typeOnly: false });
  return found;
}

/** The folder (relative to src, `/`-separated) an import resolves into, or undefined for a package. */
function targetFolder({ file, specifier }: Import): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return folderOf(resolve(dirname(file), specifier));
}

/**
 * The folder names of a README's "May import:" line, as written: comma-separated, a remark in
 * parentheses after a name ignored ("http/effects (types)"), "(nothing ...)" for none.
 */
function namedFolders(folder: string): string[] | undefined {
  const readme = join(SRC, folder, 'README.md');
  if (!existsSync(readme)) return undefined;
  const line = readFileSync(readme, 'utf8').split('\n').find((l) => l.startsWith('May import:'));
  if (line === undefined) return undefined;
  return line
    .slice('May import:'.length)
    .split(',')
    .map((name) => name.replace(/\(.*\)/, '').trim())
    .filter((name) => name !== '');
}

/** The folders a folder's README allows, with "domain modules" expanded. */
function allowedFolders(folder: string): Set<string> | undefined {
  const names = namedFolders(folder);
  return names === undefined ? undefined : new Set(names.flatMap((name) => (name === 'domain modules' ? DOMAIN : [name])));
}

/** Every folder under src/ that holds code (src/ itself is the root entry, not a folder of the layout). */
const RULED = [...new Set(filesIn(SRC, true).map(folderOf))].filter((folder) => folder !== '').sort();

/** The folders a folder's files import, other than itself. */
const importedBy = (folder: string): Set<string> =>
  new Set(
    filesIn(join(SRC, folder), false)
      .flatMap(importsOf)
      .map(targetFolder)
      .filter((to): to is string => to !== undefined && to !== folder),
  );

describe('the layout of src/ (each folder README.md\'s "May import:" line)', () => {
  it('gives every folder of src/ a README with its rule', () => {
    expect(RULED.length).toBeGreaterThan(35);
    expect(RULED.filter((folder) => allowedFolders(folder) === undefined)).toEqual([]);
  });

  it('names on each "May import:" line only folders that exist and that the folder imports', () => {
    const stale = RULED.flatMap((folder) => {
      const imported = importedBy(folder);
      return (namedFolders(folder) ?? [])
        .filter((name) => name !== 'domain modules')
        .filter((name) => !existsSync(join(SRC, name)) || !imported.has(name))
        .map((name) => `${folder}/README.md: ${name}`);
    });
    expect(stale).toEqual([]);
  });

  for (const folder of RULED) {
    it(`${folder} imports only what its README allows`, () => {
      const allowed = allowedFolders(folder) ?? new Set<string>();
      const crossing = filesIn(join(SRC, folder), false)
        .flatMap(importsOf)
        .map((entry) => ({ entry, to: targetFolder(entry) }))
        .filter(({ to }) => to !== undefined && to !== folder && !allowed.has(to))
        .map(({ entry, to }) => `${relative(SRC, entry.file)} -> ${to} (${entry.specifier})`);
      expect(crossing).toEqual([]);
    });
  }

  it('the "May import:" lines allow no circle of folders', () => {
    // A sub-folder may read its own module's parent folder (schemas/shapes the enumerations of
    // schemas, schedule/rails its deepFreeze): that is one module's inside, where the circle of
    // files test below is the rule.
    const isAncestor = (folder: string, to: string) => folder.startsWith(`${to}/`);
    const edges = new Map(
      RULED.map((folder) => [folder, new Map([...(allowedFolders(folder) ?? [])].filter((to) => !isAncestor(folder, to)).map((to) => [to, `${folder}/README.md`]))]),
    );
    const cycle = findCycle(edges);
    expect(cycle === undefined ? 'no cycle' : cycle.join(' -> ')).toBe('no cycle');
  });

  it('no circle of files in src/, type-only imports included', () => {
    const edges = new Map<string, Map<string, string>>();
    for (const file of filesIn(SRC, true)) {
      const targets = importsOf(file)
        .filter(({ specifier }) => specifier.startsWith('.'))
        .map(({ specifier }) => relative(SRC, resolve(dirname(file), specifier.replace(/\.js$/, '.ts'))).split(sep).join('/'));
      edges.set(relative(SRC, file).split(sep).join('/'), new Map(targets.map((to) => [to, file])));
    }
    expect(edges.size).toBeGreaterThan(300);
    const cycle = findCycle(edges);
    expect(cycle === undefined ? 'no cycle' : cycle.join(' -> ')).toBe('no cycle');
  });

  it('reads type-only imports, inline ones and re-exports (the scan is not blind to types)', () => {
    const seen = importsOf(join(SRC, 'http/operations/declaration.ts')).map(({ specifier, typeOnly }) => `${typeOnly ? 'type ' : ''}${specifier}`);
    expect(seen).toContain('type ./component-name.js');
    expect(importsOf(join(SRC, 'http/pipeline/options.ts')).some(({ specifier, typeOnly }) => typeOnly && specifier === '../operations/schedule-view.js')).toBe(true);
  });

  it('src/http and src/client import no node: module and no Node-only package, not even for types', () => {
    const nodeImports = [...filesIn(join(SRC, 'http'), true), ...filesIn(join(SRC, 'client'), true)]
      .flatMap(importsOf)
      .filter(({ specifier }) => specifier.startsWith('node:') || ['http', 'https', 'net', 'stream', 'crypto', 'buffer', 'fs'].includes(specifier))
      .map(({ file, specifier }) => `${relative(SRC, file)}: ${specifier}`);
    expect(nodeImports).toEqual([]);
  });

  it('src/http and src/client use no Node-only global (setImmediate, Buffer, process, require, __dirname)', () => {
    const uses = [...filesIn(join(SRC, 'http'), true), ...filesIn(join(SRC, 'client'), true)].flatMap((file) => {
      // Comments may name them (to say why they are not used); code may not.
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
      return [/\bsetImmediate\b/, /\bclearImmediate\b/, /(?<![\w-])Buffer\s*[.(]/, /(?<![\w-])process\s*\./, /(?<![\w-])require\s*\(/, /\b__dirname\b/]
        .filter((pattern) => pattern.test(code))
        .map((pattern) => `${relative(SRC, file)}: ${pattern.source}`);
    });
    expect(uses).toEqual([]);
  });

  it('the client never imports the handler, an adapter or a store (it reads the routes in src/operations)', () => {
    const crossing = filesIn(join(SRC, 'client'), true)
      .flatMap(importsOf)
      .map((entry) => ({ entry, to: targetFolder(entry)?.split('/')[0] }))
      .filter(({ to }) => to !== undefined && HANDLER_SIDE.includes(to) && to !== 'client')
      .map(({ entry, to }) => `${relative(SRC, entry.file)} -> ${to}`);
    expect(crossing).toEqual([]);
  });

  it('the domain modules never import the handler, an adapter, a store or the CLI', () => {
    const crossing = DOMAIN.flatMap((module) => filesIn(join(SRC, module), true))
      .flatMap(importsOf)
      .map((entry) => ({ entry, to: targetFolder(entry)?.split('/')[0] }))
      .filter(({ to }) => to !== undefined && HANDLER_SIDE.includes(to))
      .map(({ entry, to }) => `${relative(SRC, entry.file)} -> ${to}`);
    expect(crossing).toEqual([]);
  });
});
