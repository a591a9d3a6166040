// The reference server's pages, built into dist/ by `npm run build` (and `npm run build:server`):
//   dist/reference/pages/playground/  index.html, playground.css, playground.js (the library itself,
//                                     bundled and minified by esbuild for the browser)
//   dist/reference/pages/docs/        index.html, docs.css, docs.js, and swagger-ui/ (the files of
//                                     the pinned swagger-ui-dist that the page loads, with its license)
// Nothing is fetched from a CDN: the pages work offline.
//
//   node --import tsx scripts/build-pages.ts [outDir]   # default dist/reference/pages
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const source = join(root, 'src/reference/pages');

/** The files of swagger-ui-dist the docs page loads, and its license and notice (shipped beside them). */
export const SWAGGER_UI_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE', 'NOTICE'] as const;

/** The page scripts: entry (below src/reference/pages) and output (below the output directory). */
const SCRIPTS = [
  { entry: 'playground/main.ts', out: 'playground/playground.js' },
  { entry: 'docs/docs-init.ts', out: 'docs/docs.js' },
] as const;

/** Static files copied as they are (below src/reference/pages). */
const STATIC_FILES = ['playground/index.html', 'playground/playground.css', 'docs/index.html', 'docs/docs.css'] as const;

/** A trailing `//# sourceMappingURL=` comment: the map is not shipped, so no browser asks for it. */
const SOURCE_MAP_COMMENT = /\n\/[/*][#@] sourceMappingURL=[^\n]*\s*$/;

/**
 * Builds both pages into `outDir`: the scripts bundled for browsers (ES2022, minified, one
 * file each), the HTML and CSS copied, and Swagger UI's files copied from the installed
 * swagger-ui-dist. Resolves with the bytes written per file.
 *
 * @example
 * await buildPages('dist/reference/pages') // { 'playground/playground.js': 61234, ... }
 */
export async function buildPages(outDir: string): Promise<Record<string, number>> {
  const written: Record<string, number> = {};
  for (const script of SCRIPTS) {
    const result = await build({
      entryPoints: [join(source, script.entry)],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      legalComments: 'none',
      logLevel: 'warning',
    });
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    await writeOut(join(outDir, script.out), code);
    written[script.out] = code.byteLength;
  }
  for (const file of STATIC_FILES) {
    const bytes = await readFile(join(source, file));
    await writeOut(join(outDir, file), bytes);
    written[file] = bytes.byteLength;
  }
  const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  for (const file of SWAGGER_UI_FILES) {
    const text = (await readFile(join(swaggerUi, file), 'utf8')).replace(SOURCE_MAP_COMMENT, '\n');
    await writeOut(join(outDir, 'docs/swagger-ui', file), text);
    written[`docs/swagger-ui/${file}`] = Buffer.byteLength(text);
  }
  return written;
}

async function writeOut(path: string, contents: Uint8Array | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, contents);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = resolve(root, process.argv[2] ?? 'dist/reference/pages');
  const written = await buildPages(outDir);
  const total = Object.values(written).reduce((a, b) => a + b, 0);
  console.log(`pages: ${Object.keys(written).length} files, ${total.toLocaleString('en-US')} B in ${outDir}`);
}
