// Requires the BUILT package through every subpath export as CommonJS and checks that the
// binding public names are there. A broken "require" condition fails here.
const assert = require('node:assert/strict');
const expected = require('./expected-exports.json');

let checked = 0;
for (const [specifier, names] of Object.entries(expected)) {
  const mod = require(specifier);
  for (const name of names) {
    assert.ok(name in mod, `${specifier} (CJS) does not export ${name}`);
    checked += 1;
  }
}
const { createTransport, getSchedule } = require('payments-kit/client');
assert.equal(typeof getSchedule, 'function');
assert.equal(createTransport({ baseUrl: 'https://api.example.com/v1/' }).baseUrl, 'https://api.example.com/v1');
const { parseVersion } = require('payments-kit/version');
assert.equal(parseVersion('v2026.04.00').ok, true);
// No subpath, payments-kit/postgres and payments-kit/relay/* included, loads a database driver or broker client on its own.
const drivers = Object.keys(require.cache).filter((file) => /node_modules[\\/](pg|pg-[a-z-]+|@electric-sql[\\/]pglite|amqplib|nats)[\\/]/.test(file));
assert.deepEqual(drivers, [], `a subpath loaded a database driver or broker client: ${drivers.join(', ')}`);
console.log(`package CJS: ${checked} exports checked through ${Object.keys(expected).length} entry points`);
