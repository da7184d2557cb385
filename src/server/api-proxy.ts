import { randomUUID } from 'node:crypto';
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
  readBodyLimited,
  readTextLimited,
  requestTimeoutResponse,
  type FetchHandler,
  type FetchLike,
  type OriginList,
  type OriginVerdict,
} from './http.js';
import {
  DEFAULT_BOOKING_RETENTION_MS,
  SECOND_LABEL_HEADER,
  alreadyBooked,
  claimsOf,
  lookupIds,
  outcomesOf,
  scopeKey,
  secondLabelOf,
  settledParts,
  shipmentsToGuard,
  targetOfRatesRequest,
  targetOfShipment,
  tieIds,
} from './booking-guard.js';
import {
  MemoryRateLimitStore,
  identityKey,
  isBookingGuardStore,
  isSpendStore,
  rateLimitRule,
  type BookingGuardStore,
  type BookingTarget,
  type DailySpend,
  type KnownQuote,
  type RateLimitOptions,
  type RateLimitRule,
  type RateLimitStore,
  type SpendStore,
} from './rate-limit.js';
import {
  failedPositions,
  fromUnits,
  hasAnyLimit,
  hasMoneyLimit,
  quotesOfRatesAnswer,
  shipmentsOfBooking,
  spendOf,
  spentTodayOf,
  toUnits,
  utcDay,
  type BookedRate,
  type SpentToday,
} from './spend-limits.js';
import {
  OPERATIONS,
  callerOf,
  type Authorize,
  type Caller,
  type Operation,
  type SpendLimits,
} from './identity.js';
import { isJsonMediaType, redact, scrubJson } from './scrub.js';
import {
  PRINT_REQUEST_HEADERS,
  createPrintRoutes,
  isPrintPath,
  printMethodsOf,
  type PrintOptions,
  type PrinterConfig,
} from './print.js';

export type { Authorize } from './identity.js';

