/** The New York banking-day calendar: Federal Reserve holidays, computed. */
export {
  fedHolidays,
  FED_HOLIDAY_RULES,
  FED_CALENDAR_FIRST_YEAR,
  FED_CALENDAR_LAST_YEAR,
  type FedHoliday,
} from './fed-holidays.js';
export {
  isBusinessDay,
  addBusinessDays,
  nextBusinessDay,
  previousBusinessDay,
  adjustToBusinessDay,
  BUSINESS_DAY_ADJUSTMENTS,
  MAX_BUSINESS_DAY_STEPS,
  type BusinessDayAdjustment,
} from './business-days.js';
export { BUSINESS_DAY_MESSAGES } from './messages.js';
