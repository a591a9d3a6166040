import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRID_LEGEND, GRID_MARKS } from '../../src/cli/calendar-grid.js';
import type { CliIo } from '../../src/cli/io.js';
import { CLI_MESSAGES } from '../../src/cli/messages.js';
import { runSchedule } from '../../src/cli/schedule.js';
import { MONTH_NAMES } from '../../src/reference/calendar/messages.js';
import { expectedDays, holidayOn, isWeekendDate, localDateOf, localTimeOf, runsOf, scheduleArbitrary, type RandomSchedule } from './random-rules.js';

/** Runs `payments-kit schedule` with string I/O. */
async function schedule(args: string[], color = false): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), readInput: async () => new Uint8Array(), color };
  const code = await runSchedule(args, io);
  return { code, out, err };
}

const argsOf = (s: RandomSchedule): string[] => [s.rule, '--start', s.start, '--tz', s.timeZone, '--count', String(s.count), '--business-day', s.adjustment, '--calendar'];

type GridCell = { date: string; run: string; day: string };
const TITLE = new RegExp(`^(${MONTH_NAMES.join('|')}) (\\d{1,4})$`);

/** Reads the grids back from the printed text: each cell is 4 characters (day, run mark, day mark), one space apart. */
function readGrid(lines: readonly string[]): { cells: GridCell[]; notes: string[] } {
  const cells: GridCell[] = [];
  const notes: string[] = [];
  let month: { year: number; month: number } | undefined;
  for (const line of lines) {
    const title = TITLE.exec(line);
    if (title !== null) {
      month = { year: Number(title[2]), month: MONTH_NAMES.indexOf(title[1] ?? '') + 1 };
      continue;
    }
    if (month === undefined || line.startsWith('Su ') || line.startsWith('(') || line === '' || line === GRID_LEGEND) continue;
    if (/^ {2}[*>H] \d{4}-\d{2}-\d{2} /.test(line)) {
      notes.push(line.trim());
      continue;
    }
    for (let at = 0; at < line.length; at += 5) {
      const cell = line.slice(at, at + 4).padEnd(4);
      if (cell.trim() === '') continue;
      const day = Number(cell.slice(0, 2));
      const date = `${String(month.year).padStart(4, '0')}-${String(month.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      // The column is the weekday, Sunday first: the grid puts each day under its heading.
      expect(at / 5).toBe(new Date(Date.UTC(month.year, month.month - 1, day)).getUTCDay());
      cells.push({ date, run: cell[2] ?? ' ', day: cell[3] ?? ' ' });
    }
  }
  return { cells, notes };
}

describe('payments-kit schedule --calendar', () => {
  it('prints what expandRecurrence and fedHolidays compute, for random rules, zones and conventions', async () => {
    await fc.assert(
      fc.asyncProperty(scheduleArbitrary, async (s) => {
        const { code, out } = await schedule(argsOf(s));
        expect(code).toBe(0);
        const { cells, notes } = readGrid(out);
        const expected = expectedDays(s);
        const runDates = new Set(expected.runs.keys());
        const shownMarks = cells.map((c) => [c.date, c.run, c.day]);
        const factMarks = cells.map((c) => [
          c.date,
          runDates.has(c.date) ? GRID_MARKS.run : expected.movedTo.has(c.date) ? GRID_MARKS.movedAway : GRID_MARKS.none,
          holidayOn(c.date) !== undefined ? GRID_MARKS.holiday : isWeekendDate(c.date) ? GRID_MARKS.weekend : GRID_MARKS.none,
        ]);
        expect(shownMarks).toEqual(factMarks);
        expect(cells.length).toBeGreaterThan(0);
        // One note per run: its local date and time, and where it was moved from.
        const runNotes = notes.filter((n) => n.startsWith(`${GRID_MARKS.run} `));
        const shown = new Set(cells.map((c) => c.date));
        const factNotes = runsOf(s)
          .map((o) => {
            const date = [...expected.runs].find(([, runOns]) => runOns.includes(o.runOn))?.[0] ?? '';
            const from = (o.adjustedFrom ?? []).map((f) => localDateOf(f, s.timeZone)).filter((d) => d !== date);
            return { date, text: `${GRID_MARKS.run} ${date} ${localTimeOf(o.runOn, s.timeZone)}${from.length > 0 ? ` (moved from ${from.join(', ')})` : ''}` };
          })
          .filter((n) => shown.has(n.date))
          .map((n) => n.text);
        expect(runNotes).toEqual(factNotes);
        const holidayNotes = notes.filter((n) => n.startsWith(`${GRID_MARKS.holiday} `));
        expect(holidayNotes).toEqual(cells.filter((c) => holidayOn(c.date) !== undefined).map((c) => `${GRID_MARKS.holiday} ${c.date} ${holidayOn(c.date)}`));
      }),
      { numRuns: 40 },
    );
  });

  it('highlights with ANSI styles on a terminal and prints plain text otherwise', async () => {
    const args = ['FREQ=MONTHLY;BYMONTHDAY=-1', '--start', '2026-05-31T09:00:00-04:00', '--tz', 'America/New_York', '--count', '1', '--business-day', 'preceding', '--calendar'];
    const plain = await schedule(args);
    const color = await schedule(args, true);
    expect(plain.out.join('\n')).not.toContain('\u001b[');
    expect(color.out.join('\n')).toContain('\u001b[7m29* \u001b[0m');
    expect(color.out.join('\n')).toContain('\u001b[31m25 H\u001b[0m');
    expect(plain.out).toContain('  * 2026-05-29 09:00 (moved from 2026-05-31)');
    expect(plain.out).toContain('  H 2026-05-25 Memorial Day');
    expect(plain.out).toContain('  > 2026-05-31 moved to 2026-05-29');
    // Without the escapes the colored text is the plain text.
    expect(color.out.map((l) => l.replace(/\u001b\[\d+m/g, ''))).toEqual(plain.out);
  });

  it('refuses --json with --calendar, an unknown convention, and a run outside the Fed calendar, with clear messages', async () => {
    const both = await schedule(['FREQ=DAILY', '--start', '2026-01-01T00:00:00Z', '--json', '--calendar']);
    expect([both.code, both.err[0]]).toEqual([2, `payments-kit schedule: ${CLI_MESSAGES.jsonAndCalendar}`]);
    const bad = await schedule(['FREQ=DAILY', '--start', '2026-01-01T00:00:00Z', '--business-day', '__proto__']);
    expect(bad.code).toBe(2);
    expect(bad.err[0]).toContain('--business-day must be one of none, following, preceding, modified-following, got "__proto__"');
    const early = await schedule(['FREQ=DAILY', '--start', '1960-01-01T00:00:00Z', '--business-day', 'following']);
    expect(early.code).toBe(2);
    expect(early.err[0]).toMatch(/^payments-kit schedule: .*1960-01-01/);
  });

  it('no runs in the window: says so; a table shows where moved runs came from', async () => {
    const none = await schedule(['FREQ=DAILY;COUNT=1', '--start', '2026-01-01T00:00:00Z', '--until', '2025-12-31T00:00:00Z', '--calendar']);
    expect([none.code, none.out]).toEqual([0, ['(no occurrences)']]);
    const table = await schedule(['FREQ=MONTHLY;BYMONTHDAY=-1', '--start', '2026-01-31T09:00:00-05:00', '--tz', 'America/New_York', '--count', '2', '--business-day', 'following']);
    expect(table.out[1]).toBe('1      2026-02-02T14:00:00Z    2026-02-02 09:00:00  moved from 2026-01-31T14:00:00Z');
  });
});

