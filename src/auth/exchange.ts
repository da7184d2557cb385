import { OpsError, type OpsErrorCode } from '../api/errors.js';
import type { ExchangeCode, TokenResponse } from './protocol.js';

export interface ExchangeViaBackendOptions {
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Extra request headers, e.g. the host's CSRF token. */
  headers?: Record<string, string>;
  /** `credentials` mode of the request. Default `same-origin`. */
  credentials?: RequestCredentials;
}

/**
 * An `exchange` function for `OAuthPopup` that posts `{ code, redirect_uri, code_verifier }` as JSON to the
 * host's backend endpoint (for example one served by `createTokenExchangeHandler`) and returns
 * its `{ access_token, token_type, created_at }`. Failures become `OpsError`s: a refused code
 * is `unauthorized`, with the backend's short message.
 */
export function exchangeViaBackend(endpoint: string, options: ExchangeViaBackendOptions = {}): ExchangeCode {
  const doFetch = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  return async (code, { redirectUri, codeVerifier, signal }) => {
    let response: Response;
    try {
      response = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
        body: JSON.stringify({ code, redirect_uri: redirectUri, code_verifier: codeVerifier }),
        credentials: options.credentials ?? 'same-origin',
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new OpsError('aborted', 'Sign-in was cancelled.', { cause: error });
      throw new OpsError('network', 'The sign-in service could not be reached.', { cause: error });
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    if (!response.ok) {
      const message = typeof record['message'] === 'string' ? record['message'] : null;
      throw new OpsError(
        codeFor(response.status, record['error']),
        message ?? 'The sign-in could not be completed.',
        {
          status: response.status,
          ...(message ? { messages: [message] } : {}),
        },
      );
    }
    if (typeof record['access_token'] !== 'string' || record['access_token'] === '') {
      throw new OpsError('invalid_response', 'The token exchange returned no access token.', {
        status: response.status,
      });
    }
    return record as unknown as TokenResponse;
  };
}

function codeFor(status: number, error: unknown): OpsErrorCode {
  if (error === 'invalid_grant' || status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 504) return 'timeout';
  if (status >= 500) return 'server';
  if (status >= 400) return 'validation';
  return 'unknown';
}
