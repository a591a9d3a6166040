// The benchmark servers' way to the built package: Node imports `dist/` module by module, by file
// URL, as a user's code does (not a bundle of src/).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Imports `path` (e.g. `'http/index.js'`) from the built package in directory `dist`, typed as `M`.
 *
 * @example
 * const http = await importBuilt<typeof import('../../src/http/index.js')>('dist', 'http/index.js');
 */
export const importBuilt = async <M>(dist: string, path: string): Promise<M> => (await import(pathToFileURL(resolve(dist, path)).href)) as M;
