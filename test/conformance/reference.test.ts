import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/index.js';
import { DECISION_RULES, SPEC_RULES, formatConformanceReport, runConformance } from '../../src/testing/index.js';
import { inProcess, referenceFixtures, referenceHandler } from './reference-server.js';

const RUNS = 12;

describe('runConformance against the reference handler, in process', () => {
  for (const profile of ['spec', 'payments-kit'] as const) {
    it(`passes every spec rule (profile ${profile}) and reports each rule with its section`, async () => {
      const report = await runConformance({ baseUrl: 'http://reference.test', fixtures: referenceFixtures(), fetch: inProcess(referenceHandler()), fastCheck: fc, seed: 7, runs: RUNS, profile });
      const failed = report.rules.filter((r) => r.status === 'fail').map((r) => `${r.id}: ${r.counterexample?.message}`);
      expect(failed).toEqual([]);
      for (const rule of SPEC_RULES) expect(report.rules.find((r) => r.id === rule.id)).toMatchObject({ status: 'pass', section: rule.section, kind: 'spec' });
      expect(SPEC_RULES.length).toBeGreaterThanOrEqual(15);
      const decisions = report.rules.filter((r) => r.kind === 'decision');
      expect(decisions.map((r) => r.id)).toEqual(profile === 'spec' ? [] : DECISION_RULES.map((r) => r.id));
      // The reference server has no rate limiter and never times out: those decisions are skipped, not failed.
      if (profile === 'payments-kit') expect(decisions.filter((r) => r.status === 'skip').map((r) => r.id)).toEqual(['ratelimit-headers', 'x-outcome']);
      expect(report).toMatchObject({ failed: 0, profile, seed: 7, runs: RUNS });
      expect(report.passed + report.skipped).toBe(report.rules.length);
    });
  }

  it('checks the RateLimit decision when the server limits, and waits out a 429 instead of failing a rule', async () => {
    const budget = { policy: 'default', quota: 100, windowSeconds: 60, remaining: 99, resetSeconds: 30 };
    let calls = 0;
    const handler = referenceHandler({
      rateLimiter: { check: () => (++calls === 5 ? { allowed: false, retryAfterSeconds: 0.2, budget } : { allowed: true, budget }) },
    });
    const report = await runConformance({ baseUrl: 'http://reference.test', fixtures: referenceFixtures(), fetch: inProcess(handler), fastCheck: fc, seed: 3, runs: 3, profile: 'payments-kit' });
    expect(report.rules.filter((r) => r.status === 'fail')).toEqual([]);
    expect(report.rules.find((r) => r.id === 'ratelimit-headers')?.status).toBe('pass');
  });

  it('a second run against the same server finds the walked invoices where the first left them and still passes', async () => {
    const fetch = inProcess(referenceHandler());
    const options = { baseUrl: 'http://reference.test', fixtures: referenceFixtures(), fetch, fastCheck: fc, seed: 11, runs: 3 };
    expect((await runConformance(options)).failed).toBe(0);
    const second = await runConformance(options);
    expect(second.rules.filter((r) => r.status !== 'pass')).toEqual([]);
  });

  it('skips, rather than fails, what fixtures without tokens, disputes or wallet domains cannot exercise', async () => {
    const { tokens: _tokens, disputes: _disputes, walletDomains: _domains, ...rest } = referenceFixtures();
    const report = await runConformance({ baseUrl: 'http://reference.test', fixtures: rest, fetch: inProcess(referenceHandler()), fastCheck: fc, seed: 5, runs: 3 });
    expect(report.failed).toBe(0);
    expect(report.rules.filter((r) => r.status === 'skip').map((r) => r.id).sort()).toEqual(['auth-scope', 'evidence-body', 'wallet-session-answer']);
    expect(report.rules.find((r) => r.id === 'evidence-body')?.reason).toBe('the fixtures name no dispute');
  });
});

describe('runConformance against the reference server over HTTP', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0, log: () => undefined });
  });
  afterAll(() => server.close());

  for (const profile of ['spec', 'payments-kit'] as const) {
    it(`passes every spec rule (profile ${profile})`, async () => {
      const report = await runConformance({ baseUrl: server.url, fixtures: referenceFixtures(), fastCheck: fc, seed: 21, runs: 8, profile });
      expect(report.rules.filter((r) => r.status === 'fail').map((r) => `${r.id}: ${r.counterexample?.message}`)).toEqual([]);
      expect(report.rules.filter((r) => r.kind === 'spec' && r.status !== 'pass')).toEqual([]);
      expect(report.requests).toBeGreaterThan(100);
    });
  }
});

describe('the report formats', () => {
  it('json is the documented shape; junit has one test case per rule; text one line per rule and a summary', async () => {
    const report = await runConformance({ baseUrl: 'http://reference.test', fixtures: referenceFixtures(), fetch: inProcess(referenceHandler()), fastCheck: fc, seed: 1, runs: 2 });
    const json = JSON.parse(formatConformanceReport(report, 'json')) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(expect.arrayContaining(['rules', 'passed', 'failed', 'skipped']));
    expect((json['rules'] as unknown[])[0]).toMatchObject({ id: 'request-id', section: '4, 7.1', status: 'pass' });
    const junit = formatConformanceReport(report, 'junit');
    expect(junit.match(/<testcase /g)).toHaveLength(report.rules.length);
    expect(junit).toMatch(/^<\?xml version="1.0"/);
    const text = formatConformanceReport(report, 'text');
    expect(text).toMatch(/^PASS {2}request-id +spec 4, 7\.1$/m);
    expect(text).toMatch(/19 passed, 0 failed, 0 skipped \(profile spec, seed 1, 2 runs, \d+ requests/);
  });
});
