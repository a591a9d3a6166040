// Bun: the handler as Bun.serve's fetch.
import { createApp } from './app.mjs';

const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: createApp() });
console.log(JSON.stringify({ port: server.port }));
