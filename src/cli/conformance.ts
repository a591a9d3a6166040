import { FAST_CHECK_MISSING_MESSAGE, runConformance } from '../testing/conformance/run.js';
import { parseConformanceFixtures } from '../testing/conformance/fixtures.js';
import { type ReportFormat, formatConformanceReport } from '../testing/conformance/report.js';
import type { ConformanceProfile } from '../testing/conformance/context.js';
import { type CliIo, EXIT } from './io.js';
import { CLI_MESSAGES, CONFORMANCE_HELP } from './messages.js';
import { parseCommandLine } from './usage.js';

/** The options of one conformance run, checked. */
type Checked = { baseUrl: string; token: string; fixturesFile: string; profile: ConformanceProfile; report: ReportFormat; seed?: number; runs?: number };

function checkOptions(values: Record<string, string | boolean | undefined>): Checked | string {
  const { 'base-url': baseUrl, token, fixtures, profile = 'spec', report = 'text', seed, runs } = values;
  if (typeof baseUrl !== 'string' || typeof token !== 'string' || typeof fixtures !== 'string' || token === '' || fixtures === '') return CLI_MESSAGES.conformanceRequired;
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) return CLI_MESSAGES.badBaseUrl(baseUrl);
  if (profile !== 'spec' && profile !== 'payments-kit') return CLI_MESSAGES.badProfile(String(profile));
  if (report !== 'text' && report !== 'json' && report !== 'junit') return CLI_MESSAGES.badReport(String(report));
  const checked: Checked = { baseUrl, token, fixturesFile: fixtures, profile, report };
  if (seed !== undefined) {
    if (typeof seed !== 'string' || !/^\d{1,10}$/.test(seed) || Number(seed) > 2 ** 31 - 1) return CLI_MESSAGES.badSeed(String(seed));
    checked.seed = Number(seed);
  }
  if (runs !== undefined) {
    if (typeof runs !== 'string' || !/^\d{1,6}$/.test(runs) || Number(runs) < 1 || Number(runs) > 100_000) return CLI_MESSAGES.badRuns(String(runs));
    checked.runs = Number(runs);
  }
  return checked;
}

/**
 * `payments-kit conformance --base-url <url> --token <token> --fixtures <file> [--profile
 * spec|payments-kit] [--seed <n>] [--runs <n>] [--report text|json|junit]`: runs
 * `runConformance` against a server and prints the report on standard output (a progress line
 * on standard error when it is a terminal). Resolves with 0 when every rule run passed, 1 when
 * one failed, 2 for bad usage (fast-check missing included).
 *
 * @example
 * await runConformanceCommand(['--base-url', 'http://127.0.0.1:3000', '--token', 'demo-all-scopes', '--fixtures', 'fixtures.json'], io)
 */
export async function runConformanceCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(args, {
    help: { type: 'boolean', short: 'h' },
    'base-url': { type: 'string' },
    token: { type: 'string' },
    fixtures: { type: 'string' },
    profile: { type: 'string' },
    seed: { type: 'string' },
    runs: { type: 'string' },
    report: { type: 'string' },
  });
  if (!parsed.ok) return usage(io, parsed.error);
  if (parsed.value.values.help === true) {
    io.out(CONFORMANCE_HELP);
    return EXIT.ok;
  }
  if (parsed.value.positionals.length > 0) return usage(io, CLI_MESSAGES.unexpectedArgument(parsed.value.positionals[0] ?? ''));
  const options = checkOptions(parsed.value.values);
  if (typeof options === 'string') return usage(io, options);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await io.readInput(options.fixturesFile));
  } catch (error) {
    return usage(io, CLI_MESSAGES.cannotRead(options.fixturesFile, error));
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return usage(io, CLI_MESSAGES.badFixtures(options.fixturesFile, error instanceof Error ? error.message : String(error)));
  }
  const fixtures = parseConformanceFixtures(json);
  if (!fixtures.ok) return usage(io, CLI_MESSAGES.badFixtures(options.fixturesFile, fixtures.error));
  const progress = io.progress;
  try {
    const report = await runConformance({
      baseUrl: options.baseUrl,
      token: options.token,
      fixtures: fixtures.value,
      profile: options.profile,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.runs === undefined ? {} : { runs: options.runs }),
      ...(progress === undefined ? {} : { onProgress: ({ step, done, total, requests }) => progress(done === total ? '' : `conformance [${done + 1}/${total}] ${step} (${requests} requests)`) }),
    });
    io.out(formatConformanceReport(report, options.report).replace(/\n$/, ''));
    return report.failed > 0 ? EXIT.invalid : EXIT.ok;
  } catch (error) {
    if (error instanceof TypeError && error.message === FAST_CHECK_MISSING_MESSAGE) return usage(io, error.message);
    throw error;
  }
}

function usage(io: CliIo, message: string): number {
  io.err(`payments-kit conformance: ${message}`);
  io.err(CLI_MESSAGES.seeHelp('conformance'));
  return EXIT.usage;
}
