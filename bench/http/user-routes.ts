// GET schedule and PATCH invoice written as a user of Fastify or Hono would write them with the
// library's pure functions: read from the same memory store, compute with `payments-kit/schedule`
// and `applyInvoiceUpdate`, compare-and-set, answer the same JSON. A plain bearer-token check
// stands in for auth (no scopes, no version header, no request id, no idempotency: less work
// than our handler does per request, which is the point of the comparison).
import type { Store } from '../../src/http/index.js';
import type { applyInvoiceUpdate } from '../../src/invoice/index.js';
import type { scheduleOccurrences } from '../../src/schedule/index.js';
import type { Occurrence, Schedule } from '../../src/schemas/index.js';
import { BENCH_HEADERS } from './fixtures.js';

/** The library's functions the routes call, from the build under test (servers.ts loads them from dist/). */
export type UserRouteLibrary = { readonly scheduleOccurrences: typeof scheduleOccurrences; readonly applyInvoiceUpdate: typeof applyInvoiceUpdate };

const DAY_MS = 86_400_000;
const HORIZON_DAYS = 366;
const HORIZON_LIMIT = 100;
const TOKEN = BENCH_HEADERS['authorization'];

/** A framework-neutral answer: status and JSON value. */
export type UserAnswer = { status: number; json: unknown };

const notFound = (what: string): UserAnswer => ({ status: 404, json: { error: `${what} not found` } });

/** True when the request carries the demo bearer token. */
export const authorized = (authorization: string | undefined): boolean => authorization === TOKEN;

/** The schedule with its stored history before now and its next occurrences (366 days, at most 100). */
function withOccurrences({ scheduleOccurrences }: UserRouteLibrary, schedule: Schedule, now: Date): Schedule & { occurrences: Occurrence[] } {
  const stored = schedule.occurrences ?? [];
  const history = stored.length === 0 ? [] : scheduleOccurrences({ occurrences: stored }, { to: now });
  const disabled = schedule.disabledOn === undefined ? Number.POSITIVE_INFINITY : Date.parse(schedule.disabledOn);
  const end = Math.min(now.getTime() + HORIZON_DAYS * DAY_MS, disabled);
  const upcoming = end <= now.getTime() ? [] : scheduleOccurrences(schedule, { from: now, to: new Date(end), limit: HORIZON_LIMIT });
  return { ...schedule, occurrences: [...history, ...upcoming] };
}

/** GET /accounts/:accountID/schedules/:scheduleID. */
export async function getScheduleRoute(lib: UserRouteLibrary, store: Store, accountID: string, scheduleID: string): Promise<UserAnswer> {
  const schedule = await store.getSchedule(accountID, scheduleID);
  return schedule === undefined ? notFound('schedule') : { status: 200, json: withOccurrences(lib, schedule, new Date()) };
}

/** PATCH /accounts/:accountID/invoices/:invoiceID with a parsed JSON body. */
export async function updateInvoiceRoute(lib: UserRouteLibrary, store: Store, accountID: string, invoiceID: string, body: unknown): Promise<UserAnswer> {
  const current = await store.getInvoice(accountID, invoiceID);
  if (current === undefined) return notFound('invoice');
  const result = lib.applyInvoiceUpdate(current.invoice, body, { now: new Date() });
  if (!result.ok) return { status: result.status, json: result.body };
  const written = await store.compareAndSetInvoice(accountID, result.invoice, current.version);
  if (!written.ok) return { status: 409, json: { error: 'invoice changed' } };
  return { status: 200, json: result.invoice };
}
