import { hasLoneSurrogate } from '../limits/index.js';

/**
 * True when PostgreSQL `text` can hold `s` exactly: no NUL character (text cannot contain
 * one) and no lone surrogate (it has no UTF-8 form; a driver would silently turn it into
 * U+FFFD, so two different IDs could meet in one row). An ID that fails this cannot be
 * stored, so the store answers it as absent without asking the database.
 *
 * @example
 * isStorableText('inv-1')      // true
 * isStorableText('inv\u0000')  // false
 * isStorableText('\ud800')     // false
 */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !hasLoneSurrogate(s);
}

/**
 * `s` made storable for operator-facing text (an error message kept with an effect):
 * NUL and lone surrogates become U+FFFD, and the text is cut to `max` UTF-16 units.
 *
 * @example
 * storableNote('boom\u0000') // 'boom\ufffd'
 */
export function storableNote(s: string, max = 2000): string {
  const clean = isStorableText(s) ? s : s.replace(/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  return clean.length <= max ? clean : clean.slice(0, max);
}
