// Bun: the handler as Bun.serve's fetch.
import { createApp } from './app.mjs';
import { withClientScenario } from './client-scenario.mjs';

const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: withClientScenario(createApp()) });
console.log(JSON.stringify({ port: server.port }));
