import { parseArgs, type ParseArgsConfig } from 'node:util';
import { err, ok, type Result } from '../shared/result.js';

/** The parsed command line of one command. */
export type Parsed = { values: Record<string, string | boolean | undefined>; positionals: string[] };

/**
 * `node:util` parseArgs in strict mode, with its thrown errors turned into a message.
 *
 * @example
 * parseCommandLine(['--count', '3'], { count: { type: 'string' } }) // { ok: true, value: { values: { count: '3' }, positionals: [] } }
 */
export function parseCommandLine(args: readonly string[], options: NonNullable<ParseArgsConfig['options']>): Result<Parsed, string> {
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    return ok({ values: values as Parsed['values'], positionals });
  } catch (error) {
    return err(error instanceof Error ? error.message : String(error));
  }
}
