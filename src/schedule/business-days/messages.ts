/** The messages of the business-day functions, as data. */
export const BUSINESS_DAY_MESSAGES = {
  year: (year: unknown) =>
    `year must be an integer from 1971 to 9999 (the Federal Reserve calendar is computed from the Uniform Monday Holiday Act of 1971 on); got ${describe(year)}`,
  dateType: (value: unknown) => `date must be a 'YYYY-MM-DD' string; got ${describe(value)}`,
  dateFormat: (value: string) => `date must be a calendar date written 'YYYY-MM-DD'; got ${JSON.stringify(value.slice(0, 40))}`,
  dateRange: (value: string) => `date must lie in the years 1971 to 9999 (the Federal Reserve calendar's range); got ${value}`,
  steps: (value: unknown, max: number) => `n must be an integer from -${max} to ${max}; got ${describe(value)}`,
  beyond: (from: string, n: number) => `${from} plus ${n} business days lies outside the years 1971 to 9999`,
  convention: (value: unknown) =>
    `businessDayAdjustment must be 'none', 'following', 'preceding' or 'modified-following'; got ${describe(value)}`,
} as const;

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  return typeof value;
}
