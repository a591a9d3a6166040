import { defineConfig } from 'tsup';
import { esm } from './tsup.config.js';

/**
 * `npm run build:server` (what `npm start` runs): the ESM build alone, no declarations, no CJS,
 * into `.start/` (not packed), so that `npm start` never leaves a partial package in `dist/`:
 * only `npm run build` (run by `npm pack`, `npm publish` and `npm test`) writes `dist/`.
 */
export default defineConfig({ ...esm, outDir: '.start', clean: true });
