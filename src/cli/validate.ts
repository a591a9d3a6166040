import { readBodyBytes } from '../reference/body-bytes.js';
import { validateApplePaySessionRequest, validateEvidenceTextRequest, validateInvoiceUpdate } from '../schemas/index.js';
import { type CliIo, EXIT } from './io.js';
import { CLI_MESSAGES, VALIDATE_HELP } from './messages.js';
import { parseCommandLine } from './usage.js';

/** The operations with a request body, by catalog id, and the validator the handler runs. */
export const VALIDATED_OPERATIONS: Readonly<Record<string, (body: unknown) => { ok: boolean; status?: number; body?: unknown }>> =
  Object.freeze({
    updateInvoice: validateInvoiceUpdate,
    uploadEvidenceText: validateEvidenceTextRequest,
    createWalletSession: validateApplePaySessionRequest,
  });

/**
 * `payments-kit validate <operation> <file|->`: prints the status and body the API answers
 * for that request body (checks of the body alone), and exits 1 when it is refused.
 *
 * @example
 * await runValidate(['updateInvoice', 'body.json'], io) // prints "200 OK" or e.g. "422" and the error body
 */
export async function runValidate(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(args, { help: { type: 'boolean', short: 'h' } });
  if (!parsed.ok) return usage(io, parsed.error);
  if (parsed.value.values.help === true) {
    io.out(VALIDATE_HELP);
    return EXIT.ok;
  }
  const [operation, file, ...extra] = parsed.value.positionals;
  if (operation === undefined || file === undefined) return usage(io, CLI_MESSAGES.validateArguments);
  if (extra.length > 0) return usage(io, CLI_MESSAGES.unexpectedArgument(extra[0] ?? ''));
  // An own property only: "constructor", "__proto__" or "toString" are no operations.
  const validator = Object.hasOwn(VALIDATED_OPERATIONS, operation) ? VALIDATED_OPERATIONS[operation] : undefined;
  if (validator === undefined) return usage(io, CLI_MESSAGES.unknownOperation(operation, Object.keys(VALIDATED_OPERATIONS)));
  let bytes: Uint8Array;
  try {
    bytes = await io.readInput(file);
  } catch (error) {
    io.err(`payments-kit validate: ${CLI_MESSAGES.cannotRead(file, error)}`);
    return EXIT.usage;
  }
  const body = await readBodyBytes(bytes);
  if (!body.ok) return answer(io, 400, { error: body.error });
  const result = validator(body.value);
  if (result.ok) {
    io.out('valid: the API accepts this body (answers that depend on stored data, such as 404 or 409, are not checked)');
    return EXIT.ok;
  }
  return answer(io, result.status ?? 400, result.body);
}

function answer(io: CliIo, status: number, body: unknown): number {
  io.out(String(status));
  io.out(JSON.stringify(body, null, 2));
  return EXIT.invalid;
}

function usage(io: CliIo, message: string): number {
  io.err(`payments-kit validate: ${message}`);
  io.err(CLI_MESSAGES.seeHelp('validate'));
  return EXIT.usage;
}
