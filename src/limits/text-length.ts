const HIGH_SURROGATE_FIRST = 0xd800;
/** Any surrogate unit: a string without one is all BMP, one code point per unit (checked natively). */
const ANY_SURROGATE = /[\uD800-\uDFFF]/;
/** Up to this many units, {@link hasSurrogate} loops rather than running its pattern (measured). */
const SHORT_STRING = 32;
const HIGH_SURROGATE_LAST = 0xdbff;
const LOW_SURROGATE_FIRST = 0xdc00;
const LOW_SURROGATE_LAST = 0xdfff;

function isHighSurrogate(unit: number): boolean {
  return unit >= HIGH_SURROGATE_FIRST && unit <= HIGH_SURROGATE_LAST;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= LOW_SURROGATE_FIRST && unit <= LOW_SURROGATE_LAST;
}

/** True when the UTF-16 units at `index` and `index + 1` form one surrogate pair. */
function isPairAt(s: string, index: number): boolean {
  return isHighSurrogate(s.charCodeAt(index)) && isLowSurrogate(s.charCodeAt(index + 1));
}

/**
 * True when `s` holds any UTF-16 surrogate unit (paired or not); without one, every unit is
 * one code point and no unit is lone.
 *
 * @example
 * hasSurrogate('abc') // false
 * hasSurrogate('😀')  // true
 */
export function hasSurrogate(s: string): boolean {
  // A short string is scanned: a loop over a few units costs less than entering the pattern.
  if (s.length > SHORT_STRING) return ANY_SURROGATE.test(s);
  for (let i = 0; i < s.length; i += 1) if ((s.charCodeAt(i) & 0xf800) === 0xd800) return true;
  return false;
}

/**
 * The length of `s` in Unicode code points: the unit every "N characters" limit of the
 * spec counts. An emoji outside the BMP counts 1; a combining mark counts on its own; each
 * member of a ZWJ sequence counts. A lone surrogate counts 1 (see `hasLoneSurrogate`).
 *
 * @example
 * textLength('abc')   // 3
 * textLength('😀')    // 1 ('😀'.length is 2)
 * textLength('e\u0301') // 2 (e + combining acute accent)
 */
export function textLength(s: string): number {
  if (!hasSurrogate(s)) return s.length;
  let count = 0;
  for (let i = 0; i < s.length; i += isPairAt(s, i) ? 2 : 1) count += 1;
  return count;
}

/**
 * True when `s` holds a UTF-16 surrogate that is not part of a pair. Such a string has
 * no UTF-8 encoding, so it cannot be sent as the spec's UTF-8 text.
 *
 * @example
 * hasLoneSurrogate('😀')      // false
 * hasLoneSurrogate('\uD83D')  // true
 * hasLoneSurrogate('a\uDE00') // true
 */
export function hasLoneSurrogate(s: string): boolean {
  if (!hasSurrogate(s)) return false;
  for (let i = 0; i < s.length; i += 1) {
    if (isPairAt(s, i)) {
      i += 1;
      continue;
    }
    const unit = s.charCodeAt(i);
    if (isHighSurrogate(unit) || isLowSurrogate(unit)) return true;
  }
  return false;
}
