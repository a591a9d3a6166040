// Civil from days (proleptic Gregorian, no Date object): shared by the RRULE calendar and the
// RFC 3339 formatter, which sits below it.

/** A civil date of a day number. */
export type CivilDate = { year: number; month: number; day: number };

/**
 * The civil date of day number `z`.
 *
 * @example
 * civilDate(-1) // { year: 1969, month: 12, day: 31 }
 */
export function civilDate(z: number): CivilDate {
  const shifted = z + 719468;
  const era = Math.floor(shifted / 146097);
  const doe = shifted - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}
