// A handler process that is killed mid-request: its PATCH began the idempotency key and is
// writing (the write never returns), with the key's lease renewed, when the test SIGKILLs it.
// Usage: node --import tsx test/faults/holder-process.ts <database url> <client index> <key>
import { type Store } from '../../src/http/index.js';
import { createPostgresStore } from '../../src/postgres/index.js';
import { SCHEMA, createFaultPool, handlerOn, invoicePath } from './harness.js';

const [url = '', index = '0', key = ''] = process.argv.slice(2);
const pool = createFaultPool(url);
const inner = await createPostgresStore({ client: pool, schema: SCHEMA, migrate: false });
const store: Store = {
  ...inner,
  within: (deadline) => ({ ...inner.within(deadline)!, compareAndSetInvoice: () => (process.stdout.write('writing\n'), new Promise(() => undefined)) }),
};
await handlerOn(store)('PATCH', invoicePath(Number(index)), { description: 'from the killed process' }, { 'idempotency-key': key });
