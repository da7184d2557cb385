import type * as z from 'zod/mini';
import type { RetryOptions } from './backoff.js';
import type { Credentials } from './credentials.js';
import { parseBody } from './parse.js';
import type { RateLimitOptions } from './throttle.js';
import { Transport } from './transport.js';
import type { ApiRequest, ApiResponse } from './transport.js';

/**
 * Whether elements keep the labels they buy in the browser: `'indexeddb'` (the default) keeps each
 * for 14 days so a reload never loses a paid label; `'none'` keeps nothing (docs/label-storage.md).
 */
export type LabelStorage = 'indexeddb' | 'none';

export interface ClientOptions {
  /**
   * Where the API (or the proxy in front of it) lives, e.g. `https://ops.example.com`.
   * `''` sends requests to the page's own origin.
   */
  baseUrl: string;
  /** `{ apiKey }`, `{ getToken }`, or absent when a proxy adds the credential. */
  credentials?: Credentials;
  /** Application token for `POST /shipments`, sent in the `Authentication` header. */
  appToken?: string;
  /** A `fetch` to use instead of the global one (tests, server-side runtimes). */
  fetch?: typeof fetch;
  /** Upper bound for a whole call, throttle waits and retries included. Default 30 000 ms. */
  timeoutMs?: number;
  retry?: RetryOptions;
  /** Client-side throttle; default 5 requests per second with bursts of 100. `false` turns it off. */
  rateLimit?: RateLimitOptions | false;
  /**
   * `'none'`: elements using this client keep no copy of the labels they buy. Default
   * `'indexeddb'`: each bought label is kept in the browser for 14 days (docs/label-storage.md).
   */
  labelStorage?: LabelStorage;
  /**
   * `true` when `baseUrl` is the API proxy of `commerce-ops-elements/server` with roles: elements
   * read `GET <baseUrl>/session` once and disable what the signed-in user may not do, with the
   * reason. Default `false` (a client with a credential of its own never reads one).
   */
  session?: boolean;
  /**
   * The id of a printer of the host's server (`createPrintHandler`, or the API proxy's `printers`)
   * that the elements' "Print …" buttons send to when an element has no `printer` attribute of its
   * own. Default: none, the browser's print dialog.
   */
  printer?: string;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export type OrderId = number | string;

/**
 * What every endpoint needs of a client: the transport (credentials, throttle, timeout, retries,
 * in-flight sharing), the base URL and the application token. Its order store is
 * `ordersOf(client)`, made when an order call first needs it. It has no
 * method per endpoint: the endpoints are functions that take a client first, such as
 * `getOrder(client, orderId)`, so a bundle holds only the calls it makes. `OpsClient` is this
 * core with one method per endpoint.
 *
 * Endpoint functions use only the public members below. A client made by another copy of the
 * library on the page (the default client is shared between copies) works with them as well.
 */
export class ClientCore {
  readonly baseUrl: string;
  /**
   * Whether the client sends an account credential of its own (an API key or a bearer token),
   * i.e. talks to the API itself rather than through a proxy that adds the credentials.
   */
  readonly hasCredentials: boolean;
  /**
   * Whether elements using this client keep the labels they buy (`ClientOptions.labelStorage`).
   * A client made by an older copy of the library has none, which means `'indexeddb'`.
   */
  readonly labelStorage: LabelStorage;
  /** Whether elements read the proxy's session (`ClientOptions.session`). */
  readonly session: boolean;
  /** The server's printer the elements print to by default (`ClientOptions.printer`). */
  readonly printer: string | undefined;
  readonly #transport: Transport;
  readonly #appToken: string | undefined;

  constructor(options: ClientOptions) {
    this.#transport = new Transport(options);
    this.baseUrl = this.#transport.baseUrl;
    this.hasCredentials = options.credentials !== undefined;
    this.labelStorage = options.labelStorage === 'none' ? 'none' : 'indexeddb';
    this.session = options.session === true && !this.hasCredentials;
    this.printer = options.printer?.trim() || undefined;
    this.#appToken = options.appToken;
  }

  /** Application token for `POST /shipments` (the `Authentication` header), if one was given. */
  get appToken(): string | undefined {
    return this.#appToken;
  }

  /**
   * Sends `request` through the transport. Resolves with the 2xx response, its JSON body parsed
   * but not validated; rejects with an `OpsError` for everything else.
   */
  request(request: ApiRequest): Promise<ApiResponse> {
    return this.#transport.request(request);
  }

  /**
   * Sends `request`; resolves with the body validated by `schema` (an `invalid_response` error
   * when it does not fit) and the response headers.
   */
  async send<S extends z.ZodMiniType>(schema: S, request: ApiRequest): Promise<[z.output<S>, Headers]> {
    const response = await this.request(request);
    return [parseBody(schema, response.body, response.status), response.headers];
  }
}
