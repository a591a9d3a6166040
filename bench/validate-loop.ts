// The loop that bench/validate-instructions.ts counts under callgrind: one validator on one
// update-invoice body of bench/validate-bodies.ts, a warm-up, then windows of calls, each closed
// by a call of os.freemem() (so `--dump-before=uv_get_free_memory` makes each window a dump of
// its own). Ours is bundled from src/ (esbuild, as tsup builds dist/).
//   node validate-loop.mjs <ours|typia|stock|ours-invalid|ours-unknown|evidence-unknown> <3|50> <calls per window> <windows> <warm-up calls>
import { freemem } from 'node:os';
import { validateEvidenceTextRequest, validateInvoiceUpdate } from '../src/schemas/index.js';
import { equalsInvoiceUpdate, equalsStockInvoiceUpdate } from './peers/typia/generated/invoice-update.js';
import { evidenceUnknown, invalid3, invalid50, unknown3, valid3, valid50 } from './validate-bodies.js';

type Check = (body: unknown) => boolean;
const VALIDATORS: Record<string, { check: Check; bodies: Record<string, unknown> }> = {
  ours: { check: (body) => validateInvoiceUpdate(body).ok, bodies: { 3: valid3, 50: valid50 } },
  'ours-invalid': { check: (body) => validateInvoiceUpdate(body).ok, bodies: { 3: invalid3, 50: invalid50 } },
  // Unknown fields: the update body's per-field errors, and the `{ error }` line of an evidence body (its "items" is 3 either way).
  'ours-unknown': { check: (body) => validateInvoiceUpdate(body).ok, bodies: { 3: unknown3 } },
  'evidence-unknown': { check: (body) => validateEvidenceTextRequest(body).ok, bodies: { 3: evidenceUnknown } },
  typia: { check: equalsInvoiceUpdate, bodies: { 3: valid3, 50: valid50 } },
  stock: { check: equalsStockInvoiceUpdate, bodies: { 3: valid3, 50: valid50 } },
};

const [which = 'ours', items = '3', calls = '20000', windows = '5', warmup = '200000'] = process.argv.slice(2);
const validator = VALIDATORS[which];
const body = validator?.bodies[items];
if (validator === undefined || body === undefined) throw new Error(`usage: validate-loop.mjs ${Object.keys(VALIDATORS).join('|')} 3|50 [calls [windows [warm-up]]]`);
const { check } = validator;
const expected = !which.endsWith('invalid') && !which.endsWith('unknown');

/** Calls `check` `n` times; the count of verdicts other than the expected one (0), so no call is dead code. */
function batch(n: number): number {
  let wrong = 0;
  for (let i = 0; i < n; i += 1) if (check(body) !== expected) wrong += 1;
  return wrong;
}

let wrong = batch(Number(warmup));
freemem();
for (let w = Number(windows); w > 0; w -= 1) {
  wrong += batch(Number(calls));
  freemem();
}
if (wrong !== 0) throw new Error(`${which} ${items}: ${wrong} unexpected verdicts`);
