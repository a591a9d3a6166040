// Which named types of the BUILT package a user meets but cannot import: read from dist/'s
// declaration files with the TypeScript checker. Used by test/package/public-types.test.ts.
import { join } from 'node:path';
import ts from 'typescript';
import { PACKAGE_ROOT, diagnosticMessages, importedModule, subpathSpecifiers, withConsumer } from './consumer-program.js';

/** A named type of the package found at `where` (e.g. `validateRunTransfer()`: its return type). */
export type TypeUse = { name: string; where: string };

/** What one subpath's exports lead a user to. */
export type SubpathTypes = {
  specifier: string;
  /** Named types that a function of this subpath takes or returns, which this subpath does not export. */
  notBeside: TypeUse[];
  /** Named types reachable from this subpath's exports (fields, options, results...) that no subpath exports. */
  nowhere: TypeUse[];
};

/** Stops a walk into very large structures (valibot schema types): no public shape is that deep. */
const MAX_VISITS = 5000;

/**
 * Lists, for every subpath, the package's named types (type aliases, interfaces, classes
 * declared in dist/) that its functions take or return but it does not export, and those
 * reachable from its exports that no subpath exports. Types of other packages (lib, valibot)
 * are not followed.
 *
 * @example
 * publicTypeGaps().find((s) => s.specifier === 'payments-kit/schedule')?.notBeside // []
 */
export function publicTypeGaps(root: string = PACKAGE_ROOT, specifiers: string[] = subpathSpecifiers(root)): SubpathTypes[] {
  const dist = join(root, 'dist') + '/';
  return withConsumer(root, true, (consumer) => {
    const source = specifiers.map((s, i) => `import * as kit${i} from '${s}';\nexport type Kit${i} = typeof kit${i};\n`).join('');
    const program = consumer.program(source);
    const errors = diagnosticMessages(ts.getPreEmitDiagnostics(program));
    if (errors.length > 0) throw new Error(`the consumer does not check:\n${errors.join('\n')}`);
    const checker = program.getTypeChecker();
    const resolved = (symbol: ts.Symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
    const exportsOf = specifiers.map((_, i) => {
      const module = importedModule(program, consumer.file, i);
      return module === undefined ? [] : checker.getExportsOfModule(module).map((e) => ({ name: e.name, symbol: resolved(e) }));
    });
    const exportedAnywhere = new Set(exportsOf.flat().map((e) => e.symbol));
    const declaredInPackage = (symbol: ts.Symbol | undefined) =>
      symbol?.declarations?.some((d) => d.getSourceFile().fileName.startsWith(dist)) === true;

    /** The named package type `type` is, if it is one. */
    const namedSymbol = (type: ts.Type): ts.Symbol | undefined => {
      const symbol = type.aliasSymbol ?? (type.isClassOrInterface() || isInterfaceReference(type) ? type.getSymbol() : undefined);
      return declaredInPackage(symbol) ? symbol : undefined;
    };
    const isInterfaceReference = (type: ts.Type) =>
      (type.flags & ts.TypeFlags.Object) !== 0 &&
      ((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) !== 0 &&
      ((type as ts.TypeReference).target.objectFlags & (ts.ObjectFlags.Interface | ts.ObjectFlags.Class)) !== 0;
    /** Types declared by another package (lib, valibot, jose...): not followed. */
    const isForeign = (type: ts.Type) => {
      const symbol = type.aliasSymbol ?? type.getSymbol();
      if (symbol === undefined || symbol.flags & (ts.SymbolFlags.TypeLiteral | ts.SymbolFlags.ObjectLiteral)) return false;
      return symbol.declarations !== undefined && symbol.declarations.length > 0 && !declaredInPackage(symbol);
    };

    /**
     * Walks `type`, calling `found` on each named package type. `stopAtNamed`: do not look
     * inside a named type (a signature's direct types); else follow fields and signatures too.
     */
    const walk = (type: ts.Type, where: string, stopAtNamed: boolean, found: (use: TypeUse, symbol: ts.Symbol) => void, seen: Set<ts.Type>) => {
      if (seen.has(type) || seen.size > MAX_VISITS || isForeign(type)) return;
      seen.add(type);
      const named = namedSymbol(type);
      if (named !== undefined) {
        found({ name: named.name, where }, named);
        if (stopAtNamed) return;
      }
      for (const argument of type.aliasTypeArguments ?? []) walk(argument, `${where}<>`, stopAtNamed, found, seen);
      if (type.isUnion()) {
        for (const member of type.types) walk(member, where, stopAtNamed, found, seen);
        return;
      }
      if (!(type.flags & ts.TypeFlags.Object) && !type.isIntersection()) return;
      if (isInterfaceReference(type) || checker.isArrayType(type) || checker.isTupleType(type)) {
        for (const argument of checker.getTypeArguments(type as ts.TypeReference)) walk(argument, `${where}[]`, stopAtNamed, found, seen);
        if (checker.isArrayType(type) || checker.isTupleType(type)) return;
      }
      for (const property of checker.getPropertiesOfType(type)) {
        walk(checker.getTypeOfSymbol(property), `${where}.${property.name}`, stopAtNamed, found, seen);
      }
      for (const kind of [ts.SignatureKind.Call, ts.SignatureKind.Construct]) {
        for (const signature of checker.getSignaturesOfType(type, kind)) {
          for (const parameter of signature.getParameters()) {
            walk(checker.getTypeOfSymbol(parameter), `${where}(${parameter.name})`, stopAtNamed, found, seen);
          }
          walk(signature.getReturnType(), `${where}()`, stopAtNamed, found, seen);
        }
      }
    };

    return specifiers.map((specifier, i) => {
      const own = exportsOf[i] ?? [];
      const exportedHere = new Set(own.map((e) => e.symbol));
      const notBeside = new Map<string, TypeUse>();
      const nowhere = new Map<string, TypeUse>();
      for (const { name, symbol } of own) {
        if (symbol.flags & ts.SymbolFlags.Function) {
          for (const signature of checker.getSignaturesOfType(checker.getTypeOfSymbol(symbol), ts.SignatureKind.Call)) {
            const direct = (use: TypeUse, named: ts.Symbol) => {
              if (!exportedHere.has(named) && !notBeside.has(use.name)) notBeside.set(use.name, use);
            };
            for (const parameter of signature.getParameters()) {
              walk(checker.getTypeOfSymbol(parameter), `${name}(${parameter.name})`, true, direct, new Set());
            }
            walk(signature.getReturnType(), `${name}()`, true, direct, new Set());
          }
        }
        const type = symbol.flags & ts.SymbolFlags.Value ? checker.getTypeOfSymbol(symbol) : checker.getDeclaredTypeOfSymbol(symbol);
        walk(type, name, false, (use, named) => {
          if (!exportedAnywhere.has(named) && !nowhere.has(use.name)) nowhere.set(use.name, use);
        }, new Set());
      }
      return { specifier, notBeside: [...notBeside.values()], nowhere: [...nowhere.values()] };
    });
  });
}
