// Deno: the handler as Deno.serve's handler.
import { createApp } from './app.mjs';
import { withClientScenario } from './client-scenario.mjs';

const handler = withClientScenario(createApp());
Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: ({ port }) => console.log(JSON.stringify({ port })) }, (request) => handler(request));