/** What a role's operation lets the caller do, for the 403 message. */
const OPERATION_WORDS: Record<Operation, string> = {
  read: 'read orders, stores and listings',
  notes: 'add notes to orders',
  allocate: 'allocate stock',
  stock: 'change stock levels',
  listings: 'link listings',
  rates: 'get shipping rates',
  buy: 'buy labels',
  'edit-customers': 'edit customers',
  'edit-products': 'edit products',
  'edit-delivery-methods': 'edit delivery methods',
  stores: 'create stores',
  print: 'print to the warehouse’s printers',
};
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
  /**
   * Required. Tells the proxy who the caller is, from the host's own session (a signed cookie,
   * a header your front end sets…): the caller's identity, or null for a caller who is not
   * signed in, who gets `401` before anything else happens (nothing sent upstream, no rate-limit
   * slot taken). The rate limit is kept per identity. A local demo that really wants an open
   * proxy says so: `authorize: () => 'anyone'`.
   */
  authorize: Authorize;
  /**
   * A private integration's API key, sent upstream as `x-api-key`. Stays on the server.
   * Surrounding whitespace is trimmed; a line break or control character inside is a
   * `TypeError` at creation.
   */
  apiKey?: string;
  /**
   * Picks the credential for one request, e.g. the signed-in user's OAuth token looked up from
   * the host's own session. Returning null falls back to `forwardAuthorization`; then to
   * `apiKey` only with `apiKeyFallback: true`; otherwise the request gets 401.
   */
  getCredential?: (
    request: Request,
  ) => ProxyCredential | null | undefined | Promise<ProxyCredential | null | undefined>;
  /**
   * Forward the browser's own `Authorization: Bearer …` header (the user's OAuth token held by
   * the page). Off by default. A request without the header gets 401 (unless `apiKeyFallback`);
   * a header that is not a well-formed bearer token always gets 401.
   */
  forwardAuthorization?: boolean;
  /**
   * With `getCredential` or `forwardAuthorization`: send `apiKey` when they give no credential.
   * Off by default, so a request is never sent with the server's key by accident. Without
   * either of them `apiKey` is simply the credential.
   */
  apiKeyFallback?: boolean;
  /** Application token sent in the `Authentication` header of `POST /shipments` (trimmed, checked as `apiKey`). */
  appToken?: string;
  /** Origins allowed to call the proxy from a browser (exact `scheme://host[:port]`). */
  allowedOrigins: OriginList;
  /** Send `Access-Control-Allow-Credentials: true` (when `getCredential` reads cookies). */
  allowCredentials?: boolean;
  /** The endpoints forwarded; defaults to every endpoint of the spec (`DEFAULT_ROUTES`). */
  allow?: readonly RouteRule[];
  /**
   * Leaky bucket per identity (what `authorize` returned): default 5 requests/second with
   * bursts of 100, in this process's memory. Pass `store: new RedisRateLimitStore({ client })`
   * when several proxy processes serve one site: the store also keeps the spend limits and one
   * label per order, shared by all of them. `false` turns the rate limit off (the rest is then
   * kept in this process's memory).
   */
  rateLimit?: RateLimitOptions | false;
  /**
   * Time one call to the rate-limit store may take, in milliseconds; after it the request gets
   * `503` (a stalled or unreachable Redis never holds requests). Default 1 000.
   */
  storeTimeoutMs?: number;
  /**
   * Names the account a request acts for, for the booking guard (one label per order): order
   * numbers are kept per account, so two accounts' orders with the same number never hold each
   * other back. Default: one account for the whole proxy, which is right for a proxy with one
   * `apiKey`; a proxy that serves several accounts (`getCredential` or `forwardAuthorization`
   * per seller) returns the seller's account id of your own here. May be async; the name is kept
   * only as a digest.
   */
  bookingScope?: (request: Request) => string | Promise<string>;
  /**
   * How long a label bought through the proxy (or one whose outcome never arrived: a 5xx, a
   * timeout) holds its order and line items against another label, in milliseconds. Default
   * 24 hours.
   */
  bookingRetentionMs?: number;
  /** Largest request body accepted, in bytes. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Time the request body has to arrive, in milliseconds; after it, `408`. Default 10 000. */
  bodyTimeoutMs?: number;
  /** Largest upstream answer passed on, in bytes; a larger one becomes `502`. Default 8 MiB. */
  maxResponseBytes?: number;
  /** Upstream timeout in milliseconds. Default 30 000. */
  timeoutMs?: number;
  /** Path prefix the proxy is mounted under, e.g. `/api/ops`. Default none. */
  basePath?: string;
  /**
   * The warehouse's printers (configured here only): mounts the print routes of
   * `createPrintHandler` under this proxy's base path, `GET <basePath>/printers` and
   * `POST <basePath>/printers/<id>/jobs`, with its `authorize` (the role needs `print`) and CORS.
   * Checked at creation. Without it those paths are 404.
   */
  printers?: readonly PrinterConfig[];
  /** The print routes' limits and hooks: `maxBytes`, `timeoutMs`, `jobStateWaitMs`, `onJob`. */
  print?: Omit<PrintOptions, 'printers'>;
  fetch?: FetchLike;
  /** Called with unexpected failures (never with credentials). Default: silent. */
  onError?: (error: unknown) => void;
  /** Clock for the default in-memory rate limiter, in milliseconds. */
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
const DEFAULT_MAX_RESPONSE = 8 * 1024 * 1024;
const DEFAULT_STORE_TIMEOUT_MS = 1000;
/** The API's largest page; a list asked for with more is asked for with this many. */
export const MAX_PAGE_SIZE = 100;
const PAGE_SIZE_PARAMS = ['per_page', 'page_size', 'page[size]'] as const;
const WELL_FORMED_BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

class CredentialRefused extends Error {}
class StoreTimeoutError extends Error {}
/** getCredential gave a value no header can carry (its message never holds the value). */
class CredentialUnusable extends Error {}

/**
 * A fetch-standard handler (Request → Response) that forwards an explicit list of the API's
 * endpoints to `upstream`, adding the credential on the server, for callers the host has signed
 * in (`authorize`). It is not an open relay: any other method or path, any path with dot
 * segments, encoded slashes or dots, backslashes or empty segments is refused before anything
 * is sent upstream. Answers carry no secret: secret fields are removed from JSON at any depth,
 * the credentials are redacted from every text, and anything but JSON becomes a JSON error.
 */
