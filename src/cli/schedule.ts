import { calendarMonths } from '../reference/calendar/month-grid.js';
import { isRecurrenceError } from '../rrule/errors.js';
import { expandRule } from '../rrule/expand.js';
import { parseRecurrenceRule } from '../rrule/parse.js';
import { isTimeZone, wallTimeOf } from '../rrule/zone.js';
import { BUSINESS_DAY_ADJUSTMENTS, type BusinessDayAdjustment } from '../schedule/business-days/business-days.js';
import { expandRecurrence } from '../schedule/expand.js';
import { formatDateTime, parseDateTime } from '../shared/rfc3339.js';
import { calendarLines } from './calendar-grid.js';
import { type CliIo, EXIT } from './io.js';
import { CLI_MESSAGES, SCHEDULE_HELP } from './messages.js';
import { parseCommandLine } from './usage.js';

/** Occurrences printed without --count or --until. */
export const DEFAULT_COUNT = 10;
/** The most occurrences one run prints (--count, or a long --until window). */
export const MAX_PRINTED = 10_000;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** "2026-03-08 03:00:00" in `timeZone`. */
function wallText(instant: Date, timeZone: string): string {
  const w = wallTimeOf(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** A printed run: its instant, and the RRULE instances it stands for when the business-day adjustment moved it. */
type Run = { readonly runOn: string; readonly adjustedFrom?: readonly string[] | undefined };

/**
 * `payments-kit schedule "<RRULE>" --start ... [--tz ...] [--count N | --until ...]
 * [--business-day <convention>] [--json | --calendar]`: prints the rule's occurrences, as a
 * table (UTC and wall time), as a JSON array, or as month calendars (`--calendar`: weekends
 * and Federal Reserve holidays marked, runs highlighted; plain text when `io.color` is off).
 *
 * @example
 * await runSchedule(['FREQ=DAILY', '--start', '2026-01-01T09:00:00Z', '--count', '2', '--json'], io)
 * // prints ["2026-01-01T09:00:00Z","2026-01-02T09:00:00Z"]
 */
export async function runSchedule(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(args, {
    help: { type: 'boolean', short: 'h' },
    start: { type: 'string' },
    tz: { type: 'string' },
    count: { type: 'string' },
    until: { type: 'string' },
    json: { type: 'boolean' },
    calendar: { type: 'boolean' },
    'business-day': { type: 'string' },
  });
  if (!parsed.ok) return usage(io, parsed.error);
  const { values, positionals } = parsed.value;
  if (values.help === true) {
    io.out(SCHEDULE_HELP);
    return EXIT.ok;
  }
  const [text, ...extra] = positionals;
  if (text === undefined) return usage(io, CLI_MESSAGES.scheduleArguments);
  if (extra.length > 0) return usage(io, CLI_MESSAGES.unexpectedArgument(extra[0] ?? ''));
  const rule = parseRecurrenceRule(text);
  if (!rule.ok) return usage(io, CLI_MESSAGES.badRule(rule.error));
  if (typeof values.start !== 'string') return usage(io, CLI_MESSAGES.startRequired);
  const start = parseDateTime(values.start);
  if (!start.ok) return usage(io, CLI_MESSAGES.badDateTime('--start', start.error));
  const timeZone = typeof values.tz === 'string' ? values.tz : 'UTC';
  if (!isTimeZone(timeZone)) return usage(io, CLI_MESSAGES.badTimeZone(timeZone));
  if (values.count !== undefined && values.until !== undefined) return usage(io, CLI_MESSAGES.countAndUntil);
  let limit = values.until === undefined ? DEFAULT_COUNT : MAX_PRINTED;
  if (typeof values.count === 'string') {
    limit = /^\d{1,6}$/.test(values.count) ? Number(values.count) : 0;
    if (limit < 1 || limit > MAX_PRINTED) return usage(io, CLI_MESSAGES.badCount(values.count, MAX_PRINTED));
  }
  let to: Date | undefined;
  if (typeof values.until === 'string') {
    const until = parseDateTime(values.until);
    if (!until.ok) return usage(io, CLI_MESSAGES.badDateTime('--until', until.error));
    // --until is inclusive; the expansion window's end is exclusive.
    to = new Date(until.value.getTime() + 1);
  }
  if (values.json === true && values.calendar === true) return usage(io, CLI_MESSAGES.jsonAndCalendar);
  const convention = values['business-day'] ?? 'none';
  if (typeof convention !== 'string' || !BUSINESS_DAY_ADJUSTMENTS.includes(convention as BusinessDayAdjustment)) {
    return usage(io, CLI_MESSAGES.badBusinessDay(String(convention), BUSINESS_DAY_ADJUSTMENTS));
  }
  let occurrences: readonly Run[];
  try {
    occurrences =
      convention === 'none'
        ? expandRule(rule.value, start.value, { limit, timeZone, to }).map((d) => ({ runOn: formatDateTime(d) }))
        : expandRecurrence(
            { recurrenceRule: text, start: start.value, runTransfer: undefined },
            { limit, timeZone, to, businessDayAdjustment: convention as BusinessDayAdjustment },
          );
  } catch (error) {
    if (isRecurrenceError(error)) return usage(io, error.message);
    throw error;
  }
  if (values.json === true) io.out(JSON.stringify(occurrences.map((o) => o.runOn)));
  else if (values.calendar === true) printCalendar(io, occurrences, timeZone);
  else printTable(io, occurrences, timeZone);
  if (to !== undefined && occurrences.length === MAX_PRINTED) {
    io.err(`payments-kit schedule: stopped after ${MAX_PRINTED} occurrences; the window holds more`);
  }
  return EXIT.ok;
}

function printTable(io: CliIo, occurrences: readonly Run[], timeZone: string): void {
  io.out(`#      UTC                     ${timeZone === 'UTC' ? '' : `wall time (${timeZone})`}`.trimEnd());
  occurrences.forEach((o, i) => {
    const wall = timeZone === 'UTC' ? '' : wallText(new Date(o.runOn), timeZone).padEnd(21);
    const moved = o.adjustedFrom === undefined ? '' : `moved from ${o.adjustedFrom.join(', ')}`;
    io.out(`${String(i + 1).padEnd(6)} ${o.runOn.padEnd(24)}${wall}${moved}`.trimEnd());
  });
  if (occurrences.length === 0) io.out('(no occurrences)');
}

function printCalendar(io: CliIo, occurrences: readonly Run[], timeZone: string): void {
  const view = calendarMonths(occurrences, timeZone);
  if (view.months.length === 0) io.out('(no occurrences)');
  for (const line of calendarLines(view, io.color === true, CLI_MESSAGES.calendarTruncated(view.months.length))) io.out(line);
}

function usage(io: CliIo, message: string): number {
  io.err(`payments-kit schedule: ${message}`);
  io.err(CLI_MESSAGES.seeHelp('schedule'));
  return EXIT.usage;
}
