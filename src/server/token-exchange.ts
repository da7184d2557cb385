import { identityOf, type Authorize } from './identity.js';
import {
  BodyTimeoutError,
  BodyTooLargeError,
  DEFAULT_BODY_TIMEOUT_MS,
  ResponseTooLargeError,
  applyCors,
  checkOrigin,
  cleanCredential,
  jsonError,
  jsonResponse,
  normaliseBaseUrl,
  parseJson,
  readBodyLimited,
  readTextLimited,
  requestTimeoutResponse,
  type FetchHandler,
  type FetchLike,
  type OriginList,
  type OriginVerdict,
} from './http.js';

export interface TokenExchangeOptions {
  /** Base URL of the API that serves `POST /oauth/token`. */
  apiBaseUrl: string;
  /** The OAuth client id (surrounding whitespace trimmed). */
  clientId: string;
  /**
   * The OAuth client secret. Only ever sent to `apiBaseUrl`; never part of a response.
   * Surrounding whitespace is trimmed; a line break inside is a `TypeError` at creation.
   */
  clientSecret: string;
  /** The redirect URI registered for the client (the page that calls `completeOAuthPopup`). */
  redirectUri: string;
  /** Origins allowed to call the handler from a browser. Default: none besides same-origin. */
  allowedOrigins?: OriginList;
  /**
   * Required. The caller's identity from the host's own session (as for `createApiProxy`), or
   * null to refuse: `401`, and the code is not sent on. A code alone proves nothing about who
   * sends it (a code read from a log or a referrer would otherwise buy a token for anyone).
   */
  authorize: Authorize;
  /** Time the request body has to arrive, in milliseconds; after it, `408`. Default 10 000. */
  bodyTimeoutMs?: number;
  fetch?: FetchLike;
  /** Time the token endpoint has to answer, its body included, in milliseconds. Default 15 000. */
  timeoutMs?: number;
  /** Largest answer read from the token endpoint, in bytes; a larger one is a `502`. Default 64 KiB. */
  maxResponseBytes?: number;
  /** Called with unexpected failures; the error never carries the secret. Default: silent. */
  onError?: (error: unknown) => void;
}

/** What the browser receives: the token and nothing else from the upstream answer. */
export interface TokenExchangeResult {
  access_token: string;
  token_type: string;
  created_at: number | null;
}

const MAX_BODY = 8 * 1024;
const MAX_CODE_LENGTH = 512;
const DEFAULT_MAX_RESPONSE = 64 * 1024;
/** RFC 7636: 43 to 128 characters of letters, digits and `-._~`. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * A fetch-standard handler for the host's backend: the page posts `{ code, redirect_uri,
 * code_verifier }` (JSON) after the OAuth popup returns, the handler checks the caller is signed
 * in (`authorize`), exchanges the code at `POST {apiBaseUrl}/oauth/token` with the client secret
 * held here and the PKCE `code_verifier` the page kept, and answers `{ access_token, token_type,
 * created_at }`.
 *
 * Errors are `{ error, message }` with short, fixed messages: `method_not_allowed` (405),
 * `invalid_request` (400), `forbidden` (403, origin not allowed), `invalid_grant` (400, the
 * code was refused: expired, used or issued for another redirect URI), `bad_gateway` (502: the
 * upstream failed, or refused the client credentials, which `onError` reports) and
 * `upstream_timeout` (504). Nothing the upstream said is passed on.
 */
