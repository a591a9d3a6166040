/** The first month of a quarter: the `QQ` of `vYYYY.QQ.BB`. */
export type QuarterMonth = 1 | 4 | 7 | 10;

/** A dated release `vYYYY.QQ.BB`; `text` is its canonical spelling. */
export type DatedVersion = {
  readonly kind: 'dated';
  readonly year: number;
  readonly month: QuarterMonth;
  readonly build: number;
  readonly text: string;
};

/** The development state `dev`. */
export type DevVersion = { readonly kind: 'dev'; readonly text: 'dev' };

/** A parsed API version (spec 9). */
export type Version = DatedVersion | DevVersion;