export function createApiProxy(options: ApiProxyOptions): FetchHandler {
  if (typeof options?.authorize !== 'function') {
    throw new TypeError(
      'createApiProxy needs authorize(request): return the caller’s identity from your own session ' +
        '(e.g. the user id of a signed cookie), or null to refuse. For a local demo only: ' +
        "authorize: () => 'anyone'.",
    );
  }
  const authorize = options.authorize;
  const upstream = normaliseBaseUrl(options.upstream, 'upstream');
  const upstreamPrefix = upstream.prefix;
  const routes = compileRoutes(options.allow ?? DEFAULT_ROUTES);
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  if (basePath && !/^(\/[A-Za-z0-9_.~-]+)+$/.test(basePath))
    throw new TypeError('basePath must look like /a/b');
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const maxResponse = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE;
  const storeTimeoutMs = options.storeTimeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  const apiKey = cleanCredential(options.apiKey, 'apiKey');
  const appToken = cleanCredential(options.appToken, 'appToken');
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  let limiter: { rule: RateLimitRule; store: RateLimitStore } | null = null;
  if (options.rateLimit !== false) {
    const limit = options.rateLimit ?? {};
    limiter = {
      rule: rateLimitRule(limit),
      store: limit.store ?? new MemoryRateLimitStore(options.now ? { now: options.now } : {}),
    };
  }
  // Spend limits are counted in the rate-limit store (in this process's memory without one).
  const spendCandidate = limiter?.store ?? new MemoryRateLimitStore({ now });
  const spendStore: SpendStore | null = isSpendStore(spendCandidate) ? spendCandidate : null;
  // The booking guard lives there too; a store of the host's own without it, in this process.
  const guardStore: BookingGuardStore = isBookingGuardStore(spendCandidate)
    ? spendCandidate
    : new MemoryRateLimitStore({ now });
  const retentionMs = options.bookingRetentionMs ?? DEFAULT_BOOKING_RETENTION_MS;
  if (!(retentionMs > 0) || !Number.isFinite(retentionMs))
    throw new RangeError('bookingRetentionMs must be a finite number of milliseconds above 0');
  const scopeOf = async (request: Request): Promise<string> => {
    const scope = options.bookingScope ? await options.bookingScope(request) : '';
    if (typeof scope !== 'string') throw new TypeError('bookingScope(request) must return a string');
    return scopeKey(scope);
  };
  const apiKeyUsable =
    Boolean(apiKey) &&
    (options.apiKeyFallback === true || (!options.getCredential && !options.forwardAuthorization));
  const allowedRequestHeaders = [
    ...FORWARDED_REQUEST_HEADERS,
    SECOND_LABEL_HEADER,
    ...(options.forwardAuthorization ? ['authorization'] : []),
  ];
  const printRoutes = options.printers
    ? createPrintRoutes({
        onError: options.onError,
        ...options.print,
        printers: options.printers,
        authorize,
      })
    : null;
  const corsOptions = { exposeHeaders: EXPOSED_HEADERS, allowCredentials: options.allowCredentials ?? false };
  // What is actually sent (trimmed), which is what an upstream can echo.
  const serverSecrets = [apiKey, appToken].filter((value): value is string => Boolean(value));

  const respond = (verdict: OriginVerdict, response: Response): Response => {
    applyCors(response.headers, verdict, corsOptions);
    response.headers.set('x-content-type-options', 'nosniff');
    // Every answer is the signed-in caller's own: no shared cache may keep or serve it.
    response.headers.set('cache-control', 'private, no-store');
    return response;
  };

  /** The credential for this request, or null when there is none; throws when one is malformed. */
  async function resolveCredential(request: Request): Promise<ProxyCredential | null> {
    const chosen = await options.getCredential?.(request);
    if (chosen) {
      const isKey = 'apiKey' in chosen;
      let value: string | undefined;
      try {
        value = cleanCredential(isKey ? chosen.apiKey : chosen.bearer, 'The credential from getCredential');
      } catch (error) {
        throw new CredentialUnusable(error instanceof Error ? error.message : 'Unusable credential');
      }
      if (value) return isKey ? { apiKey: value } : { bearer: value };
    }
    if (options.forwardAuthorization) {
      const header = request.headers.get('authorization');
      if (header !== null) {
        const match = WELL_FORMED_BEARER.exec(header);
        if (!match?.[1]) throw new CredentialRefused();
        return { bearer: match[1] };
      }
    }
    if (apiKeyUsable && apiKey) return { apiKey };
    return null;
  }

  /** A store call, bounded by `storeTimeoutMs`. */
  const fromStore = <T>(call: () => Promise<T> | T): Promise<T> =>
    bounded(Promise.resolve().then(call), storeTimeoutMs);

  /** The 503 for a store that failed or did not answer in time. */
  const storeUnavailable = (error: unknown, what: string): Response => {
    options.onError?.(
      error instanceof StoreTimeoutError
        ? new Error(`Rate-limit store did not answer within ${storeTimeoutMs} ms`)
        : new Error('Rate-limit store failed', { cause: error }),
    );
    return jsonError(503, 'unavailable', `The API proxy cannot check ${what} right now.`, {
      'retry-after': '1',
    });
  };

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
      // A preflight carries no cookie or credential, so it is answered before `authorize`; it
      // only says which methods and headers a listed origin may use, and reaches nothing.
      if (verdict.kind !== 'allowed')
        return jsonError(403, 'forbidden', 'CORS preflight from an origin not allowed.');
      const requested = (request.headers.get('access-control-request-method') ?? '').toUpperCase();
      if (printRoutes && isPrintPath(path)) {
        const methods = printMethodsOf(path);
        if (!methods.includes(requested))
          return respond(verdict, jsonError(404, 'not_found', 'No such endpoint.'));
        const headers = new Headers({
          'access-control-allow-methods': methods.join(', '),
          'access-control-allow-headers': [...allowedRequestHeaders, ...PRINT_REQUEST_HEADERS].join(', '),
          'access-control-max-age': '600',
        });
        appendVaryAll(headers);
        return respond(verdict, new Response(null, { status: 204, headers }));
      }
      // The session endpoint is the proxy's own: GET only.
      const session = path === '/session' && requested === 'GET';
      const match = matchRoute(routes, requested, path);
      if (!session && match.kind !== 'match')
        return respond(verdict, jsonError(404, 'not_found', 'No such endpoint.'));
      const headers = new Headers({
        'access-control-allow-methods': session
          ? 'GET'
          : [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))].join(', '),
        'access-control-allow-headers': allowedRequestHeaders.join(', '),
        'access-control-max-age': '600',
      });
      appendVaryAll(headers);
      return respond(verdict, new Response(null, { status: 204, headers }));
    }

    // The printers are the proxy's own routes: the printer gets the file, the API nothing.
    if (printRoutes && isPrintPath(path)) return respond(verdict, await printRoutes(request, path));

    const caller = callerOf(await authorize(request));
    const identity = caller?.id ?? null;
    if (caller === null || identity === null) {
      return respond(verdict, jsonError(401, 'unauthorized', 'Sign in to use the API.'));
    }

    if (path === '/session' && method === 'GET') {
      let spent: DailySpend = { labels: 0, amounts: {} };
      if (spendStore && hasAnyLimit(caller.limits)) {
        try {
          spent = await fromStore(() => spendStore.spent(identityKey(identity), utcDay(now()).day));
        } catch (error) {
          return respond(verdict, storeUnavailable(error, 'what you spent today'));
        }
      }
      return respond(verdict, jsonResponse(200, sessionOf(caller, spentTodayOf(spent))));
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
    if (caller.restricted && (route.operation === null || !caller.allow.has(route.operation))) {
      const what = route.operation ? OPERATION_WORDS[route.operation] : `use ${method} ${route.path}`;
      return respond(
        verdict,
        jsonError(
          403,
          'forbidden',
          `Your role may not ${what}${route.operation ? ` ("${route.operation}")` : ''}.`,
        ),
      );
    }
    // Spend limits: quotes are learnt from the rates answers of a caller with limits, and that
    // caller's bookings are counted and checked before they go upstream.
    const limited = hasAnyLimit(caller.limits);
    const limitedStore = limited ? spendStore : null;
    if (limited && route.operation === 'buy') {
      const limit = Object.keys(caller.limits)[0] ?? '';
      if (!limitedStore) {
        // A store of the host's own that cannot count: buying nothing rather than without a limit.
        return respond(
          verdict,
          jsonError(403, 'forbidden', `Buying labels is refused: the limit ${limit} cannot be checked here.`),
        );
      }
      if (route.appToken && hasMoneyLimit(caller.limits)) {
        return respond(
          verdict,
          jsonError(
            403,
            'forbidden',
            `Booking with POST /shipments is refused: it carries no quote, so its charge cannot be checked against ${moneyLimitNames(caller.limits)}.`,
          ),
        );
      }
    }

    const hasBody = method !== 'GET' && method !== 'DELETE';
    const contentType = request.headers.get('content-type');
    // Only JSON goes upstream: a form body (`_method=DELETE`) could turn into another method there.
    if (hasBody && contentType !== null && !isJsonMediaType(contentType)) return respond(verdict, notJson());

    let credential: ProxyCredential | null;
    try {
      credential = await resolveCredential(request);
    } catch (error) {
      if (error instanceof CredentialUnusable) {
        options.onError?.(new Error(error.message));
        return respond(verdict, jsonError(500, 'proxy_error', 'The request could not be forwarded.'));
      }
      if (!(error instanceof CredentialRefused)) throw error;
      return respond(
        verdict,
        jsonError(401, 'unauthorized', 'The Authorization header is not a bearer token.'),
      );
    }
    if (!credential)
      return respond(verdict, jsonError(401, 'unauthorized', 'No credential for this request.'));

    if (limiter) {
      let waitMs: number;
      try {
        waitMs = await bounded(limiter.store.take(identityKey(identity), limiter.rule), storeTimeoutMs);
      } catch (error) {
        return respond(verdict, storeUnavailable(error, 'its rate limit'));
      }
      if (waitMs > 0) {
        return respond(
          verdict,
          jsonError(
            429,
            'rate_limited',
            `Too many requests: at most ${limiter.rule.perSecond} per second, bursts of ${limiter.rule.burst}.`,
            { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
          ),
        );
      }
    }

    let body: Uint8Array<ArrayBuffer> | null = null;
    /** The request body as JSON, read once: what goes upstream is checked, and a booking is counted. */
    let bodyJson: { value: unknown } | null = null;
    if (hasBody) {
      try {
        body = await readBodyLimited(request, maxBody, bodyTimeoutMs);
        if (body && body.byteLength > 0) {
          if (!isJsonMediaType(request.headers.get('content-type'))) return respond(verdict, notJson());
          bodyJson = jsonOfBody(body);
          if (bodyJson === null) {
            return respond(verdict, jsonError(400, 'invalid_json', 'The request body is not valid JSON.'));
          }
        }
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          return respond(
            verdict,
            jsonError(413, 'payload_too_large', `Request body larger than ${maxBody} bytes.`),
          );
        }
        if (error instanceof BodyTimeoutError) return respond(verdict, requestTimeoutResponse());
        throw error;
      }
    }

    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    if (route.appToken) {
      // POST /shipments is authorised by the application token alone.
      if (!appToken) {
        return respond(
          verdict,
          jsonError(501, 'not_configured', 'The proxy has no application token for POST /shipments.'),
        );
      }
      headers.set('authentication', appToken);
    } else if ('apiKey' in credential) headers.set('x-api-key', credential.apiKey);
    else headers.set('authorization', `Bearer ${credential.bearer}`);
    const secrets = [...serverSecrets, 'apiKey' in credential ? credential.apiKey : credential.bearer];

    const upstreamUrl = new URL(upstreamPrefix + path + (route.query ? cappedQuery(url) : ''));
    if (upstreamUrl.origin !== upstream.origin)
      return respond(verdict, jsonError(404, 'not_found', 'No such endpoint.'));

    let reservation: Reservation | null = null;
    if (limitedStore && route.operation === 'buy') {
      const reserved = await reserveBooking(
        limitedStore,
        identity,
        caller.limits,
        route.appToken === true,
        bodyJson?.value,
      );
      if (reserved instanceof Response) return respond(verdict, reserved);
      reservation = reserved;
    }

    // One label per order: a booking claims what it ships before it goes upstream.
    let claim: OrdersHeld | null = null;
    if (route.operation === 'buy') {
      const held = await holdOrders(request, route.appToken === true, bodyJson?.value);
      if (held instanceof Response) {
        if (reservation) await giveBack(reservation, reservation.shipments.keys());
        return respond(verdict, held);
      }
      claim = held;
    }

    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('Upstream timeout', 'TimeoutError')),
      timeoutMs,
    );
    const onClientAbort = () => controller.abort(request.signal.reason);
    request.signal.addEventListener('abort', onClientAbort, { once: true });

    let upstreamResponse: Response;
    let upstreamText: string;
    try {
      upstreamResponse = await doFetch(upstreamUrl.href, {
        method,
        headers,
        body: body && body.byteLength > 0 ? body : null,
        redirect: 'manual',
        signal: controller.signal,
      });
      upstreamText = NULL_BODY_STATUSES.has(upstreamResponse.status)
        ? ''
        : await readTextLimited(upstreamResponse, maxResponse, controller.signal);
    } catch (error) {
      if (error instanceof ResponseTooLargeError) {
        return respond(verdict, jsonError(502, 'bad_gateway', 'The API answer was too large to pass on.'));
      }
      // A booking that may have reached the API keeps its reservation and its claim on the order:
      // the label may be bought.
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

    const status = upstreamResponse.status;
    // A redirect gives nothing back (the booking may have reached the API, its claim stays) and
    // teaches no quotes.
    if (status >= 300 && status < 400 && status !== 304) {
      return respond(verdict, jsonError(502, 'bad_gateway', 'The API answered with an unexpected redirect.'));
    }
    const empty = NULL_BODY_STATUSES.has(status) || upstreamText.trim() === '';
    const learnsQuotes = limitedStore !== null && route.operation === 'rates' && upstreamResponse.ok;
    // Every caller's quotes are tied to the order (and items) their rates request named.
    const tiesTo =
      route.operation === 'rates' && upstreamResponse.ok ? targetOfRatesRequest(bodyJson?.value) : null;
    const readsBooking = (reservation !== null || claim !== null) && status >= 200 && status < 300;
    // What spend accounting and the booking guard read of the answer is read in the scrubber's
    // pass, in its slices: a rates answer of several MB parsed at once would hold up every other
    // request.
    const scrubbed = empty
      ? null
      : await scrubJson(upstreamText, secrets, { read: learnsQuotes || tiesTo !== null || readsBooking });
    if (reservation) await giveBackRefused(reservation, status, scrubbed?.value ?? null);
    if (claim) await settleOrders(claim, status, scrubbed?.value ?? null);
    if (learnsQuotes || tiesTo) {
      const { quotes, ttlMs, bookable } = await quotesOfRatesAnswer(scrubbed?.value ?? null, now());
      if (learnsQuotes && quotes.length > 0) {
        try {
          await fromStore(() => limitedStore.rememberQuotes(identityKey(identity), quotes, ttlMs));
        } catch (error) {
          // Without its quotes kept, a booking of these rates would be refused as never quoted.
          return respond(verdict, storeUnavailable(error, 'your spend limits'));
        }
      }
      const ids = tieIds(bookable);
      if (tiesTo && ids.length > 0) {
        const scope = await scopeOf(request);
        try {
          await fromStore(() => guardStore.rememberTarget(scope, ids, tiesTo, bookable.ttlMs));
        } catch (error) {
          // Refused rather than passed on: a booking of quotes the store never tied would not be
          // held to one label per order once the store answers again.
          return respond(verdict, storeUnavailable(error, 'whether an order already has a label'));
        }
      }
    }

    const responseHeaders = filterResponseHeaders(upstreamResponse.headers, secrets);
    if (empty) {
      // An empty answer (a 204, or a 429 as the API sends it) stays empty.
      responseHeaders.delete('content-type');
      return respond(
        verdict,
        new Response(NULL_BODY_STATUSES.has(status) ? null : '', { status, headers: responseHeaders }),
      );
    }
    if (scrubbed === null) {
      // Not JSON (an HTML error page, a stray text): never served from this origin as it is.
      return respond(
        verdict,
        jsonResponse(upstreamResponse.ok ? 502 : status, {
          status: upstreamResponse.ok ? 502 : status,
          upstream_status: status,
          reason: 'The API answered with something other than JSON; it was not passed on.',
        }),
      );
    }
    if (!isJsonMediaType(responseHeaders.get('content-type')))
      responseHeaders.set('content-type', 'application/json; charset=utf-8');
    return respond(verdict, new Response(scrubbed.text, { status, headers: responseHeaders }));
  }

  /**
   * Checks a booking against the caller's limits and reserves its labels and spend, or answers
   * why not (403 naming the limit, 400 for a booking that cannot be counted, 503 for the store).
   */
  async function reserveBooking(
    store: SpendStore,
    identity: string,
    limits: SpendLimits,
    appTokenRoute: boolean,
    body: unknown,
  ): Promise<Reservation | Response> {
    const key = identityKey(identity);
    let shipments: BookedRate[];
    let charges: (KnownQuote | null)[];
    if (appTokenRoute) {
      // POST /shipments books one shipment and names no quote (refused above with a money limit).
      shipments = [{ rateId: '', remoteShipmentId: null }];
      charges = [null];
    } else {
      const parsed = shipmentsOfBooking(body);
      if (parsed === null) {
        return jsonError(
          400,
          'invalid_request',
          'A booking must list its shipments, each with its rate_id, for your limits to be checked.',
        );
      }
      shipments = parsed;
      charges = parsed.map(() => null);
      if (hasMoneyLimit(limits)) {
        try {
          charges = await fromStore(() =>
            store.knownQuotes(
              key,
              parsed.map((shipment) => shipment.rateId),
            ),
          );
        } catch (error) {
          return storeUnavailable(error, 'your spend limits');
        }
        for (const [position, charge] of charges.entries()) {
          const rateId = parsed[position]?.rateId ?? '';
          if (parsed[position]?.pricedOptions) {
            return jsonError(
              403,
              'forbidden',
              `Buying labels is refused: the shipment with rate ${rateId} adds options with a price of their own (insurance, a signature), which cannot be checked against ${moneyLimitNames(limits)} before the label is bought. Book it without them, or ask someone without a money limit.`,
            );
          }
          if (!charge) {
            return jsonError(
              403,
              'forbidden',
              `Buying labels is refused: the rate ${rateId} was not quoted through this proxy (or its quote expired), so its charge cannot be checked against ${moneyLimitNames(limits)}. Get rates again.`,
            );
          }
          if (limits.maxLabelCharge !== undefined && charge.charge > toUnits(limits.maxLabelCharge)) {
            return jsonError(
              403,
              'forbidden',
              `Buying labels is refused: the rate ${rateId} costs ${money(charge.charge, charge.currency)}, over your limit of ${money(toUnits(limits.maxLabelCharge), charge.currency)} per label (maxLabelCharge).`,
            );
          }
        }
      }
    }
    const { day, ttlMs } = utcDay(now());
    const spend = spendOf(charges, shipments.keys());
    const pending = Promise.resolve().then(() =>
      store.reserve(
        key,
        day,
        spend,
        {
          ...(limits.labelsPerDay !== undefined ? { labelsPerDay: limits.labelsPerDay } : {}),
          ...(limits.maxDailySpend !== undefined ? { maxDailySpend: toUnits(limits.maxDailySpend) } : {}),
        },
        ttlMs,
      ),
    );
    let result;
    try {
      result = await bounded(pending, storeTimeoutMs);
    } catch (error) {
      // The booking is not sent: a reservation the store makes after the deadline is given back.
      pending
        .then((late) => (late.ok ? store.release(key, day, spend, ttlMs) : undefined))
        .catch(() => undefined);
      return storeUnavailable(error, 'your spend limits');
    }
    if (!result.ok) {
      const message =
        result.limit === 'labelsPerDay'
          ? `Buying labels is refused: ${shipments.length === 1 ? 'this label' : `these ${shipments.length} labels`} would go over your limit of ${limits.labelsPerDay ?? 0} labels a day (labelsPerDay).`
          : `Buying labels is refused: ${shipments.length === 1 ? 'this label' : 'these labels'} would take today's spend over your limit of ${fromUnits(toUnits(limits.maxDailySpend ?? 0))} a day (maxDailySpend).`;
      return jsonError(403, 'forbidden', message);
    }
    return { store, key, day, ttlMs, shipments, charges };
  }

  /**
   * Gives back what the API clearly refused: everything for a 4xx answer, the shipments listed
   * under \`failed\` of a 2xx one. A 5xx answer keeps the reservation (the label may be bought).
   */
  async function giveBackRefused(reservation: Reservation, status: number, answer: unknown): Promise<void> {
    if (status >= 400 && status < 500) await giveBack(reservation, reservation.shipments.keys());
    else if (status >= 200 && status < 300)
      await giveBack(reservation, failedPositions(answer, reservation.shipments, reservation.charges));
  }

  /** Gives back the labels and spend of the shipments at these positions. */
  async function giveBack(reservation: Reservation, positions: Iterable<number>): Promise<void> {
    const spend = spendOf(reservation.charges, positions);
    if (spend.labels === 0) return;
    try {
      await fromStore(() =>
        reservation.store.release(reservation.key, reservation.day, spend, reservation.ttlMs),
      );
    } catch (error) {
      options.onError?.(new Error('Spend could not be given back to the rate-limit store', { cause: error }));
    }
  }

  /**
   * Claims the orders (and line items) a booking ships, found through the rates requests the
   * proxy passed on, or answers why not: `409 already_booked` while another booking holds one of
   * them, `503` when the store cannot say. Null when the booking names nothing tied to an order
   * (a rate the proxy never quoted, a rates request without `customer_reference`).
   */
  async function holdOrders(
    request: Request,
    byServiceCode: boolean,
    body: unknown,
  ): Promise<OrdersHeld | Response | null> {
    const scope = await scopeOf(request);
    let shipments: BookedRate[];
    let targets: (BookingTarget | null)[];
    if (byServiceCode) {
      shipments = [{ rateId: '', remoteShipmentId: null }];
      targets = [targetOfShipment(body)];
    } else {
      shipments = shipmentsToGuard(body);
      const ids = shipments.map(lookupIds);
      if (ids.every((list) => list.length === 0)) return null;
      let known: (BookingTarget | null)[];
      try {
        known = await fromStore(() => guardStore.knownTargets(scope, ids.flat()));
      } catch (error) {
        return storeUnavailable(error, 'whether an order already has a label');
      }
      let offset = 0;
      targets = ids.map((list) => {
        const found = known.slice(offset, offset + list.length).find((target) => target !== null);
        offset += list.length;
        return found ?? null;
      });
    }
    const plan = claimsOf(targets, secondLabelOf(request));
    if ('twice' in plan) return alreadyBooked(plan.twice, 'twice', now(), now());
    if (plan.claims.length === 0) return null;
    const claimId = randomUUID().replaceAll('-', '');
    const pending = Promise.resolve().then(() =>
      guardStore.claimOrders(scope, claimId, plan.claims, retentionMs),
    );
    let result;
    try {
      result = await bounded(pending, storeTimeoutMs);
    } catch (error) {
      // The booking is not sent: a claim the store makes after the deadline is freed.
      const freed = plan.claims.map((order) => ({ ...order, outcome: 'freed' as const }));
      pending
        .then((late) => (late.ok ? guardStore.settleClaim(scope, claimId, freed, retentionMs) : undefined))
        .catch(() => undefined);
      return storeUnavailable(error, 'whether an order already has a label');
    }
    if (!result.ok) return alreadyBooked(result.orderNumber, result.state, result.at, now());
    return { scope, claimId, shipments, held: plan.held, byServiceCode };
  }

  /**
   * After the API answered a booking: what it bought stays claimed for `bookingRetentionMs`,
   * what it clearly did not buy is freed, and what it may have bought stays claimed.
   */
  async function settleOrders(claim: OrdersHeld, status: number, answer: unknown): Promise<void> {
    const parts = settledParts(claim.held, outcomesOf(status, answer, claim.shipments, claim.byServiceCode));
    if (parts.length === 0) return;
    try {
      await fromStore(() => guardStore.settleClaim(claim.scope, claim.claimId, parts, retentionMs));
    } catch (error) {
      // The claims stay as they were: an order not bought stays held until they expire.
      options.onError?.(new Error('A booking’s answer could not be recorded in the store', { cause: error }));
    }
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

/** A booking's labels and spend, reserved in the store before it went upstream. */
interface Reservation {
  store: SpendStore;
  key: string;
  day: string;
  ttlMs: number;
  shipments: BookedRate[];
  charges: (KnownQuote | null)[];
}

/** A booking's claim on the orders it ships, made in the store before it went upstream. */
interface OrdersHeld {
  scope: string;
  claimId: string;
  shipments: BookedRate[];
  /** What each shipment holds of the claim (null: nothing, its rate was never tied to an order). */
  held: (BookingTarget | null)[];
  /** `POST /shipments`: one label by service code, bought with any 2xx answer. */
  byServiceCode: boolean;
}

/** The money limits set, for a message: `maxLabelCharge and maxDailySpend`. */
function moneyLimitNames(limits: SpendLimits): string {
  return (['maxLabelCharge', 'maxDailySpend'] as const)
    .filter((name) => limits[name] !== undefined)
    .join(' and ');
}

function money(units: number, currency: string): string {
  return `${fromUnits(units)}${currency ? ` ${currency}` : ''}`;
}

/** What `GET <basePath>/session` answers: who the caller is, what they may do, what they spent today. */
function sessionOf(
  caller: Caller,
  spentToday: SpentToday,
): {
  id: string;
  allow: Operation[];
  limits: Caller['limits'];
  spentToday: SpentToday;
} {
  return {
    id: caller.id,
    allow: OPERATIONS.filter((operation) => caller.allow.has(operation)),
    limits: caller.limits,
    spentToday,
  };
}

/** `promise`, or a `StoreTimeoutError` once `ms` have passed (the store's late answer is dropped). */
function bounded<T>(promise: Promise<T> | T, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeoutError()), ms);
  });
  const settled = Promise.resolve(promise);
  // A store call that fails after the deadline must not become an unhandled rejection.
  settled.catch(() => undefined);
  return Promise.race([settled, expired]).finally(() => clearTimeout(timer));
}

