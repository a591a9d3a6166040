import { CREATE_WALLET_SESSION, type PathParams } from '../operations/index.js';
import { validateApplePaySessionRequest, type ApplePaySessionRequest } from '../schemas/index.js';
import type { CallOptions } from './call.js';
import type { ClientResult } from './result.js';
import { sendBody } from './send-body.js';
import type { Transport } from './transport.js';

/** The result of `createWalletSession`: 200 with the provider's session string, or `{ error }` for 400, 401, 403, 404, 409, 422, 429, 500, 504 (spec 4.4). */
export type CreateWalletSessionResult = ClientResult<typeof CREATE_WALLET_SESSION, string>;

const SHAPES = { text: true } as const;

/**
 * POST /accounts/{accountID}/apple-pay/sessions (spec 4.4). The body is checked with
 * `validateApplePaySessionRequest` first: an invalid one is answered locally with the 400 or 422
 * the server would answer, and never sent. `data` is the provider's session string, to be handed
 * to the wallet unchanged (spec 2.8).
 *
 * @example
 * const result = await createWalletSession(api, { accountID }, { domain: 'shop.example.com', displayName: 'Shop' });
 * if (result.ok) session.completeMerchantValidation(JSON.parse(result.data));
 */
export function createWalletSession(
  transport: Transport,
  params: PathParams<typeof CREATE_WALLET_SESSION>,
  body: ApplePaySessionRequest,
  options?: CallOptions,
): Promise<CreateWalletSessionResult> {
  return sendBody(transport, CREATE_WALLET_SESSION, params, body, options, validateApplePaySessionRequest, SHAPES) as Promise<CreateWalletSessionResult>;
}
