// Imports the BUILT package through every subpath export as ESM and checks that the
// binding public names are there and behave. A broken exports map or build fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const expected = JSON.parse(readFileSync(new URL('./expected-exports.json', import.meta.url), 'utf8'));
let checked = 0;
for (const [specifier, names] of Object.entries(expected)) {
  const mod = await import(specifier);
  for (const name of names) {
    assert.ok(name in mod, `${specifier} (ESM) does not export ${name}`);
    checked += 1;
  }
}

const { addDecimal } = await import('payments-kit/amount');
assert.deepEqual(addDecimal({ currency: 'USD', valueDecimal: '0.1' }, { currency: 'USD', valueDecimal: '0.2' }).valueDecimal.replace(/0+$/, ''), '0.3');
const { formatTypedId } = await import('payments-kit/ids');
assert.equal(formatTypedId('551c0c0d-0e49-7f49-640e-50b463340000', 'xfer'), 'kuoaydiojf7uszaokc2ggnaaaa_xfer');

// payments-kit/postgres loads no driver itself: the caller passes one (here PGlite, in memory).
const { createPostgresStore } = await import('payments-kit/postgres');
const { PGlite } = await import('@electric-sql/pglite');
const db = await PGlite.create();
const store = await createPostgresStore({ client: db, seed: { accounts: { 'acct-1': { walletDomains: ['Shop.Example'] } } } });
assert.equal(await store.hasWalletDomain('acct-1', 'shop.example'), true);
assert.equal(await store.hasWalletDomain('acct-2', 'shop.example'), false);
await db.close();

console.log(`package ESM: ${checked} exports checked through ${Object.keys(expected).length} entry points`);
