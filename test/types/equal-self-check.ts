// The helper of test/types/ checked against itself: each `@ts-expect-error` line below must
// fail to compile (tsc reports an unused `@ts-expect-error`), each plain line must compile.
import type { Equal, Expect } from './equal.js';

interface Optional {
  a?: string;
}

export type Holds = [
  Expect<Equal<{ a: string }, { a: string }>>,
  Expect<Equal<Optional, { a?: string }>>,
  Expect<Equal<{ a: { b?: number | undefined }[] }, { a: { b?: number | undefined }[] }>>,
];

export type Fails = [
  // @ts-expect-error: `a?: string` is not `a?: string | undefined` under exactOptionalPropertyTypes
  Expect<Equal<Optional, { a?: string | undefined }>>,
  // @ts-expect-error: nested, the same difference
  Expect<Equal<{ b: Optional }, { b: { a?: string | undefined } }>>,
  // @ts-expect-error: readonly is not mutable
  Expect<Equal<{ readonly a: string }, { a: string }>>,
  // @ts-expect-error: an extra optional key
  Expect<Equal<{ a: string; b?: number }, { a: string }>>,
  // @ts-expect-error: optional is not required
  Expect<Equal<{ a?: string }, { a: string }>>,
  // @ts-expect-error: `any` is not a shape
  Expect<Equal<any, { a: string }>>,
  // @ts-expect-error: `null` allowed on one side only
  Expect<Equal<{ a: string | null }, { a: string }>>,
];
