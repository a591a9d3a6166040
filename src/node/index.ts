/**
 * `payments-kit/node`: the Node adapter of the runtime-neutral handler in `payments-kit/http`.
 * `createNodeServer(handler)` serves it on node:http with hardened defaults (timeouts for slow
 * and silent clients, a connection cap, a request id even on answers to requests Node's own
 * parser refuses); `toNodeListener(handler)` mounts it in node:http, Express and Fastify (raw).
 *
 * @packageDocumentation
 */
export { toNodeListener, type NodeListener } from './listener.js';
export { answerClientError, type ClientError, CLIENT_ERROR_READ_LIMIT } from './client-error.js';
export {
  createNodeServer,
  resolveNodeServerLimits,
  DEFAULT_NODE_SERVER_LIMITS,
  NODE_SERVER_MESSAGES,
  type NodeServerOptions,
  type NodeServerLimits,
  type ClientErrorLogEntry,
} from './server.js';
