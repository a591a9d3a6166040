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

// payments-kit/client against payments-kit/http in process (the handler as the client's fetch).
const { createClient } = await import('payments-kit/client');
const { createHandler, createMemoryStore, createStaticAuth } = await import('payments-kit/http');
const adjustment = { adjustmentID: 'adj-1', walletID: 'w-1', amount: { currency: 'USD', valueDecimal: '-5.25' }, createdOn: '2026-04-01T00:00:00Z' };
const handler = createHandler({
  store: createMemoryStore({ seed: { accounts: { a1: { adjustments: [adjustment] } } } }),
  auth: createStaticAuth({ t: { scopes: ['/accounts/a1/wallets.read', '/accounts/a1/invoices.write'] } }),
});
const client = createClient({ baseUrl: 'https://payments.test', token: 't', fetch: handler });
const got = await client.getAdjustment({ accountID: 'a1', adjustmentID: 'adj-1' });
assert.deepEqual([got.ok, got.status, got.ok && got.data.amount.valueDecimal], [true, 200, '-5.25']);
const local = await client.updateInvoice({ accountID: 'a1', invoiceID: 'i1' }, { status: 'bogus' });
assert.deepEqual([local.status, local.local, local.attempts], [422, true, 0]);
console.log('package ESM: payments-kit/client answered in process');
