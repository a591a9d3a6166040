// What importing each subpath of the BUILT package costs a consumer's type-check, counted
// with the TypeScript compiler API (the "Types" and "Instantiations" of
// `tsc --extendedDiagnostics`). Counts do not depend on the machine's load, so they can be
// budgeted. Used by test/package/type-budget.test.ts and scripts/type-budget.ts.
import ts from 'typescript';
import { type Consumer, PACKAGE_ROOT, diagnosticMessages, importedModule, subpathSpecifiers, withConsumer } from './consumer-program.js';

/** Types and instantiations a check created. */
export type Counts = { types: number; instantiations: number };

/** What importing one subpath adds over an empty consumer file. */
export type SubpathCost = {
  specifier: string;
  /** `skipLibCheck: false`: the check also checks every declaration file the import brings in. */
  check: Counts;
  /** `skipLibCheck: true`: declarations are read lazily; then every export is shown as a hover shows it. */
  hover: Counts & {
    /** Characters of those hovers together: what a person reads. */
    characters: number;
  };
};

const HOVER_FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias | ts.TypeFormatFlags.MultilineObjectLiterals;

/** Every export of the first import of `file`, as an editor's hover renders it. */
function hoverTexts(program: ts.Program, file: string): string[] {
  const checker = program.getTypeChecker();
  const module = importedModule(program, file);
  if (module === undefined) return [];
  return checker.getExportsOfModule(module).map((exported) => {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    // A type alias shows what it stands for, an interface or class its name, a value its type.
    const type = symbol.flags & ts.SymbolFlags.Value ? checker.getTypeOfSymbol(symbol) : checker.getDeclaredTypeOfSymbol(symbol);
    return `${exported.name}: ${checker.typeToString(type, undefined, HOVER_FLAGS)}`;
  });
}

type Run = Counts & { files: string[]; errors: string[]; characters: number };

/**
 * Compiles `contents` as the consumer, checks the consumer and each file of the program
 * that `isKnown` does not claim (a file an empty consumer has too: lib, @types/node), and
 * counts what the checker created. Checking lib and @types/node again in every program
 * would cost seconds each and move the differences by about 1% (docs/decisions/0167-the-public-api-is-checked-report-types-and-budgets.md).
 */
function run(consumer: Consumer, contents: string, isKnown: (fileName: string) => boolean, hover: boolean): Run {
  const program = consumer.program(contents);
  const added = program.getSourceFiles().filter((source) => !isKnown(source.fileName));
  const errors = diagnosticMessages([
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...added.flatMap((source) => [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]),
  ]);
  const characters = hover ? hoverTexts(program, consumer.file).join('\n').length : 0;
  const files = program.getSourceFiles().map((source) => source.fileName);
  return { types: program.getTypeCount(), instantiations: program.getInstantiationCount(), files, errors, characters };
}

/** The consumer that imports `specifier` (the whole namespace, so every export is reachable). */
export function consumerOf(specifier: string): string {
  return `import * as kit from '${specifier}';\nexport type Kit = typeof kit;\n`;
}

/** Runs the empty consumer and then one per specifier; returns each one's counts minus the empty one's. */
function differences(consumer: Consumer, specifiers: string[], hover: boolean): (Counts & { characters: number })[] {
  const empty = run(consumer, 'export {};\n', (fileName) => fileName !== consumer.file, false);
  if (empty.errors.length > 0) throw new Error(`the empty consumer does not check:\n${empty.errors.join('\n')}`);
  const inEmpty = new Set(empty.files.filter((fileName) => fileName !== consumer.file));
  return specifiers.map((specifier) => {
    const counted = run(consumer, consumerOf(specifier), (fileName) => inEmpty.has(fileName), hover);
    if (counted.errors.length > 0) throw new Error(`a consumer of ${specifier} does not check:\n${counted.errors.join('\n')}`);
    return { types: counted.types - empty.types, instantiations: counted.instantiations - empty.instantiations, characters: counted.characters };
  });
}

/**
 * Measures, for every subpath of the package at `root` (dist/ must be built), what a
 * consumer file importing it adds over an empty consumer file: with the declaration files
 * checked (`check`), and with them read lazily and every export hovered (`hover`).
 *
 * @example
 * const [amount] = measureTypeCosts(PACKAGE_ROOT, ['payments-kit/amount']);
 * amount.check.instantiations // a few dozen
 */
export function measureTypeCosts(root: string = PACKAGE_ROOT, specifiers: string[] = subpathSpecifiers(root)): SubpathCost[] {
  const checked = withConsumer(root, false, (consumer) => differences(consumer, specifiers, false));
  const hovered = withConsumer(root, true, (consumer) => differences(consumer, specifiers, true));
  return specifiers.map((specifier, i) => {
    const check = checked[i] as Counts;
    const hover = hovered[i] as Counts & { characters: number };
    return {
      specifier,
      check: { types: check.types, instantiations: check.instantiations },
      hover: { types: hover.types, instantiations: hover.instantiations, characters: hover.characters },
    };
  });
}