export function createTokenExchangeHandler(options: TokenExchangeOptions): FetchHandler {
  if (typeof options?.authorize !== 'function') {
    throw new TypeError(
      'createTokenExchangeHandler needs authorize(request): return the identity of the user signed ' +
        'in to your site (e.g. from a signed session cookie), or null to refuse.',
    );
  }
  const authorize = options.authorize;
  const base = normaliseBaseUrl(options.apiBaseUrl, 'apiBaseUrl');
  const tokenUrl = `${base.prefix}/oauth/token`;
  const clientId = cleanCredential(options.clientId, 'clientId');
  const clientSecret = cleanCredential(options.clientSecret, 'clientSecret');
  if (!clientId || !clientSecret) throw new TypeError('clientId and clientSecret are required');
  if (!options.redirectUri) throw new TypeError('redirectUri is required');
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const origins: OriginList = options.allowedOrigins ?? [];
  const timeoutMs = options.timeoutMs ?? 15_000;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const maxResponse = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE;

  const respond = (verdict: OriginVerdict, response: Response): Response => {
    applyCors(response.headers, verdict);
    response.headers.set('x-content-type-options', 'nosniff');
    return response;
  };

  async function handle(request: Request): Promise<Response> {
    const verdict = checkOrigin(request, origins);
    if (verdict.kind === 'refused')
      return jsonError(403, 'forbidden', 'This origin may not exchange codes here.');
    const method = request.method.toUpperCase();

    if (method === 'OPTIONS') {
      if (verdict.kind !== 'allowed')
        return jsonError(403, 'forbidden', 'CORS preflight from an origin not allowed.');
      const headers = new Headers({
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'content-type, accept',
        'access-control-max-age': '600',
        vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
      });
      return respond(verdict, new Response(null, { status: 204, headers }));
    }
    if (method !== 'POST') {
      return respond(verdict, jsonError(405, 'method_not_allowed', 'Use POST.', { allow: 'POST, OPTIONS' }));
    }

    if (identityOf(await authorize(request)) === null)
      return respond(verdict, jsonError(401, 'unauthorized', 'Sign in before connecting an account.'));

    const contentType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (contentType !== 'application/json') {
      return respond(verdict, jsonError(400, 'invalid_request', 'Send a JSON body { "code": "…" }.'));
    }
    let parsed: unknown;
    try {
      const raw = await readBodyLimited(request, MAX_BODY, bodyTimeoutMs);
      parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw ?? new Uint8Array()));
    } catch (error) {
      if (error instanceof BodyTimeoutError) return respond(verdict, requestTimeoutResponse());
      const message =
        error instanceof BodyTooLargeError ? 'Request body too large.' : 'The body is not valid JSON.';
      return respond(verdict, jsonError(400, 'invalid_request', message));
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return respond(verdict, jsonError(400, 'invalid_request', 'Send a JSON body { "code": "…" }.'));
    }
    const {
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    } = parsed as Record<string, unknown>;
    if (
      typeof code !== 'string' ||
      code.length === 0 ||
      code.length > MAX_CODE_LENGTH ||
      !/^[\x21-\x7e]+$/.test(code)
    ) {
      return respond(verdict, jsonError(400, 'invalid_request', 'The "code" field is missing or malformed.'));
    }
    if (
      codeVerifier !== undefined &&
      (typeof codeVerifier !== 'string' || !CODE_VERIFIER.test(codeVerifier))
    ) {
      return respond(
        verdict,
        jsonError(400, 'invalid_request', 'The "code_verifier" field is malformed (43 to 128 characters).'),
      );
    }
    if (redirectUri !== undefined && redirectUri !== options.redirectUri) {
      return respond(
        verdict,
        jsonError(400, 'invalid_request', 'The redirect_uri does not match this client.'),
      );
    }

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let upstream: Response;
    let text: string;
    try {
      upstream = await doFetch(tokenUrl, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'authorization_code',
          redirect_uri: options.redirectUri,
          client_id: clientId,
          client_secret: clientSecret,
          code,
          ...(typeof codeVerifier === 'string' ? { code_verifier: codeVerifier } : {}),
        }),
        redirect: 'manual',
        signal: controller.signal,
      });
      // The timer covers the body too: a token endpoint that sends headers and then stalls, or
      // streams without end, is cut off like one that never answers.
      text = await readTextLimited(upstream, maxResponse, controller.signal);
    } catch (error) {
      const timedOut = controller.signal.aborted;
      const tooLarge = error instanceof ResponseTooLargeError;
      options.onError?.(
        new Error(
          tooLarge
            ? 'Token endpoint answered with a body over maxResponseBytes'
            : timedOut
              ? 'Token endpoint timed out'
              : 'Token endpoint unreachable',
        ),
      );
      return respond(
        verdict,
        timedOut && !tooLarge
          ? jsonError(504, 'upstream_timeout', 'The sign-in service did not answer in time.')
          : jsonError(
              502,
              'bad_gateway',
              tooLarge
                ? 'The sign-in service gave an unusable answer.'
                : 'The sign-in service could not be reached.',
            ),
      );
    } finally {
      clearTimeout(timer);
    }
    const answer = parseJson(text);

    if (!upstream.ok) {
      const oauthError = oauthErrorCode(answer);
      if (
        upstream.status === 401 ||
        oauthError === 'invalid_client' ||
        oauthError === 'unauthorized_client'
      ) {
        // The application's own credentials were refused: a server configuration problem.
        options.onError?.(
          new Error('Token endpoint refused the client credentials; check clientId and clientSecret'),
        );
        return respond(
          verdict,
          jsonError(502, 'bad_gateway', 'The sign-in service refused this application.'),
        );
      }
      if (upstream.status >= 400 && upstream.status < 500 && upstream.status !== 429) {
        return respond(
          verdict,
          jsonError(
            400,
            'invalid_grant',
            'The authorization code was refused; it may have expired or been used.',
          ),
        );
      }
      options.onError?.(new Error(`Token endpoint answered ${upstream.status}`));
      return respond(verdict, jsonError(502, 'bad_gateway', 'The sign-in service failed; try again.'));
    }

    const record = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
    const accessToken = record['access_token'];
    if (typeof accessToken !== 'string' || accessToken.length === 0) {
      options.onError?.(new Error('Token endpoint answered without an access token'));
      return respond(verdict, jsonError(502, 'bad_gateway', 'The sign-in service gave an unusable answer.'));
    }
    const tokenType = typeof record['token_type'] === 'string' ? record['token_type'] : 'bearer';
    const createdAtRaw = record['created_at'];
    const createdAt =
      typeof createdAtRaw === 'number' && Number.isFinite(createdAtRaw)
        ? createdAtRaw
        : typeof createdAtRaw === 'string' && /^\d+$/.test(createdAtRaw)
          ? Number(createdAtRaw)
          : null;
    const result: TokenExchangeResult = {
      access_token: accessToken,
      token_type: tokenType,
      created_at: createdAt,
    };
    return respond(verdict, jsonResponse(200, result, { pragma: 'no-cache' }));
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch {
      options.onError?.(new Error('Token exchange failed unexpectedly'));
      return jsonError(500, 'server_error', 'The code could not be exchanged.');
    }
  };
}

/** The OAuth `error` code of an error answer (only a short token; nothing else is kept). */
function oauthErrorCode(body: unknown): string | null {
  const error = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['error'] : null;
  return typeof error === 'string' && /^[a-z_]{1,64}$/.test(error) ? error : null;
}
