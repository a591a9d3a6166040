import { createHandler, createMemoryStore, createStaticAuth } from '../dist/http/index.js';
import { DEMO_IDS, DEMO_SEED, DEMO_TOKENS } from '../dist/reference/index.js';
import { createTransport, getSchedule } from '../dist/client/index.js';
const handler = createHandler({ store: createMemoryStore({ seed: DEMO_SEED }), auth: createStaticAuth(DEMO_TOKENS), idempotency: false });
const lean = createTransport({ baseUrl: 'https://payments.test', token: 'demo-all-scopes', fetch: (r: Request) => handler(r) });
const { accountID, scheduleID } = DEMO_IDS;
for (let i = 0; i < 40000; i++) await getSchedule(lean, { accountID, scheduleID });
