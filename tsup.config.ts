import { defineConfig, type Options } from 'tsup';

/** One entry per subpath export; keep in sync with package.json "exports". */
const modules = ['amount', 'ids', 'version', 'limits', 'schemas', 'invoice', 'schedule', 'http', 'client', 'node', 'reference', 'testing', 'postgres', 'relay/amqp', 'relay/nats', 'relay/webhook'];

/** The subpath entries: `index` and `<module>/index` for each module. */
export const entries: Record<string, string> = {
  index: 'src/index.ts',
  ...Object.fromEntries(modules.map((m) => [`${m}/index`, `src/${m}/index.ts`])),
};

const common = {
  target: 'node20',
  outDir: 'dist',
  sourcemap: true,
  // `npm run build` empties dist/ once; the three builds below run in parallel and must not.
  clean: false,
} satisfies Options;

/**
 * ESM: one output file per source file (`bundle: false`), so a user's bundler sees the same
 * module graph as src/ and, with `"sideEffects": false`, drops every module the user does
 * not import (a schema file whose export is unused goes, top-level valibot calls and all).
 * In one bundled chunk those calls would stay: a bundler cannot prove them pure.
 * The reference server runs this build (`npm run build:server`).
 */
export const esm: Options = {
  ...common,
  // The pages' browser scripts are bundled by scripts/build-pages.ts (npm run build:pages), not here.
  entry: ['src/**/*.ts', '!src/reference/pages/playground/**', '!src/reference/pages/docs/**'],
  format: ['esm'],
  bundle: false,
  dts: false,
};

/** CJS: one bundle per entry, shared code in chunks (CJS consumers do not tree-shake). */
const cjs: Options = {
  ...common,
  entry: entries,
  format: ['cjs'],
  splitting: true,
  treeshake: true,
  dts: false,
};

/** Declarations for both (`.d.ts` beside the ESM build, `.d.cts` beside the CJS one). */
const declarations: Options = {
  ...common,
  entry: entries,
  format: ['esm', 'cjs'],
  dts: { only: true },
};

export default defineConfig([esm, cjs, declarations]);
