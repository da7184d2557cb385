import {
  BodyTooLargeError,
  applyCors,
  checkOrigin,
  jsonError,
  normaliseBaseUrl,
  readBodyLimited,
  type FetchHandler,
  type FetchLike,
  type OriginList,
  type OriginVerdict,
} from './http.js';
import { LeakyBucketLimiter, type RateLimitOptions } from './rate-limit.js';
import {
  DEFAULT_ROUTES,
  compileRoutes,
  isUnsafeRequestTarget,
  matchRoute,
  type RouteRule,
} from './routes.js';

/** The credential the proxy adds to an upstream request. */
export type ProxyCredential = { apiKey: string } | { bearer: string };

export interface ApiProxyOptions {
  /** Base URL of the Commerce Operations API, e.g. `https://api.example.com`. */
  upstream: string;
  /** A private integration's API key, sent upstream as `x-api-key`. Stays on the server. */
  apiKey?: string;
  /**
   * Picks the credential for one request, e.g. the signed-in user's OAuth token looked up from
   * the host's own session. Returning null falls back to `forwardAuthorization`, then `apiKey`.
   */
  getCredential?: (
    request: Request,
  ) => ProxyCredential | null | undefined | Promise<ProxyCredential | null | undefined>;
  /**
   * Forward the browser's own `Authorization: Bearer …` header (the user's OAuth token held by
   * the page). Off by default.
   */
  forwardAuthorization?: boolean;
  /** Application token sent in the `Authentication` header of `POST /shipments`. */
  appToken?: string;
  /** Origins allowed to call the proxy from a browser (exact `scheme://host[:port]`). */
  allowedOrigins: OriginList;
  /** Send `Access-Control-Allow-Credentials: true` (when `getCredential` reads cookies). */
  allowCredentials?: boolean;
  /** The endpoints forwarded; defaults to every endpoint of the spec (`DEFAULT_ROUTES`). */
  allow?: readonly RouteRule[];
  /** Per-credential leaky bucket, default 5 requests/second with bursts of 100; `false` turns it off. */
  rateLimit?: RateLimitOptions | false;
  /** Largest request body accepted, in bytes. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Upstream timeout in milliseconds. Default 30 000. */
  timeoutMs?: number;
  /** Path prefix the proxy is mounted under, e.g. `/api/ops`. Default none. */
  basePath?: string;
  fetch?: FetchLike;
  /** Called with unexpected failures (never with credentials). Default: silent. */
  onError?: (error: unknown) => void;
  /** Clock for the rate limiter, in milliseconds. */
  now?: () => number;
}

/** Pagination headers the browser may read. */
export const EXPOSED_HEADERS = [
  'X-Total-Count',
  'X-Total-Pages-Count',
  'X-Page-Index',
  'X-Per-Page',
] as const;

const FORWARDED_REQUEST_HEADERS = ['accept', 'content-type', 'accept-language'] as const;

const STRIPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'trailers',
  'set-cookie',
  'set-cookie2',
  'authorization',
  'authentication',
  'x-api-key',
  'www-authenticate',
  // fetch has already decoded the body; the length and encoding no longer describe it
  'content-encoding',
  'content-length',
]);

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
const DEFAULT_MAX_BODY = 1024 * 1024;

/**
 * A fetch-standard handler (Request → Response) that forwards an explicit list of the API's
 * endpoints to `upstream`, adding the credential on the server. It is not an open relay: any
 * other method or path, any path with dot segments, encoded slashes or dots, backslashes or
 * empty segments is refused before anything is sent upstream.
 */
