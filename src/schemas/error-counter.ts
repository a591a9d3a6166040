import { TRUNCATED_KEY, truncatedMessage } from './error-limit.js';

/**
 * The error cap of one error body (spec 4.2, 7): at most `max` errors; the next one is left
 * out and stops the run, and the truncation note ends the body, last. Every error body counts
 * here, one `room()` per new error: the per-field object (`FieldErrorsRun`,
 * `ErrorBodyBuilder`) and the `{ error }` line (`ErrorBodyBuilder.forText`).
 *
 * @example
 * const errors = new ErrorCounter(2);
 * [errors.room(), errors.room(), errors.stopped] // [true, true, false]
 * [errors.room(), errors.stopped] // [false, true]
 * errors.withNote({ a: 'x', b: 'y' }) // { a: 'x', b: 'y', '(truncated)': 'only the first 2 field errors are reported; ...' }
 * errors.withNoteText('a: x; b: y') // 'a: x; b: y; only the first 2 field errors are reported; ...'
 */
export class ErrorCounter {
  /** True once an error was left out (`room()` answered false): nothing found later can change the body. */
  stopped = false;
  private counted = 0;

  constructor(
    /** The most errors the body holds. */
    readonly max: number,
  ) {}

  /**
   * A counter that continues an error body of `count` errors, with the note or not (`stopped`).
   *
   * @example
   * ErrorCounter.continuing(3, 2, false).room() // true: one more fits
   */
  static continuing(max: number, count: number, stopped: boolean): ErrorCounter {
    const errors = new ErrorCounter(max);
    errors.counted = count;
    errors.stopped = stopped;
    return errors;
  }

  /** The errors counted so far (at most `max`). */
  get count(): number {
    return this.counted;
  }

  /** True once the body holds `max` errors: the next new one stops it. */
  get full(): boolean {
    return this.counted >= this.max;
  }

  /**
   * Counts one more error: true when the body has room for it (write it), else false (leave it
   * out), and the run stops.
   */
  room(): boolean {
    if (this.counted < this.max) {
      this.counted += 1;
      return true;
    }
    this.stopped = true;
    return false;
  }

  /** The per-field `body`, with the note under `"(truncated)"` added last once stopped (once: a note it has stays). */
  withNote<T extends Record<string, unknown>>(body: T): T {
    // The note's key is no `__proto__`: a plain assignment makes it an own property.
    if (this.stopped && !Object.hasOwn(body, TRUNCATED_KEY)) (body as Record<string, unknown>)[TRUNCATED_KEY] = truncatedMessage(this.max);
    return body;
  }

  /** The `{ error }` `line` of the errors counted, with the note as its last entry once stopped (the note alone when none was). */
  withNoteText(line: string): string {
    if (!this.stopped) return line;
    const note = truncatedMessage(this.max);
    return this.counted === 0 ? note : `${line}; ${note}`;
  }
}
