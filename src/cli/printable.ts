/**
 * C0 and C1 control characters, DEL, and the Unicode bidirectional controls (which reorder
 * what a terminal shows): none of them is printed raw from stored data.
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const escape = (character: string): string => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text from a store (an effect's type, a delivery's error message) made safe to print on a
 * terminal: each control character becomes `\uXXXX`, so that stored text can neither send
 * escape sequences (clear the screen, set the title, hide text) nor forge extra lines.
 *
 * @example
 * printable('refused\r\n\u001b[2Jok') // 'refused\\u000d\\u000a\\u001b[2Jok'
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, escape);
}