export function createApiProxy(options: ApiProxyOptions): FetchHandler {
  const upstream = normaliseBaseUrl(options.upstream, 'upstream');
  const upstreamPrefix = upstream.prefix;
  const routes = compileRoutes(options.allow ?? DEFAULT_ROUTES);
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  if (basePath && !/^(\/[A-Za-z0-9_.~-]+)+$/.test(basePath))
    throw new TypeError('basePath must look like /a/b');
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const limiter =
    options.rateLimit === false ? null : new LeakyBucketLimiter(options.rateLimit ?? {}, options.now);
  const allowedRequestHeaders = [
    ...FORWARDED_REQUEST_HEADERS,
    ...(options.forwardAuthorization ? ['authorization'] : []),
  ];
  const corsOptions = { exposeHeaders: EXPOSED_HEADERS, allowCredentials: options.allowCredentials ?? false };

  const respond = (verdict: OriginVerdict, response: Response): Response => {
    applyCors(response.headers, verdict, corsOptions);
    return response;
  };

  async function resolveCredential(request: Request): Promise<ProxyCredential | null> {
    const chosen = await options.getCredential?.(request);
    if (chosen && ('apiKey' in chosen ? chosen.apiKey : chosen.bearer)) return chosen;
    if (options.forwardAuthorization) {
      const match = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(request.headers.get('authorization') ?? '');
      if (match?.[1]) return { bearer: match[1] };
    }
    if (options.apiKey) return { apiKey: options.apiKey };
    return null;
  }

  async function handle(request: Request): Promise<Response> {
    const target = requestTarget(request.url);
    if (target === null || isUnsafeRequestTarget(target)) {
      return jsonError(404, 'not_found', 'No such endpoint.');
    }
    const url = new URL(request.url);
    const verdict = checkOrigin(request, options.allowedOrigins);
    if (verdict.kind === 'refused')
      return jsonError(403, 'forbidden', 'This origin may not use the API proxy.');

    let path = url.pathname;
    if (basePath) {
      if (path !== basePath && !path.startsWith(`${basePath}/`)) {
        return respond(verdict, jsonError(404, 'not_found', 'No such endpoint.'));
      }
      path = path.slice(basePath.length) || '/';
    }
    const method = request.method.toUpperCase();

    if (method === 'OPTIONS') {
      if (verdict.kind !== 'allowed')
        return jsonError(403, 'forbidden', 'CORS preflight from an origin not allowed.');
      const requested = (request.headers.get('access-control-request-method') ?? '').toUpperCase();
      const match = matchRoute(routes, requested, path);
      if (match.kind !== 'match') return respond(verdict, jsonError(404, 'not_found', 'No such endpoint.'));
      const headers = new Headers({
        'access-control-allow-methods': [
          ...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method)),
        ].join(', '),
        'access-control-allow-headers': allowedRequestHeaders.join(', '),
        'access-control-max-age': '600',
      });
      appendVaryAll(headers);
      return respond(verdict, new Response(null, { status: 204, headers }));
    }

    const match = matchRoute(routes, method, path);
    if (match.kind === 'not_found') return respond(verdict, jsonError(404, 'not_found', 'No such endpoint.'));
    if (match.kind === 'method_not_allowed') {
      return respond(
        verdict,
        jsonError(405, 'method_not_allowed', 'Method not allowed for this endpoint.', {
          allow: match.allow.join(', '),
        }),
      );
    }
    const route = match.route;

    const credential = await resolveCredential(request);
    if (!credential)
      return respond(verdict, jsonError(401, 'unauthorized', 'No credential for this request.'));

    if (limiter) {
      const waitMs = limiter.take(await credentialKey(credential));
      if (waitMs > 0) {
        return respond(
          verdict,
          jsonError(
            429,
            'rate_limited',
            `Too many requests: at most ${limiter.perSecond} per second, bursts of ${limiter.burst}.`,
            { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
          ),
        );
      }
    }

    let body: Uint8Array<ArrayBuffer> | null = null;
    if (method !== 'GET' && method !== 'DELETE') {
      try {
        body = await readBodyLimited(request, maxBody);
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          return respond(
            verdict,
            jsonError(413, 'payload_too_large', `Request body larger than ${maxBody} bytes.`),
          );
        }
        throw error;
      }
    }

    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    if ('apiKey' in credential) headers.set('x-api-key', credential.apiKey);
    else headers.set('authorization', `Bearer ${credential.bearer}`);
    if (route.appToken && options.appToken) headers.set('authentication', options.appToken);

    const upstreamUrl = new URL(upstreamPrefix + path + (route.query ? url.search : ''));
    if (upstreamUrl.origin !== upstream.origin)
      return respond(verdict, jsonError(404, 'not_found', 'No such endpoint.'));

    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('Upstream timeout', 'TimeoutError')),
      timeoutMs,
    );
    const onClientAbort = () => controller.abort(request.signal.reason);
    request.signal.addEventListener('abort', onClientAbort, { once: true });

    let upstreamResponse: Response;
    try {
      upstreamResponse = await doFetch(upstreamUrl.href, {
        method,
        headers,
        body: body && body.byteLength > 0 ? body : null,
        redirect: 'manual',
        signal: controller.signal,
      });
    } catch (error) {
      const timedOut = controller.signal.aborted && !request.signal.aborted;
      if (!timedOut) options.onError?.(new Error('Upstream request failed', { cause: error }));
      return respond(
        verdict,
        timedOut
          ? jsonError(504, 'upstream_timeout', 'The API did not answer in time.')
          : jsonError(502, 'bad_gateway', 'The API could not be reached.'),
      );
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onClientAbort);
    }

    if (upstreamResponse.status >= 300 && upstreamResponse.status < 400 && upstreamResponse.status !== 304) {
      await upstreamResponse.body?.cancel().catch(() => undefined);
      return respond(verdict, jsonError(502, 'bad_gateway', 'The API answered with an unexpected redirect.'));
    }

    const responseHeaders = filterResponseHeaders(upstreamResponse.headers);
    const response = new Response(
      NULL_BODY_STATUSES.has(upstreamResponse.status) ? null : upstreamResponse.body,
      {
        status: upstreamResponse.status,
        statusText: upstreamResponse.statusText,
        headers: responseHeaders,
      },
    );
    return respond(verdict, response);
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      options.onError?.(error);
      return jsonError(500, 'proxy_error', 'The request could not be forwarded.');
    }
  };
}

/** The path and query of a request URL exactly as the Request carries it. */
function requestTarget(href: string): string | null {
  const schemeEnd = href.indexOf('://');
  if (schemeEnd === -1) return null;
  const slash = href.indexOf('/', schemeEnd + 3);
  const target = slash === -1 ? '/' : href.slice(slash);
  const hash = target.indexOf('#');
  return hash === -1 ? target : target.slice(0, hash);
}

function filterResponseHeaders(source: Headers): Headers {
  const named = new Set(
    (source.get('connection') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const headers = new Headers();
  source.forEach((value, name) => {
    const lower = name.toLowerCase();
    if (STRIPPED_RESPONSE_HEADERS.has(lower) || named.has(lower)) return;
    if (lower.startsWith('proxy-') || lower.startsWith('access-control-')) return;
    if (lower === 'set-cookie') return;
    headers.append(name, value);
  });
  return headers;
}

function appendVaryAll(headers: Headers): void {
  headers.set('vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
}

async function credentialKey(credential: ProxyCredential): Promise<string> {
  const text = 'apiKey' in credential ? `key:${credential.apiKey}` : `bearer:${credential.bearer}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
