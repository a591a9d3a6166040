import type { IncomingMessage } from 'node:http';

/** A Node request as Express (or another framework) may have extended it. */
export type FrameworkRequest = IncomingMessage & {
  /** Express: the URL before mount paths were stripped from `url`. */
  readonly originalUrl?: string;
  /** Express: the path the router was mounted on. */
  readonly baseUrl?: string;
  /** A body a framework parser has already read (e.g. `express.json()`). */
  readonly body?: unknown;
};
