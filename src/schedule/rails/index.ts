/** Payment rails' calendars as data: submission windows, operating days and settlement times. */
export {
  RAIL_CALENDARS,
  RAIL_NAMES,
  NEW_YORK_BANKING_DAYS,
  EVERY_DAY,
  type RailCalendar,
  type RailName,
  type SubmissionWindow,
  type OperatingDays,
  type DayTime,
  type ClockTime,
} from './calendars.js';
export { nextSubmissionWindow, settlementTime, type RailWindow } from './windows.js';
export { RAIL_MESSAGES } from './messages.js';
