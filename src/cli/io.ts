/** What a command reads and writes: the real process in the bin, strings in tests. */
export interface CliIo {
  /** Writes a line to standard output. */
  out(line: string): void;
  /** Writes a line to standard error. */
  err(line: string): void;
  /** Reads a file (`-` is standard input) as bytes. */
  readInput(path: string): Promise<Uint8Array>;
  /** Standard output is a terminal that takes ANSI styles (`schedule --calendar` highlights with them); default plain text. */
  readonly color?: boolean;
  /** Rewrites a one-line progress report on standard error; only given when standard error is a terminal. */
  readonly progress?: (line: string) => void;
}

/** Exit codes: 0 done, 1 the input was checked and is invalid (or the server failed), 2 usage error. */
export const EXIT = Object.freeze({ ok: 0, invalid: 1, usage: 2 });
