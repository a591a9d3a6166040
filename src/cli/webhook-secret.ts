import { err, ok, type Result } from '../shared/result.js';
import type { CliIo } from './io.js';
import { CLI_MESSAGES } from './messages.js';

/** The environment variable `payments-kit serve` reads the webhook secret from. */
export const WEBHOOK_SECRET_ENV = 'PAYMENTS_KIT_WEBHOOK_SECRET';
/** A secret file longer than this holds no secret (one is at most 94 characters): refused unread. */
const MAX_SECRET_FILE_BYTES = 4_096;
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The webhook secret of `payments-kit serve`, from (in this order) `--webhook-secret-file
 * <path>` (the file's text without surrounding whitespace; `-` reads standard input),
 * `--webhook-secret <secret>` (works, with a warning on standard error: other local users can
 * read a command line from the process list), or the `PAYMENTS_KIT_WEBHOOK_SECRET` environment
 * variable; `undefined` when none is given. Both flags at once, an empty or unreadable file,
 * is a usage message (never holding the secret). The secret's format is checked by
 * `createWebhookRelay`.
 *
 * @example
 * await webhookSecret({ 'webhook-secret-file': '/run/secrets/webhook' }, {}, io) // { ok: true, value: 'whsec_...' }
 */
export async function webhookSecret(
  values: Readonly<Record<string, string | boolean | readonly string[] | undefined>>,
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
): Promise<Result<string | undefined, string>> {
  const file = values['webhook-secret-file'];
  const inline = values['webhook-secret'];
  if (typeof file === 'string' && typeof inline === 'string') return err(CLI_MESSAGES.secretTwice);
  if (typeof file === 'string') return readSecretFile(file, io);
  if (typeof inline === 'string') {
    io.err(CLI_MESSAGES.secretOnCommandLine);
    return ok(inline);
  }
  const fromEnv = env[WEBHOOK_SECRET_ENV];
  return ok(fromEnv === undefined || fromEnv === '' ? undefined : fromEnv.trim());
}

async function readSecretFile(path: string, io: CliIo): Promise<Result<string, string>> {
  if (path === '') return err(CLI_MESSAGES.emptySecretFile);
  let text: string;
  try {
    const bytes = await io.readInput(path);
    if (bytes.length > MAX_SECRET_FILE_BYTES) return err(CLI_MESSAGES.secretFileTooLarge(path));
    text = decoder.decode(bytes).trim();
  } catch (error) {
    return err(CLI_MESSAGES.cannotReadSecret(path, error));
  }
  return text === '' ? err(CLI_MESSAGES.emptySecretFile) : ok(text);
}
