/** Small fetch-standard helpers shared by the server handlers. */

export type FetchHandler = (request: Request) => Promise<Response>;

export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

export type OriginList = readonly string[] | ((origin: string) => boolean);

/** A JSON body `{ error, message }` with `Cache-Control: no-store`. */
export function jsonError(status: number, error: string, message: string, headers?: HeadersInit): Response {
  return jsonResponse(status, { error, message }, headers);
}

export function jsonResponse(status: number, body: unknown, headers?: HeadersInit): Response {
  const result = new Headers(headers);
  result.set('content-type', 'application/json; charset=utf-8');
  result.set('cache-control', 'no-store');
  result.set('x-content-type-options', 'nosniff');
  return new Response(JSON.stringify(body), { status, headers: result });
}

/** The `408` for a request whose headers or body did not arrive in time; the connection is closed. */
export function requestTimeoutResponse(): Response {
  return jsonError(408, 'request_timeout', 'The request did not arrive in time.', { connection: 'close' });
}

/** Exact origin comparison; origins are compared in their serialised form (`scheme://host[:port]`). */
export function isOriginAllowed(origins: OriginList, origin: string): boolean {
  if (typeof origins === 'function') return origins(origin);
  return origins.includes(origin);
}

export type OriginVerdict = { kind: 'none' } | { kind: 'allowed'; origin: string } | { kind: 'refused' };

/**
 * How a request stands with respect to cross-origin use. Requests without an `Origin` header
 * (server-to-server, same-origin GETs) and same-origin browser requests (`Sec-Fetch-Site:
 * same-origin`, which a page cannot forge) are `none`; a listed origin is `allowed`; any other
 * origin is `refused`.
 */
export function checkOrigin(request: Request, origins: OriginList): OriginVerdict {
  const origin = request.headers.get('origin');
  if (origin === null) return { kind: 'none' };
  if (isOriginAllowed(origins, origin)) return { kind: 'allowed', origin };
  if (request.headers.get('sec-fetch-site') === 'same-origin') return { kind: 'none' };
  return { kind: 'refused' };
}

/** Adds the CORS response headers for an allowed origin (and `Vary: Origin` in every case). */
export function applyCors(
  headers: Headers,
  verdict: OriginVerdict,
  options: { exposeHeaders?: readonly string[]; allowCredentials?: boolean } = {},
): void {
  appendVary(headers, 'Origin');
  if (verdict.kind !== 'allowed') return;
  headers.set('access-control-allow-origin', verdict.origin);
  if (options.allowCredentials) headers.set('access-control-allow-credentials', 'true');
  if (options.exposeHeaders?.length) {
    headers.set('access-control-expose-headers', options.exposeHeaders.join(', '));
  }
}

export function appendVary(headers: Headers, value: string): void {
  const current = headers.get('vary');
  if (!current) {
    headers.set('vary', value);
    return;
  }
  const parts = current.split(',').map((part) => part.trim().toLowerCase());
  if (!parts.includes(value.toLowerCase()) && !parts.includes('*'))
    headers.set('vary', `${current}, ${value}`);
}

export class BodyTooLargeError extends Error {
  constructor() {
    super('Request body too large');
    this.name = 'BodyTooLargeError';
  }
}

export class BodyTimeoutError extends Error {
  constructor() {
    super('Request body did not arrive in time');
    this.name = 'BodyTimeoutError';
  }
}

/** Default time a request's body has to arrive, in milliseconds. */
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;

/**
 * Reads the request body up to `limit` bytes, within `timeoutMs`. Throws `BodyTooLargeError` as
 * soon as the declared or actual size exceeds the limit, and `BodyTimeoutError` when the whole
 * body has not arrived in time (a client trickling a byte every few seconds), without buffering
 * the rest.
 */
export async function readBodyLimited(
  request: Request,
  limit: number,
  timeoutMs: number = DEFAULT_BODY_TIMEOUT_MS,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) throw new BodyTooLargeError();
  // Firefox's Request has no `body` stream (the property is missing, not null): there the body
  // is read whole, with the same time limit, and its size checked once it has arrived.
  const stream: ReadableStream<Uint8Array> | null | undefined = request.body;
  if (stream === null) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BodyTimeoutError()), timeoutMs);
  });
  if (stream === undefined) {
    try {
      const whole = new Uint8Array(await Promise.race([request.arrayBuffer(), expired]));
      if (whole.byteLength > limit) throw new BodyTooLargeError();
      return whole.byteLength === 0 ? null : whole;
    } finally {
      clearTimeout(timer);
    }
  }
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), expired]);
      if (done) break;
      total += value.byteLength;
      if (total > limit) throw new BodyTooLargeError();
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Checks that a configured base URL is http(s) without query, fragment or user info, and returns
 * it as `{ origin, prefix }` where `prefix` is origin plus path without a trailing slash.
 */
export function normaliseBaseUrl(value: string, name: string): { origin: string; prefix: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${name} must be an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`${name} must be http(s)`);
  if (url.search || url.hash || url.username || url.password) {
    throw new TypeError(`${name} must not carry a query, fragment or user info`);
  }
  return { origin: url.origin, prefix: url.origin + url.pathname.replace(/\/+$/, '') };
}

/** An upstream answer larger than the handler's limit. */
export class ResponseTooLargeError extends Error {
  constructor() {
    super('Upstream answer too large');
    this.name = 'ResponseTooLargeError';
  }
}

/**
 * The response body as text, refusing (without buffering the rest) anything over `limit` bytes,
 * and giving up when `signal` aborts (the handler's timeout), whether or not the `fetch` that
 * made the response ties its body to the signal.
 */
export async function readTextLimited(
  response: Response,
  limit: number,
  signal?: AbortSignal,
): Promise<string> {
  if (response.body === null) return '';
  const declared = response.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) {
    await response.body.cancel().catch(() => undefined);
    throw new ResponseTooLargeError();
  }
  const reader = response.body.getReader();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  const decoder = new TextDecoder();
  let total = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      total += value.byteLength;
      if (total > limit) throw new ResponseTooLargeError();
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
  return text + decoder.decode();
}

/** Characters a credential may hold: visible ASCII and inner spaces, as an HTTP header can carry them. */
const HEADER_SAFE = /^[\x20-\x7e]*$/;

/**
 * A configured credential as it will be sent: surrounding whitespace (the newline at the end of
 * a secrets file) trimmed, or undefined when nothing is left. Throws a `TypeError` naming the
 * option, never the value, when it holds a line break or another character a header cannot carry.
 */
export function cleanCredential(value: string | undefined | null, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string`);
  const trimmed = value.trim();
  if (!HEADER_SAFE.test(trimmed)) {
    throw new TypeError(
      `${name} holds a line break or another character a request header cannot carry; ` +
        'check how it is read (the value itself is not repeated here).',
    );
  }
  return trimmed === '' ? undefined : trimmed;
}

/** `text` parsed as JSON, or null when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
