// `npm run typecheck`, after `tsc --noEmit`: type-checks every ```ts block of README.md and
// docs/*.md (test/doc-types.ts) and keeps the answer, which test/docs.test.ts reuses while
// nothing the check reads has changed. Exits 1 and lists the problems when a block does not
// type-check.
import { docBlocks, typeCheckBlocks } from '../test/doc-types.js';

const { problems } = typeCheckBlocks(docBlocks());
if (problems.length > 0) {
  console.error(`doc examples that do not type-check:\n${problems.join('\n')}`);
  process.exit(1);
}
