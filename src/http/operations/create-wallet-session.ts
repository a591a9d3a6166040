import { validateApplePaySessionRequest } from '../../schemas/index.js';
import { withDeadline } from '../core/deadline.js';
import { readJsonBody } from '../core/json-body.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { errorReply, jsonReply } from '../core/reply.js';
import { CREATE_WALLET_SESSION } from '../../operations/index.js';
import { declareOperation } from './declaration.js';

/** Thrown (and answered as a 500) when the wallet provider resolves to something other than a string. */
export const PROVIDER_NOT_STRING_MESSAGE = 'the wallet provider must resolve to a string';

/**
 * POST /accounts/{accountID}/apple-pay/sessions (spec 4.4). Order: body syntax (400), the
 * body's fields (`validateApplePaySessionRequest`: 400 or 422), the domain registered for
 * the account (409, compared ignoring ASCII case), then the wallet provider under
 * `downstreamTimeoutMs` (504, and its signal aborts; a client that goes away first aborts it
 * too and gets a 400 nobody reads, never an internal error). The 200 body is the provider's string
 * as a JSON string (spec 2.8: "a string holding a JSON-serialized session object"): decoding
 * the body gives back exactly the provider's string, which the client hands to the wallet.
 */
export const createWalletSession = /* @__PURE__ */ declareOperation({
  ...CREATE_WALLET_SESSION,
  docs: {
    summary: 'Create a wallet-payment session',
    description:
      "Asks the wallet provider for a payment session for a domain registered on the merchant's account. The 200 body is the provider's session object as a JSON string, to be handed to the provider unchanged.",
    requestBody: 'ApplePaySessionRequest',
    success: 'WalletSession',
    unprocessable: 'Error',
  },
  run: async (context) => {
    const { walletProvider, maxBodyBytes, downstreamTimeoutMs, limits } = context.options;
    const { store } = context;
    const body = await readJsonBody(context.exchange, maxBodyBytes, context.options.maxJsonValues);
    if (!body.ok) return errorReply(400, body.error);
    const request = validateApplePaySessionRequest(body.value, { limits });
    if (!request.ok) return jsonReply(request.status, request.body);
    const { domain, displayName } = request.value;
    if (!(await store.hasWalletDomain(context.accountID, domain))) return errorReply(409, HTTP_MESSAGES.domainNotRegistered);
    if (walletProvider === undefined) return errorReply(500, HTTP_MESSAGES.noWalletProvider);
    const input = { accountID: context.accountID, domain, displayName };
    const session = await withDeadline(
      (signal) => walletProvider.createSession({ ...input, signal }),
      downstreamTimeoutMs,
      { parent: context.exchange.signal },
    );
    if (!session.ok) {
      return session.reason === 'timeout' ? errorReply(504, HTTP_MESSAGES.downstreamTimeout) : errorReply(400, HTTP_MESSAGES.clientGone);
    }
    if (typeof session.value !== 'string') throw new TypeError(PROVIDER_NOT_STRING_MESSAGE);
    return jsonReply(200, session.value);
  },
});
