import type { FastCheckModule } from './arbitraries.js';
import { checkAnswers } from './checks-answers.js';
import { checkEvidenceBodies, checkWalletBodies } from './checks-bodies.js';
import { checkIdempotency } from './checks-decisions.js';
import { checkStatusTable, checkUpdateBodies, readInvoices } from './checks-invoice.js';
import { checkAuth, checkSchedules, checkUnknownAndMalformed, checkVersions } from './checks-requests.js';
import { type ConformanceProfile, type RunContext, Verdicts } from './context.js';
import type { ConformanceFixtures } from './fixtures.js';
import { DECISION_RULES, type RuleKind, SPEC_RULES } from './rules.js';
import { type ReceivedResponse, type SentRequest, Wire, curlCommand } from './wire.js';

/** Options of {@link runConformance}. */
export type RunConformanceOptions = {
  /** The server's base URL (operation paths are appended to it). */
  readonly baseUrl: string;
  /** What the run may use on the server (see `parseConformanceFixtures`). */
  readonly fixtures: ConformanceFixtures;
  /** A token with every scope a run needs; default `fixtures.token`. */
  readonly token?: string;
  /** `'spec'` (default) or `'payments-kit'` (also payments-kit's recorded decisions). */
  readonly profile?: ConformanceProfile;
  /** The fast-check seed (the report names it; the same seed sends the same bodies); default random. */
  readonly seed?: number;
  /** Cases per property (update, evidence and wallet bodies); default 100. */
  readonly runs?: number;
  /** The fetch that sends the requests (a handler itself, to test in process); default `globalThis.fetch`. */
  readonly fetch?: typeof fetch;
  /** The fast-check module; default `import('fast-check')` (an optional peer dependency). */
  readonly fastCheck?: FastCheckModule;
  /** Each request's deadline, answer body included; default 5000 ms. */
  readonly requestTimeoutMs?: number;
  /** The whole run's bound: no request is sent after it; default 300,000 ms. */
  readonly timeoutMs?: number;
  /** Called as the run moves from one group of checks to the next. */
  readonly onProgress?: (progress: { readonly step: string; readonly done: number; readonly total: number; readonly requests: number }) => void;
};

/** A failed rule's smallest case: the request, what came back, a curl that sends it again, the seed. */
export type Counterexample = {
  readonly request: SentRequest;
  readonly response: ReceivedResponse | { readonly error: string };
  readonly curl: string;
  readonly seed: number;
  /** What the rule expected. */
  readonly message: string;
};

/** One rule's result. */
export type RuleResult = {
  readonly id: string;
  readonly section: string;
  readonly kind: RuleKind;
  readonly title: string;
  readonly status: 'pass' | 'fail' | 'skip';
  /** Why it was skipped. */
  readonly reason?: string;
  /** What part of the rule was not exercised. */
  readonly notes?: readonly string[];
  readonly counterexample?: Counterexample;
};

/** The report of {@link runConformance} (`--report json` prints it). */
export type ApiConformanceReport = {
  readonly rules: readonly RuleResult[];
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly profile: ConformanceProfile;
  readonly seed: number;
  readonly runs: number;
  readonly requests: number;
  readonly ms: number;
  /** Set when the run stopped sending (total bound reached, or the server stopped answering). */
  readonly stopped?: string;
};

/** Thrown (as a TypeError) when `fast-check` is neither passed nor installed. */
export const FAST_CHECK_MISSING_MESSAGE = 'runConformance needs the fast-check package (an optional peer dependency of payments-kit): npm install --save-dev fast-check';

async function loadFastCheck(given: FastCheckModule | undefined): Promise<FastCheckModule> {
  if (given !== undefined) return given;
  try {
    return (await import('fast-check')) as FastCheckModule;
  } catch {
    throw new TypeError(FAST_CHECK_MISSING_MESSAGE);
  }
}

