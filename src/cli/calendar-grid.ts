import type { CalendarDay, CalendarMonth, CalendarView } from '../reference/calendar/month-grid.js';
import { WEEKDAY_HEADINGS } from '../reference/calendar/messages.js';

/** The marks of a grid cell, as data: the first column is about runs, the second about the day. */
export const GRID_MARKS = Object.freeze({
  run: '*',
  movedAway: '>',
  holiday: 'H',
  weekend: '.',
  none: ' ',
});

/** ANSI styles for a terminal: runs in reverse video, holidays red, weekends dim. */
const STYLE = Object.freeze({
  run: '\u001b[7m',
  holiday: '\u001b[31m',
  weekend: '\u001b[2m',
  reset: '\u001b[0m',
});

const CELL_GAP = ' ';

function runMark(day: CalendarDay): string {
  if (day.runs.length > 0) return GRID_MARKS.run;
  return day.movedTo.length > 0 ? GRID_MARKS.movedAway : GRID_MARKS.none;
}

function dayMark(day: CalendarDay): string {
  if (day.holiday !== undefined) return GRID_MARKS.holiday;
  return day.weekend ? GRID_MARKS.weekend : GRID_MARKS.none;
}

function cellText(day: CalendarDay | undefined, color: boolean): string {
  if (day === undefined) return '    ';
  const text = `${String(day.day).padStart(2)}${runMark(day)}${dayMark(day)}`;
  if (!color) return text;
  const style = day.runs.length > 0 ? STYLE.run : day.holiday !== undefined ? STYLE.holiday : day.weekend ? STYLE.weekend : '';
  return style === '' ? text : `${style}${text}${STYLE.reset}`;
}

/** The lines under a month's grid: each run (with where it came from) and each holiday, by day. */
function notes(month: CalendarMonth): string[] {
  const lines: string[] = [];
  for (const week of month.weeks) {
    for (const day of week) {
      if (day === undefined) continue;
      for (const run of day.runs) {
        const moved = run.movedFrom.length > 0 ? ` (moved from ${run.movedFrom.join(', ')})` : '';
        lines.push(`  ${GRID_MARKS.run} ${day.date} ${run.time}${moved}`);
      }
      for (const to of day.movedTo) lines.push(`  ${GRID_MARKS.movedAway} ${day.date} moved to ${to}`);
      if (day.holiday !== undefined) lines.push(`  ${GRID_MARKS.holiday} ${day.date} ${day.holiday}`);
    }
  }
  return lines;
}

/**
 * One month as terminal lines: the title, the weekday headings (Sunday first), the weeks
 * (each cell the day, a run mark and a day mark: see {@link GRID_MARKS}), then one line per
 * run, moved instance and holiday. With `color`, ANSI styles highlight runs, holidays and
 * weekends; without it the text is plain (for pipes and files).
 *
 * @example
 * monthGridLines(view.months[0], false)
 * // ['January 2026', 'Su   Mo   Tu   We   Th   Fr   Sa', ' ...  1 H  2    3 .', ..., '  * 2026-01-30 09:00 (moved from 2026-01-31)', ...]
 */
export function monthGridLines(month: CalendarMonth, color: boolean): string[] {
  const heading = WEEKDAY_HEADINGS.map((d) => d.padEnd(4)).join(CELL_GAP).trimEnd();
  const weeks = month.weeks.map((week) => week.map((day) => cellText(day, color)).join(CELL_GAP).trimEnd());
  return [month.title, heading, ...weeks, ...notes(month)];
}

/** The legend printed under the calendars. */
export const GRID_LEGEND = `${GRID_MARKS.run} run   ${GRID_MARKS.movedAway} run moved away (business-day adjustment)   ${GRID_MARKS.holiday} Federal Reserve holiday   ${GRID_MARKS.weekend} weekend`;

/**
 * Every month of `view` as terminal lines, a blank line between months, then the legend
 * (and a note when the runs reach beyond the months shown).
 *
 * @example
 * calendarLines(calendarMonths(occurrences, 'America/New_York'), process.stdout.isTTY)
 */
export function calendarLines(view: CalendarView, color: boolean, truncatedNote: string): string[] {
  const lines = view.months.flatMap((month, i) => [...(i === 0 ? [] : ['']), ...monthGridLines(month, color)]);
  if (view.truncated) lines.push('', truncatedNote);
  if (view.months.length > 0) lines.push('', GRID_LEGEND);
  return lines;
}
