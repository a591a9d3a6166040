// Node: payments-kit/node's hardened server around the handler.
import { createNodeServer } from '../../../dist/node/index.js';
import { createApp } from './app.mjs';

const server = createNodeServer(createApp());
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
