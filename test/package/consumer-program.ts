// A TypeScript consumer of the BUILT package, for the checks that read the package's
// declaration files as a user's compiler does (test/package/type-cost.ts, public-types.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';

/** The package root (the directory holding package.json and dist/). */
export const PACKAGE_ROOT = resolve(import.meta.dirname, '../..');

/** The root entry's built declarations: absent until `npm run build`. */
export const BUILT_DECLARATIONS = join(PACKAGE_ROOT, 'dist/index.d.ts');

type PackageJson = { name: string; exports: Record<string, unknown> };

function readPackageJson(root: string): PackageJson {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
}

/** The import specifier of every subpath in package.json `exports` (`payments-kit`, `payments-kit/amount`, ...). */
export function subpathSpecifiers(root: string = PACKAGE_ROOT): string[] {
  const pkg = readPackageJson(root);
  return Object.entries(pkg.exports)
    .filter(([subpath, target]) => typeof target === 'object' && target !== null && !subpath.endsWith('.json'))
    .map(([subpath]) => (subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`));
}

/**
 * A consumer's settings: strict, Node's ESM resolution (the `import` condition of
 * `exports`), the DOM and Node types a server or browser project has. An empty file under
 * these is the "about 46k types" baseline.
 */
export function consumerOptions(root: string, skipLibCheck: boolean): ts.CompilerOptions {
  return {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    typeRoots: [join(root, 'node_modules/@types')],
    skipLibCheck,
    noEmit: true,
  };
}

/** A consumer project: `program(contents)` compiles `consumer.ts` holding `contents`. */
export type Consumer = {
  readonly file: string;
  program(contents: string): ts.Program;
};

/**
 * Runs `use` with a consumer project in a scratch directory whose `node_modules/<name>`
 * links to `root`, so that `import ... from 'payments-kit/...'` resolves through package.json
 * `exports` to dist/ as in a user's project. Parsed files are shared by every program (each
 * still has its own checker, so counts stay per program). The directory is removed after.
 *
 * @example
 * withConsumer(PACKAGE_ROOT, false, (consumer) => consumer.program("import 'payments-kit/ids';").getTypeCount());
 */
export function withConsumer<T>(root: string, skipLibCheck: boolean, use: (consumer: Consumer) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'payments-kit-consumer-'));
  try {
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(root, join(dir, 'node_modules', readPackageJson(root).name), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module', private: true }));
    const file = join(dir, 'consumer.ts');
    const options = consumerOptions(root, skipLibCheck);
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    const parsed = new Map<string, ts.SourceFile | undefined>();
    host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
      if (fileName === file) return read(fileName, languageVersion, onError, shouldCreate);
      if (!parsed.has(fileName)) parsed.set(fileName, read(fileName, languageVersion, onError, shouldCreate));
      return parsed.get(fileName);
    };
    return use({
      file,
      program(contents) {
        writeFileSync(file, contents);
        return ts.createProgram({ rootNames: [file], options, host });
      },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The messages of `diagnostics`, each with its file. */
export function diagnosticMessages(diagnostics: readonly ts.Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

/** The module symbol of the `index`-th import of `file` in `program`. */
export function importedModule(program: ts.Program, file: string, index = 0): ts.Symbol | undefined {
  const imports = program.getSourceFile(file)?.statements.filter(ts.isImportDeclaration) ?? [];
  const declaration = imports[index];
  return declaration === undefined ? undefined : program.getTypeChecker().getSymbolAtLocation(declaration.moduleSpecifier);
}
