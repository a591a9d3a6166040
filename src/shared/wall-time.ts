/** A local calendar date and clock time: month 1-12, hour 0-23, second 0-59. */
export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};