function notJson(): Response {
  return jsonError(415, 'unsupported_media_type', 'Send the request body as JSON (application/json).');
}

/**
 * The value of a request body that is one JSON text (UTF-8), or null, so nothing else reaches the
 * API. Parsed at once: a request body is at most `maxBodyBytes` (1 MiB unless configured).
 */
function jsonOfBody(body: Uint8Array): { value: unknown } | null {
  try {
    return { value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body)) as unknown };
  } catch {
    return null;
  }
}

/**
 * The query string of a list request with its page size at most the API's 100: a page of
 * 100,000 items would only cost the API, the proxy and the browser time.
 */
function cappedQuery(url: URL): string {
  const params = url.searchParams;
  const oversized = PAGE_SIZE_PARAMS.some((name) =>
    params.getAll(name).some((value) => !/^\d+$/.test(value) || Number(value) > MAX_PAGE_SIZE),
  );
  if (!oversized && PAGE_SIZE_PARAMS.every((name) => params.getAll(name).length <= 1)) return url.search;
  const capped = new URLSearchParams(params);
  for (const name of PAGE_SIZE_PARAMS) {
    const values = capped.getAll(name);
    const last = values[values.length - 1];
    if (last === undefined) continue;
    // The last of several is the one a server reads; `set` keeps the first one's place.
    if (/^\d+$/.test(last)) capped.set(name, String(Math.min(Number(last), MAX_PAGE_SIZE)));
    else capped.delete(name);
  }
  const text = capped.toString();
  return text ? `?${text}` : '';
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

function filterResponseHeaders(source: Headers, secrets: readonly string[]): Headers {
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
    headers.append(name, redact(value, secrets));
  });
  return headers;
}

function appendVaryAll(headers: Headers): void {
  headers.set('vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
}
