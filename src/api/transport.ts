import { reasonOf, sleep, timeoutError, untilAborted } from './abort.js';
import { DEFAULT_RETRY, backoffDelay, retryAfterMs } from './backoff.js';
import type { RetryOptions } from './backoff.js';
import { credentialHeaders, usesBearerToken } from './credentials.js';
import type { Credentials } from './credentials.js';
import { GENERIC_MESSAGES, errorFromResponse } from './error-body.js';
import type { ErrorDetails } from './error-body.js';
import { OpsError } from './errors.js';
import { InFlight } from './in-flight.js';
import { onDemand } from './load-on-demand.js';
import { stripSecrets } from './secrets.js';
import { DEFAULT_RATE_LIMIT, TokenBucket } from './throttle.js';
import type { RateLimitOptions } from './throttle.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  method: HttpMethod;
  /** Path relative to the base URL, e.g. `/orders/1`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own type (a label or a document for a printer); instead of `body`. */
  file?: Blob;
  /** Extra headers, e.g. the `Authentication` app token of `POST /shipments`. */
  headers?: Record<string, string>;
  /**
   * A label booking: sent at most once whatever happens (a duplicate would buy a second
   * label), and a 400 saying the quote expired becomes `quote_expired`.
   */
  booking?: boolean;
  /** False for the OAuth token exchange, which carries its own client credentials. */
  authenticate?: boolean;
  /**
   * Secret fields (`SECRET_FIELDS`) kept on the outermost object of the answer; every other
   * secret field is removed at any depth. Only the OAuth token exchange keeps one.
   */
  keepSecretFields?: readonly string[];
  signal?: AbortSignal | undefined;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body; `undefined` when the body was empty. */
  body: unknown;
}

export interface TransportOptions {
  baseUrl: string;
  credentials?: Credentials | undefined;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
  retry?: RetryOptions | undefined;
  rateLimit?: RateLimitOptions | false | undefined;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

const JSON_TYPE = 'application/json';
const JSON_API_TYPE = 'application/vnd.api+json';

/** What reads an error answer, loaded on the first one: a page that meets no error needs none of it. */
const loadErrorReader = onDemand('error-read', () => import('./error-read.js'));

/** Methods whose repetition does no harm, so network errors and 5xx may be retried. */
const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set(['GET', 'PUT', 'DELETE']);

function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The one fetch path of the library. Adds credentials and content negotiation, and applies
 * the transport policy: throttle, timeout, caller abort, retries, a single token refresh on a
 * 401, sharing of identical GETs in flight, and turning every failure into an `OpsError`.
 *
 * The timeout bounds the whole call (throttle waits and retries included), so a caller knows
 * when it will hear back at the latest.
 */
export class Transport {
  readonly baseUrl: string;
  readonly #credentials: Credentials | undefined;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;
  readonly #retries: number;
  readonly #baseDelayMs: number;
  readonly #bucket: TokenBucket | undefined;
  readonly #inFlight = new InFlight<ApiResponse>();

  constructor(options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#credentials = options.credentials;
    // Called through a wrapper so that a page's `window.fetch` keeps its `this`.
    const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    this.#fetch = fetchImpl;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#retries = Math.max(0, options.retry?.retries ?? DEFAULT_RETRY.retries);
    this.#baseDelayMs = Math.max(0, options.retry?.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs);
    this.#bucket =
      options.rateLimit === false
        ? undefined
        : new TokenBucket({ ...DEFAULT_RATE_LIMIT, ...options.rateLimit });
  }

  /** Resolves with the 2xx response; rejects with an `OpsError` for everything else. */
  request(request: ApiRequest): Promise<ApiResponse> {
    const url = this.baseUrl + request.path + buildQuery(request.query);
    if (request.method === 'GET') {
      const key = `${url} ${request.headers ? JSON.stringify(request.headers) : ''}`;
      return this.#inFlight.run(key, request.signal, (shared) => this.#withDeadline(url, request, shared));
    }
    return this.#withDeadline(url, request, request.signal);
  }

