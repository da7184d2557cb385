/**
 * What the parts of an OAuth sign-in say to each other: the redirect page and the page that opened
 * the popup, and the host's backend that trades the code for a token. The redirect page and the
 * opener must be served from the same origin: the message is posted with that exact target origin,
 * and the BroadcastChannel fallback only reaches same-origin pages.
 */

/** `type` of every message posted by `completeOAuthPopup`. */
export const OAUTH_MESSAGE_TYPE = 'commerce-ops-oauth';

/** Name of the BroadcastChannel used when the popup lost its `window.opener`. */
export const OAUTH_CHANNEL_NAME = 'commerce-ops-oauth';

export interface OAuthCallbackMessage {
  type: typeof OAUTH_MESSAGE_TYPE;
  code: string | null;
  state: string | null;
  /** The OAuth error (`access_denied`, …) when the user or the server refused. */
  error: string | null;
  error_description?: string | null;
}

/** Reads `code`, `state`, `error` and `error_description` from a redirect URL (query, else fragment). */
export function readCallbackParams(href: string): Omit<OAuthCallbackMessage, 'type'> {
  const url = new URL(href);
  let params = url.searchParams;
  if (!params.has('code') && !params.has('error') && url.hash.length > 1) {
    params = new URLSearchParams(url.hash.slice(1));
  }
  return {
    code: params.get('code'),
    state: params.get('state'),
    error: params.get('error'),
    error_description: params.get('error_description'),
  };
}

/** The URL with the OAuth parameters removed, for `history.replaceState`. */
export function withoutCallbackParams(href: string): string {
  const url = new URL(href);
  for (const name of ['code', 'state', 'error', 'error_description', 'error_uri'])
    url.searchParams.delete(name);
  if (url.hash.length > 1) {
    const hashParams = new URLSearchParams(url.hash.slice(1));
    if (hashParams.has('code') || hashParams.has('error')) url.hash = '';
  }
  return url.href;
}

/** What the host's backend returns for a code; only `access_token` is required. */
export interface TokenResponse {
  access_token: string;
  token_type?: string;
  created_at?: number | null;
}

/**
 * Trades an authorization code for a token through the host's backend (which holds the client
 * secret, e.g. `createTokenExchangeHandler` from `commerce-ops-elements/server`). `codeVerifier`
 * is the PKCE verifier of this sign-in: send it on as `code_verifier`, or the token endpoint
 * refuses the code.
 */
export type ExchangeCode = (
  code: string,
  context: { redirectUri: string; codeVerifier: string; signal: AbortSignal },
) => Promise<TokenResponse> | TokenResponse;

export interface RedirectSignInResult {
  accessToken: string;
  /** The page `signInWithRedirect()` was called from (or its `returnTo`). */
  returnTo: string;
}
