import type { Reply } from '../core/exchange.js';
import { errorReply } from '../core/reply.js';
import { VERSION_HEADER_NAME, checkVersion as checkVersionHeader } from '../core/versions.js';
import type { RoutedState } from './request-state.js';

/**
 * The version step: `X-Service-Version` under the declaration's policy (`core/versions.ts`):
 * a malformed value is 400, a version this server does not serve 404.
 *
 * @example
 * checkVersion(state) // undefined (state.version set), or { status: 400, ... }
 */
export function checkVersion(state: RoutedState): Reply | undefined {
  const checked = checkVersionHeader(state.exchange.header(VERSION_HEADER_NAME), state.entry.declaration?.versionPolicy ?? 'any');
  if (!checked.ok) return errorReply(checked.status, checked.error);
  state.version = checked.version;
  return undefined;
}
