import { type BusinessDayAdjustment, type GeneratedOccurrence, isRecurrenceError, tryExpandRecurrence, wallTimeOf } from '../../../schedule/index.js';
import { calendarMonths } from '../../calendar/month-grid.js';
import { calendarElement } from './calendar-view.js';
import { h } from './dom.js';
import { describeRecurrence } from './features.js';

/** What the schedule form holds. */
export type ScheduleInput = {
  readonly rule: string;
  readonly start: string;
  readonly timeZone: string;
  readonly adjustment: BusinessDayAdjustment;
  readonly count: number;
};

/** The most runs the page lays out. */
export const MAX_PLAYGROUND_RUNS = 500;

const pad = (n: number): string => String(n).padStart(2, '0');

function wallText(runOn: string, timeZone: string): string {
  const w = wallTimeOf(new Date(runOn), timeZone);
  return `${String(w.year).padStart(4, '0')}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

function runList(occurrences: readonly GeneratedOccurrence<undefined>[], timeZone: string): HTMLElement {
  return h(
    'ol',
    { class: 'runs' },
    ...occurrences.map((o) =>
      h(
        'li',
        { 'data-run-on': o.runOn },
        h('time', { datetime: o.runOn }, `${wallText(o.runOn, timeZone)} ${timeZone}`),
        ` (${o.runOn})`,
        ...(o.adjustedFrom === undefined ? [] : [h('span', { class: 'moved-from' }, ` moved from ${o.adjustedFrom.map((f) => wallText(f, timeZone)).join(', ')}`)]),
      ),
    ),
  );
}

/** The rule in words, when the library has `describeRecurrence` (see features.ts); any error there leaves it out. */
function sentence(input: ScheduleInput): HTMLElement[] {
  if (describeRecurrence === undefined) return [];
  try {
    const words = describeRecurrence({ recurrenceRule: input.rule, start: input.start }, { locale: 'en', timeZone: input.timeZone });
    return [h('p', { class: 'in-words', 'data-rule': input.rule }, words)];
  } catch {
    return [];
  }
}

/**
 * Shows the first `count` runs of the rule: in words (when available), as month calendars
 * and as a list; a rule, start, zone or option the library refuses shows its error message.
 *
 * @example
 * showSchedule({ rule: 'FREQ=MONTHLY;BYMONTHDAY=-1', start: '2026-01-31T09:00:00-05:00', timeZone: 'America/New_York', adjustment: 'preceding', count: 6 }, target)
 */
export function showSchedule(input: ScheduleInput, target: HTMLElement): void {
  const count = Math.min(Math.max(Math.trunc(input.count), 1), MAX_PLAYGROUND_RUNS);
  const result = Number.isFinite(input.count)
    ? tryExpandRecurrence(
        { recurrenceRule: input.rule, start: input.start, runTransfer: undefined },
        { limit: count, timeZone: input.timeZone, businessDayAdjustment: input.adjustment },
      )
    : undefined;
  if (result === undefined || !result.ok) {
    const message = result === undefined ? 'Runs must be a number from 1 to 500.' : result.error.message;
    target.replaceChildren(h('p', { class: 'verdict refused', role: 'alert' }, message));
    return;
  }
  try {
    const view = calendarMonths(result.value, input.timeZone);
    target.replaceChildren(
      ...sentence(input),
      calendarElement(view),
      h('h3', {}, `Runs (${result.value.length})`),
      result.value.length === 0 ? h('p', {}, 'The rule has no runs.') : runList(result.value, input.timeZone),
    );
  } catch (error) {
    if (!isRecurrenceError(error) && !(error instanceof RangeError)) throw error;
    target.replaceChildren(h('p', { class: 'verdict refused', role: 'alert' }, error.message));
  }
}
