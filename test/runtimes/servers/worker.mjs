// Cloudflare Workers (workerd): the handler as the module worker's fetch, built at module
// scope as a Worker author would, which is only possible because nothing in
// payments-kit/http does I/O, timers or random values while it loads.
import { createApp } from './app.mjs';
import { withClientScenario } from './client-scenario.mjs';

const handler = withClientScenario(createApp());
export default { fetch: (request) => handler(request) };
