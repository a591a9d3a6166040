import { RecurrenceError } from '../../rrule/errors.js';
import { DESCRIBE_LOCALES, type DescribeLocale } from './locales.js';
import { DESCRIBE_MESSAGES as M } from './messages.js';

/** The longest locale tag read (BCP 47 tags in use are far shorter). */
const MAX_LOCALE_LENGTH = 64;

const isDescribeLocale = (tag: string): tag is DescribeLocale => (DESCRIBE_LOCALES as readonly string[]).includes(tag);

/**
 * The language a description is written in for a requested locale: the tag's language when
 * it is one of {@link DESCRIBE_LOCALES} (`es-MX` and `es` give `es`), English otherwise
 * (and when none is asked: never the process's locale). A value that is not a well-formed
 * BCP 47 tag throws the `invalid-option` `RecurrenceError`.
 *
 * @example
 * resolveDescribeLocale('fr-CA') // 'fr'
 * resolveDescribeLocale('ja') // 'en'
 */
export function resolveDescribeLocale(locale: unknown): DescribeLocale {
  if (locale === undefined) return 'en';
  if (typeof locale === 'string' && isDescribeLocale(locale)) return locale; // already canonical: no Intl call
  if (typeof locale !== 'string' || locale.length > MAX_LOCALE_LENGTH) throw new RecurrenceError('invalid-option', M.locale(locale));
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(locale)[0] ?? '';
  } catch {
    throw new RecurrenceError('invalid-option', M.locale(locale));
  }
  const language = canonical.split('-')[0]?.toLowerCase() ?? '';
  return isDescribeLocale(language) ? language : 'en';
}
