/**
 * The messages `parseRecurrenceRule` returns, as data: each names the rule part and the
 * RFC 5545 rule it breaks.
 */
export const RRULE_MESSAGES = {
  notString: 'RRULE must be a string',
  empty: 'RRULE must not be empty',
  notAscii:
    'RRULE must be ASCII: only printable characters U+0020 to U+007E are allowed (no accented or look-alike letters, emoji, or control characters)',
  tooLong: (max: number) => `RRULE must be at most ${max} characters`,
  emptyPart: 'RRULE must not contain an empty rule part (check for ";;" or a trailing ";")',
  malformedPart: (part: string) => `rule part "${part}" must have the form NAME=VALUE`,
  unknownPart: (name: string) => `${name} is not an RFC 5545 or RFC 7529 rule part`,
  rscale: (value: string) =>
    `RSCALE=${value} is not supported: only RSCALE=GREGORIAN is (RFC 7529 calendars other than the Gregorian one are not implemented)`,
  skip: (value: string) => `SKIP must be OMIT, BACKWARD or FORWARD (RFC 7529), got "${value}"`,
  skipWithoutRscale: 'SKIP requires RSCALE: RFC 7529 section 4.1 says "The SKIP rule part MUST NOT be present unless the RSCALE rule part is present"',
  skipFreq: 'SKIP=BACKWARD and SKIP=FORWARD are supported with FREQ=MONTHLY or FREQ=YEARLY only (where a day of the month can be missing from a month)',
  duplicatePart: (name: string) => `${name} must not appear more than once`,
  freqRequired: 'FREQ is required',
  freqValue: (value: string) =>
    `FREQ must be one of SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY, got "${value}"`,
  countAndUntil: 'COUNT and UNTIL must not both be present',
  count: (value: string, max: number) => `COUNT must be a positive integer of at most ${max}, got "${value}"`,
  interval: (value: string, max: number) =>
    `INTERVAL must be a positive integer of at most ${max}, got "${value}"`,
  until: (value: string) =>
    `UNTIL must be a UTC date-time such as 20261231T235959Z (DTSTART is an instant, so UNTIL must be in UTC), got "${value}"`,
  emptyList: (name: string) => `${name} must list at least one value`,
  listItem: (name: string, value: string, range: string) => `${name} values must be integers ${range}, got "${value}"`,
  byDayItem: (value: string) =>
    `BYDAY values must be weekdays (MO, TU, WE, TH, FR, SA, SU), optionally numbered -53..-1 or 1..53, got "${value}"`,
  wkst: (value: string) => `WKST must be one of MO, TU, WE, TH, FR, SA, SU, got "${value}"`,
  numberedByDayFreq: 'numbered BYDAY (e.g. 1MO, -1FR) is only allowed with FREQ=MONTHLY or FREQ=YEARLY',
  numberedByDayWeekNo: 'numbered BYDAY (e.g. 1MO, -1FR) is not allowed with FREQ=YEARLY and BYWEEKNO',
  byMonthDayWeekly: 'BYMONTHDAY is not allowed with FREQ=WEEKLY',
  byYearDayFreq: 'BYYEARDAY is not allowed with FREQ=DAILY, FREQ=WEEKLY or FREQ=MONTHLY',
  byWeekNoFreq: 'BYWEEKNO is only allowed with FREQ=YEARLY',
  bySetPosAlone: 'BYSETPOS is only allowed with another BYxxx rule part',
} as const;
