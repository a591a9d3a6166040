// Type-level assertions for the compile-time checks of test/types/ (tsc type-checks test/).

/** The compiler's identity relation: tells `readonly` from mutable, `any` from the rest. */
type Identical<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * `true` when `A` and `B` are the same type: identical to the compiler (so `readonly` and
 * mutable properties differ) and assignable both ways, which under
 * `exactOptionalPropertyTypes` also tells `{ a?: string }` from `{ a?: string | undefined }`
 * (the identity relation alone does not).
 *
 * @example
 * type Same = Equal<{ a: string }, { a: string }>; // true
 * type Differs = Equal<{ a?: string }, { a?: string | undefined }>; // false
 */
export type Equal<A, B> =
  Identical<A, B> extends true ? ([A] extends [B] ? ([B] extends [A] ? true : false) : false) : false;

/**
 * Compiles only when `T` is `true`: `Expect<Equal<A, B>>` fails tsc when the types differ.
 *
 * @example
 * type Checks = [Expect<Equal<string, string>>];
 */
export type Expect<T extends true> = T;
