import type { Weekday } from '../../rrule/types.js';
import { deepFreeze } from '../deep-freeze.js';

/** A local clock time `HH:MM` (24-hour) on some day of a rail's calendar. */
export type ClockTime = string;

/**
 * A clock time on a day counted from the operating day: `day: -1` is the calendar day before
 * (Fedwire opens at 21:00 the evening before), `1` the day after (a window open until midnight).
 */
export type DayTime = { readonly time: ClockTime; readonly day?: -1 | 0 | 1 };

/**
 * One submission window of an operating day: submissions made before `closes` (and at or
 * after `opens`) settle at `settles` on the operating day, or, with `'on-receipt'`, when they
 * are received (a real-time rail). Without `opens`, a window opens when the one before it
 * closes (the first of a day: when the previous operating day's last window closes), as an
 * operator that accepts files around the clock batches them.
 */
export type SubmissionWindow = {
  readonly name: string;
  readonly opens?: DayTime;
  readonly closes: DayTime;
  readonly settles: DayTime | 'on-receipt';
};

/**
 * The days a rail operates: the weekdays it runs, whether it closes on Federal Reserve
 * holidays (as `fedHolidays` lists them; New York banking days are Monday to Friday with
 * them closed), and one-off `closings` (`YYYY-MM-DD`, e.g. a day of mourning).
 */
export type OperatingDays = {
  readonly weekdays: readonly Weekday[];
  readonly closedOnFedHolidays: boolean;
  readonly closings?: readonly string[];
};

/**
 * A payment rail's calendar as data: its zone, operating days, submission windows (in
 * closing order) and where the figures come from. A host passes its own (a six-day Fedwire,
 * extra closings) wherever a rail name is accepted.
 */
export type RailCalendar = {
  readonly name: string;
  readonly timeZone: string;
  readonly days: OperatingDays;
  readonly windows: readonly SubmissionWindow[];
  readonly source: string;
};

/** Monday to Friday, closed on Federal Reserve holidays: New York banking days (`isBusinessDay`). */
export const NEW_YORK_BANKING_DAYS: OperatingDays = Object.freeze({
  weekdays: Object.freeze(['MO', 'TU', 'WE', 'TH', 'FR'] as const),
  closedOnFedHolidays: true,
});

/** Every day of the year, holidays included (24x7x365 rails). */
export const EVERY_DAY: OperatingDays = Object.freeze({
  weekdays: Object.freeze(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const),
  closedOnFedHolidays: false,
});

const ET = 'America/New_York';
/** A real-time rail's day: one window from midnight to midnight, settling on receipt. */
const AROUND_THE_CLOCK: readonly SubmissionWindow[] = [
  { name: 'around the clock', opens: { time: '00:00' }, closes: { time: '00:00', day: 1 }, settles: 'on-receipt' },
];

/**
 * The published calendars of the US rails, as data, each with its source. Frozen; a host
 * copies one and changes it (`{ ...RAIL_CALENDARS.fedwire, days: { ...NEW_YORK_BANKING_DAYS, weekdays: [..., 'SA'] } }`)
 * rather than editing it.
 *
 * @example
 * RAIL_CALENDARS['ach-same-day'].windows.map((w) => `${w.closes.time} -> ${typeof w.settles === 'string' ? w.settles : w.settles.time}`)
 * // ['10:30 -> 13:00', '14:45 -> 17:00', '16:45 -> 18:00']
 */
export const RAIL_CALENDARS = deepFreeze({
  'ach-same-day': {
    name: 'Same Day ACH',
    timeZone: ET,
    days: NEW_YORK_BANKING_DAYS,
    windows: [
      { name: 'first same-day window', closes: { time: '10:30' }, settles: { time: '13:00' } },
      { name: 'second same-day window', closes: { time: '14:45' }, settles: { time: '17:00' } },
      { name: 'third same-day window', closes: { time: '16:45' }, settles: { time: '18:00' } },
    ],
    source:
      'Nacha, Same Day ACH (nacha.org/content/same-day-ach) and the Federal Reserve FedACH processing schedule (frbservices.org/resources/financial-services/ach/processing-schedule): submission deadlines 10:30, 14:45 and 16:45 ET, settlement 13:00, 17:00 and 18:00 ET, on banking days',
  },
  'ach-next-day': {
    name: 'ACH next-day',
    timeZone: ET,
    days: NEW_YORK_BANKING_DAYS,
    windows: [{ name: 'next-day window', closes: { time: '02:15' }, settles: { time: '08:30' } }],
    source:
      'Nacha, ACH Network facts ("files can be submitted to an ACH Operator through 2:15 a.m. ET for settlement at 8:30 a.m. ET") and the FedACH processing schedule (frbservices.org/resources/financial-services/ach/processing-schedule), on banking days',
  },
  fedwire: {
    name: 'Fedwire Funds Service',
    timeZone: ET,
    days: NEW_YORK_BANKING_DAYS,
    windows: [{ name: 'funds-transfer business day', opens: { time: '21:00', day: -1 }, closes: { time: '19:00' }, settles: 'on-receipt' }],
    source:
      'Federal Reserve Board, About the Fedwire Funds Service (federalreserve.gov/paymentsystems/fedfunds_about.htm): the business day begins at 9:00 p.m. ET on the preceding calendar day and ends at 7:00 p.m. ET, Monday through Friday, excluding designated holidays; settlement is immediate and final (the customer-transfer deadline, 6:45 p.m. ET at frbservices.org, is earlier)',
  },
  rtp: {
    name: 'RTP',
    timeZone: ET,
    days: EVERY_DAY,
    windows: AROUND_THE_CLOCK,
    source: 'The Clearing House, RTP network (theclearinghouse.org/payment-systems/rtp): real-time payments 24x7x365, settled on receipt',
  },
  fednow: {
    name: 'FedNow Service',
    timeZone: ET,
    days: EVERY_DAY,
    windows: AROUND_THE_CLOCK,
    source: 'Federal Reserve, FedNow Service (frbservices.org/financial-services/fednow): instant payments 24 hours a day, 7 days a week, 365 days a year, settled on receipt',
  },
} as const satisfies Record<string, RailCalendar>);

/** A rail with a published calendar in {@link RAIL_CALENDARS}. */
export type RailName = keyof typeof RAIL_CALENDARS;

/** The rail names, as data. */
export const RAIL_NAMES = Object.freeze(Object.keys(RAIL_CALENDARS) as RailName[]);
