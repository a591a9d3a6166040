import type { CalendarDay, CalendarMonth, CalendarView } from '../../calendar/month-grid.js';
import { WEEKDAY_HEADINGS } from '../../calendar/messages.js';
import { h } from './dom.js';

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The day's cell: the day number, then its runs (time, where they came from), moves away and holiday. */
function dayCell(day: CalendarDay): HTMLElement {
  const classes = ['day', day.weekend ? 'weekend' : '', day.holiday === undefined ? '' : 'holiday', day.runs.length > 0 ? 'run' : '', day.movedTo.length > 0 ? 'moved-away' : '']
    .filter((c) => c !== '')
    .join(' ');
  const cell = h('td', { class: classes, 'data-date': day.date, 'data-runs': day.runs.length, 'data-holiday': day.holiday }, h('span', { class: 'day-number' }, String(day.day)));
  for (const run of day.runs) {
    const moved = run.movedFrom.length > 0 ? ` (moved from ${run.movedFrom.map((d) => Number(d.slice(8))).join(', ')})` : '';
    cell.append(h('span', { class: 'run-mark', title: run.runOn }, `Run ${run.time}${moved}`));
  }
  for (const to of day.movedTo) cell.append(h('span', { class: 'moved-mark' }, `moved to ${Number(to.slice(8))}${to.slice(0, 7) === day.date.slice(0, 7) ? '' : ` ${to.slice(0, 7)}`}`));
  if (day.holiday !== undefined) cell.append(h('span', { class: 'holiday-name' }, day.holiday));
  return cell;
}

function monthTable(month: CalendarMonth): HTMLElement {
  const head = h('tr', {}, ...WEEKDAY_HEADINGS.map((d, i) => h('th', { scope: 'col' }, h('abbr', { title: WEEKDAY_NAMES[i] }, d))));
  const weeks = month.weeks.map((week) => h('tr', {}, ...week.map((day) => (day === undefined ? h('td', { class: 'pad' }) : dayCell(day)))));
  return h('table', { class: 'month', 'data-month': `${month.year}-${String(month.month).padStart(2, '0')}` }, h('caption', {}, month.title), h('thead', {}, head), h('tbody', {}, ...weeks));
}

/**
 * The month calendars of a {@link CalendarView} as tables: one per month, a cell per day with
 * `data-date`, classes `weekend`, `holiday`, `run` and `moved-away`, and the runs' times and
 * holiday names as text (read by screen readers, not only shown by color).
 *
 * @example
 * target.replaceChildren(calendarElement(calendarMonths(occurrences, 'America/New_York')))
 */
export function calendarElement(view: CalendarView): HTMLElement {
  const legend = h(
    'p',
    { class: 'legend' },
    h('span', { class: 'key run' }, 'run'),
    ' ',
    h('span', { class: 'key moved-away' }, 'moved away'),
    ' ',
    h('span', { class: 'key holiday' }, 'Federal Reserve holiday'),
    ' ',
    h('span', { class: 'key weekend' }, 'weekend'),
  );
  const note = view.truncated ? [h('p', { class: 'note' }, `The runs go on beyond these ${view.months.length} months; fewer runs show them all.`)] : [];
  return h('div', { class: 'calendar' }, legend, ...view.months.map(monthTable), ...note);
}
