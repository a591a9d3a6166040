import type { ApiConformanceReport } from './run.js';

/** The report formats of `payments-kit conformance --report`. */
export type ReportFormat = 'text' | 'json' | 'junit';

const STATUS_WORD = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
    // XML 1.0 has no place for control characters or lone surrogates.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

function failureText(rule: ApiConformanceReport['rules'][number]): string[] {
  const example = rule.counterexample;
  if (example === undefined) return [];
  const response = 'error' in example.response ? `no answer: ${example.response.error}` : `${example.response.status} ${JSON.stringify(example.response.body)}`;
  return [
    `  ${example.message}`,
    `  request:  ${example.request.method} ${example.request.url}${example.request.body === undefined ? '' : ` ${example.request.body}`}`,
    `  response: ${response.length > 600 ? `${response.slice(0, 600)}…` : response}`,
    `  seed:     ${example.seed}`,
    `  reproduce: ${example.curl}`,
  ];
}

/**
 * A conformance report as text (one line per rule, then each failure's case and curl), JSON
 * (the report object) or JUnit XML (one test case per rule).
 *
 * @example
 * process.stdout.write(formatConformanceReport(report, 'junit'));
 */
export function formatConformanceReport(report: ApiConformanceReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'junit') {
    const cases = report.rules.map((rule) => {
      const name = escapeXml(`${rule.id} (${rule.section})`);
      const open = `    <testcase classname="${rule.kind === 'spec' ? 'spec' : 'decision'}" name="${name}">`;
      if (rule.status === 'pass') return `${open}</testcase>`;
      if (rule.status === 'skip') return `${open}<skipped message="${escapeXml(rule.reason ?? '')}"/></testcase>`;
      const detail = failureText(rule).join('\n');
      return `${open}<failure message="${escapeXml(rule.counterexample?.message ?? rule.title)}">${escapeXml(detail)}</failure></testcase>`;
    });
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<testsuites tests="${report.rules.length}" failures="${report.failed}" skipped="${report.skipped}" time="${(report.ms / 1000).toFixed(3)}">`,
      `  <testsuite name="payments-kit conformance (${report.profile}, seed ${report.seed})" tests="${report.rules.length}" failures="${report.failed}" skipped="${report.skipped}" time="${(report.ms / 1000).toFixed(3)}">`,
      ...cases,
      '  </testsuite>',
      '</testsuites>',
      '',
    ].join('\n');
  }
  const width = Math.max(...report.rules.map((r) => r.id.length));
  const lines = report.rules.map((rule) => {
    const head = `${STATUS_WORD[rule.status]}  ${rule.id.padEnd(width)}  ${rule.kind === 'decision' ? rule.section : `spec ${rule.section}`}`;
    return rule.status === 'skip' ? `${head}: ${rule.reason}` : head;
  });
  const failures = report.rules.filter((r) => r.status === 'fail').flatMap((rule) => ['', `${rule.id} (${rule.section}): ${rule.title}`, ...failureText(rule)]);
  const notes = report.rules.flatMap((rule) => (rule.notes ?? []).map((note) => `note: ${rule.id}: ${note}`));
  return [
    ...lines,
    ...failures,
    ...(notes.length > 0 ? ['', ...notes] : []),
    ...(report.stopped === undefined ? [] : ['', `stopped: ${report.stopped}`]),
    '',
    `${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped (profile ${report.profile}, seed ${report.seed}, ${report.runs} runs, ${report.requests} requests, ${(report.ms / 1000).toFixed(1)} s)`,
    '',
  ].join('\n');
}
