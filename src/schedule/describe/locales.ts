import { DE } from './de.js';
import { EN } from './en.js';
import { ES } from './es.js';
import { FR } from './fr.js';
import type { DescribeMessages } from './messages-type.js';

/** The languages `describeRecurrence` writes, each complete: English, Spanish, French, German. */
export const DESCRIBE_LOCALES = ['en', 'es', 'fr', 'de'] as const;

/** A language `describeRecurrence` writes. */
export type DescribeLocale = (typeof DESCRIBE_LOCALES)[number];

/** The messages of each language, as data. */
export const DESCRIBE_MESSAGE_TABLES: Readonly<Record<DescribeLocale, DescribeMessages>> = { en: EN, es: ES, fr: FR, de: DE };