  async #withDeadline(
    url: string,
    request: ApiRequest,
    callerSignal: AbortSignal | undefined,
  ): Promise<ApiResponse> {
    if (callerSignal?.aborted) throw reasonOf(callerSignal);
    const controller = new AbortController();
    const onCallerAbort = () => {
      if (callerSignal) controller.abort(reasonOf(callerSignal));
    };
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    const hasDeadline = Number.isFinite(this.#timeoutMs) && this.#timeoutMs > 0;
    const deadline = hasDeadline ? performance.now() + this.#timeoutMs : Infinity;
    const timer = hasDeadline
      ? setTimeout(() => controller.abort(timeoutError(this.#timeoutMs)), this.#timeoutMs)
      : undefined;
    try {
      return await this.#send(url, request, controller.signal, deadline);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async #send(url: string, request: ApiRequest, signal: AbortSignal, deadline: number): Promise<ApiResponse> {
    const mayResend = !request.booking;
    const mayRetryFailure = mayResend && IDEMPOTENT.has(request.method);
    let retriesLeft = this.#retries;
    let attempt = 0;
    let tokenRefreshed = false;

    for (;;) {
      await this.#bucket?.take(signal);
      const init = await untilAborted(this.#init(request, signal), signal);

      let response: Response;
      try {
        response = await this.#fetch(url, init);
      } catch (cause) {
        if (signal.aborted) throw reasonOf(signal);
        const error = new OpsError('network', GENERIC_MESSAGES.network, { cause });
        if (mayRetryFailure && retriesLeft > 0) {
          retriesLeft -= 1;
          await this.#wait(backoffDelay(attempt++, this.#baseDelayMs), error, signal, deadline);
          continue;
        }
        throw error;
      }

      const bodyText = await this.#readText(response, signal);
      if (response.ok)
        return {
          status: response.status,
          headers: response.headers,
          body: stripSecrets(parseJson(bodyText, response.status), request.keepSecretFields),
        };

      const error = errorFromResponse(
        response.status,
        await readError(bodyText, response.headers.get('content-type'), new Headers(init.headers), signal),
        { booking: request.booking ?? false },
      );
      if (
        response.status === 401 &&
        !tokenRefreshed &&
        mayResend &&
        request.authenticate !== false &&
        usesBearerToken(this.#credentials)
      ) {
        // A bearer token may have been revoked or rotated: ask for a fresh one once.
        tokenRefreshed = true;
        continue;
      }
      if (response.status === 429 && mayResend && retriesLeft > 0) {
        retriesLeft -= 1;
        const asked = retryAfterMs(response.headers.get('retry-after'));
        await this.#wait(asked ?? backoffDelay(attempt++, this.#baseDelayMs), error, signal, deadline);
        continue;
      }
      if (response.status >= 500 && mayRetryFailure && retriesLeft > 0) {
        retriesLeft -= 1;
        await this.#wait(backoffDelay(attempt++, this.#baseDelayMs), error, signal, deadline);
        continue;
      }
      throw error;
    }
  }

  async #init(request: ApiRequest, signal: AbortSignal): Promise<RequestInit> {
    const mediaType = request.path.startsWith('/api/v2/') ? JSON_API_TYPE : JSON_TYPE;
    const headers: Record<string, string> = { Accept: mediaType };
    if (request.file) headers['Content-Type'] = request.file.type || 'application/octet-stream';
    else if (request.body !== undefined) headers['Content-Type'] = mediaType;
    if (request.authenticate !== false) Object.assign(headers, await credentialHeaders(this.#credentials));
    Object.assign(headers, request.headers);
    const init: RequestInit = { method: request.method, headers, signal };
    if (request.file) init.body = request.file;
    else if (request.body !== undefined) init.body = JSON.stringify(request.body);
    return init;
  }

  /** Waits before a retry, unless the wait would outlast the deadline: then `error` is final. */
  async #wait(ms: number, error: OpsError, signal: AbortSignal, deadline: number): Promise<void> {
    if (performance.now() + ms >= deadline) throw error;
    await sleep(ms, signal);
  }

  async #readText(response: Response, signal: AbortSignal): Promise<string> {
    try {
      return await response.text();
    } catch (cause) {
      if (signal.aborted) throw reasonOf(signal);
      throw new OpsError('network', GENERIC_MESSAGES.network, { status: response.status, cause });
    }
  }
}

/**
 * What an error answer says, its credentials blotted out (error-read.ts). Should the reader fail
 * to load, the answer is taken to say nothing, and the error is explained by its status alone.
 */
async function readError(
  bodyText: string,
  contentType: string | null,
  sent: Headers,
  signal: AbortSignal,
): Promise<ErrorDetails | undefined> {
  try {
    return (await untilAborted(loadErrorReader(), signal)).readErrorAnswer(bodyText, contentType, sent);
  } catch {
    if (signal.aborted) throw reasonOf(signal);
    // A failed load is tried again on the next error answer (onDemand).
    return undefined;
  }
}

function parseJson(text: string, status: number): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new OpsError('invalid_response', GENERIC_MESSAGES.invalid_response, { status, cause });
  }
}
