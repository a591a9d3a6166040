import { defineConfig } from 'tsup';

/** One entry per subpath export; keep in sync with package.json "exports". */
const modules = ['amount', 'ids', 'version', 'limits', 'schemas', 'invoice', 'schedule', 'http', 'testing', 'postgres'];

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    ...Object.fromEntries(modules.map((m) => [`${m}/index`, `src/${m}/index.ts`])),
  },
  format: ['esm', 'cjs'],
  dts: true,
  splitting: true,
  treeshake: true,
  sourcemap: false,
  clean: true,
  target: 'node20',
  outDir: 'dist',
});