/**
 * Runs the conformance checks against a server of the API: sends its own requests (never
 * through the client, whose local checks would hide what the server does), judges every
 * answer by the spec's rules (and with `profile: 'payments-kit'` by payments-kit's recorded
 * decisions) and resolves with a report: per rule pass, fail or skip, with for each failure
 * the smallest request and answer, a `curl` that reproduces it and the seed. Never hangs: each
 * request has a deadline, the run a total bound, and three unanswered requests in a row stop it.
 * Invoices named by the fixtures are moved through the status table (see docs/conformance.md).
 *
 * @example
 * const report = await runConformance({ baseUrl: 'http://127.0.0.1:3000', fixtures, seed: 42 });
 * for (const rule of report.rules) if (rule.status === 'fail') console.log(rule.id, rule.counterexample?.curl);
 */
export async function runConformance(options: RunConformanceOptions): Promise<ApiConformanceReport> {
  const fc = await loadFastCheck(options.fastCheck);
  const started = Date.now();
  const profile = options.profile ?? 'spec';
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const runs = options.runs ?? 100;
  const rules = profile === 'payments-kit' ? [...SPEC_RULES, ...DECISION_RULES] : SPEC_RULES;
  const wire = new Wire({
    baseUrl: options.baseUrl,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    requestTimeoutMs: options.requestTimeoutMs ?? 5000,
    deadline: started + (options.timeoutMs ?? 300_000),
    maxResponseBytes: 1024 * 1024,
    now: () => Date.now(),
  });
  const context: RunContext = {
    wire,
    fixtures: options.fixtures,
    token: options.token ?? options.fixtures.token,
    account: options.fixtures.account,
    profile,
    rules,
    verdicts: new Verdicts(),
    fc,
    seed,
    runs,
  };
  const steps: [string, () => Promise<void>][] = [
    ['authentication', () => checkAuth(context)],
    ['versions', () => checkVersions(context)],
    ['unknown IDs and malformed bodies', () => checkUnknownAndMalformed(context)],
    ['schedules and adjustments', () => checkSchedules(context)],
    [
      'invoices',
      async () => {
        const held = await readInvoices(context);
        const editable = held.find((h) => h.invoice.status === 'draft') ?? held.find((h) => h.invoice.status === 'unpaid' || h.invoice.status === 'overdue');
        await checkUpdateBodies(context, editable);
        await checkStatusTable(context, held, undefined);
      },
    ],
    ['evidence bodies', () => checkEvidenceBodies(context)],
    ['wallet-session bodies', () => checkWalletBodies(context)],
  ];
  if (profile === 'payments-kit') steps.push(['Idempotency-Key', () => checkIdempotency(context)]);
  for (const [index, [step, run]] of steps.entries()) {
    options.onProgress?.({ step, done: index, total: steps.length, requests: wire.exchanges.length });
    await run();
  }
  options.onProgress?.({ step: 'done', done: steps.length, total: steps.length, requests: wire.exchanges.length });
  checkAnswers(context, wire.exchanges);
  const results = rules.map((rule): RuleResult => {
    const verdict = context.verdicts.verdict(rule.id);
    const base = { id: rule.id, section: rule.section, kind: rule.kind, title: rule.title, status: verdict.status };
    const notes = verdict.notes.length > 0 ? { notes: verdict.notes } : {};
    if (verdict.status === 'skip') return { ...base, reason: verdict.reason ?? '', ...notes };
    if (verdict.failure === undefined) return { ...base, ...notes };
    const { exchange, message } = verdict.failure;
    const counterexample: Counterexample = {
      request: exchange.request,
      response: exchange.response ?? { error: exchange.error ?? 'no answer' },
      curl: curlCommand(exchange.request),
      seed: verdict.failure.seed ?? seed,
      message,
    };
    return { ...base, ...notes, counterexample };
  });
  const count = (status: RuleResult['status']) => results.filter((r) => r.status === status).length;
  return {
    rules: results,
    passed: count('pass'),
    failed: count('fail'),
    skipped: count('skip'),
    profile,
    seed,
    runs,
    requests: wire.exchanges.length,
    ms: Date.now() - started,
    ...(wire.stopped === undefined ? {} : { stopped: wire.stopped }),
  };
}
