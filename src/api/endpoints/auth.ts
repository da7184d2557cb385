import type { CallOptions, ClientCore } from '../core.js';
import type { ExchangeCodeInput } from '../inputs.js';
import { CurrentUserSchema, OAuthTokenSchema } from '../schemas/auth.js';
import type { CurrentUser, OAuthToken } from '../schemas/auth.js';
import { bodyOf } from './common.js';

/** `GET /current_user`. */
export async function getCurrentUser(client: ClientCore, options: CallOptions = {}): Promise<CurrentUser> {
  return bodyOf(client, CurrentUserSchema, { method: 'GET', path: '/current_user', signal: options.signal });
}

/**
 * `POST /oauth/token`: exchanges an authorization code (valid 10 minutes, single use) for a
 * permanent access token.
 *
 * **Server side only.** It needs the client secret, which must never reach a browser; call it
 * from the host's backend (see the token-exchange handler in `commerce-ops-elements/server`).
 * No account credential is sent with it.
 */
export async function exchangeAuthorizationCode(
  client: ClientCore,
  input: ExchangeCodeInput,
  options: CallOptions = {},
): Promise<OAuthToken> {
  return bodyOf(client, OAuthTokenSchema, {
    method: 'POST',
    path: '/oauth/token',
    body: {
      grant_type: 'authorization_code',
      redirect_uri: input.redirectUri,
      client_id: input.clientId,
      client_secret: input.clientSecret,
      code: input.code,
    },
    authenticate: false,
    keepSecretFields: ['access_token', 'refresh_token'],
    signal: options.signal,
  });
}
