import { defineConfig } from 'tsup';
import { esm } from './tsup.config.js';

/** `npm run build:server` (what `npm start` runs): the ESM build alone, no declarations, no CJS. */
export default defineConfig({ ...esm, clean: true });
