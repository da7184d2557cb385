import type { RetryOptions } from './backoff.js';
import type { Credentials } from './credentials.js';
import { OrderStore } from './order-store.js';
import { parseBody } from './parse.js';
import { NoteSchema, OrderSchema } from './schemas/order.js';
import type { Note, Order } from './schemas/order.js';
import type { RateLimitOptions } from './throttle.js';
import { Transport } from './transport.js';
import type { ApiRequest } from './transport.js';

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
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface GetOrderOptions extends CallOptions {
  /** `'default'` answers from the order store when it holds the order; `'reload'` always asks the API. */
  cache?: 'default' | 'reload';
}

export type OrderId = number | string;

export interface AllocationInput {
  warehouseId: number | string;
  lineItems: ReadonlyArray<{ sellableId: number | string; quantity: number }>;
}

/** Encodes a path segment so an id can never change which endpoint is called. */
function segment(value: number | string): string {
  return encodeURIComponent(String(value));
}

/** Whether a DELETE answered with the order itself (the live service does) or with something else. */
function looksLikeOrder(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    'id' in body &&
    ('line_items' in body || 'allocations' in body || 'number' in body)
  );
}

/**
 * Typed client of the Commerce Operations API: one method per endpoint, each taking an
 * optional last `{ signal }`. Field names stay as the API spells them, so the spec documents
 * the data; numeric strings arrive as numbers. Every failure is an `OpsError`.
 */
export class OpsClient {
  /** The client's order store: every response that carries an order updates it. */
  readonly orders = new OrderStore();
  readonly baseUrl: string;
  readonly #transport: Transport;

  constructor(options: ClientOptions) {
    this.#transport = new Transport(options);
    this.baseUrl = this.#transport.baseUrl;
  }

  #request(request: ApiRequest) {
    return this.#transport.request(request);
  }

  // Orders

  /** `GET /orders/{id}`. Stores the order; with `cache: 'default'` a stored order is returned as is. */
  async getOrder(orderId: OrderId, options: GetOrderOptions = {}): Promise<Order> {
    if ((options.cache ?? 'default') === 'default') {
      const stored = this.orders.get(orderId);
      if (stored) return stored;
    }
    const response = await this.#request({
      method: 'GET',
      path: `/orders/${segment(orderId)}`,
      signal: options.signal,
    });
    const order = parseBody(OrderSchema, response.body, response.status);
    this.orders.set(order);
    return order;
  }

  /** `POST /orders/{id}/notes`. The new note is appended to the stored order's `employee_notes`. */
  async addOrderNote(orderId: OrderId, text: string, options: CallOptions = {}): Promise<Note> {
    const response = await this.#request({
      method: 'POST',
      path: `/orders/${segment(orderId)}/notes`,
      body: { note: { text } },
      signal: options.signal,
    });
    const note = parseBody(NoteSchema, response.body, response.status);
    this.orders.update(orderId, (order) => ({
      ...order,
      employee_notes: [...(order.employee_notes ?? []), note],
    }));
    return note;
  }

  /** `POST /orders/{id}/allocations`. The API answers with the whole order, which is stored. */
  async createAllocation(
    orderId: OrderId,
    input: AllocationInput,
    options: CallOptions = {},
  ): Promise<Order> {
    const response = await this.#request({
      method: 'POST',
      path: `/orders/${segment(orderId)}/allocations`,
      body: {
        allocation: {
          warehouse_id: input.warehouseId,
          line_items_attributes: input.lineItems.map((item) => ({
            sellable_id: item.sellableId,
            quantity: item.quantity,
          })),
        },
      },
      signal: options.signal,
    });
    const order = parseBody(OrderSchema, response.body, response.status);
    this.orders.set(order);
    return order;
  }

  /**
   * `DELETE /orders/{id}/allocations/{id}`. Resolves with the order when the API sends it back
   * (and stores it); otherwise with null, after removing the allocation from the stored order.
   */
  async deleteAllocation(
    orderId: OrderId,
    allocationId: number | string,
    options: CallOptions = {},
  ): Promise<Order | null> {
    const response = await this.#request({
      method: 'DELETE',
      path: `/orders/${segment(orderId)}/allocations/${segment(allocationId)}`,
      signal: options.signal,
    });
    if (looksLikeOrder(response.body)) {
      const order = parseBody(OrderSchema, response.body, response.status);
      this.orders.set(order);
      return order;
    }
    this.orders.update(orderId, (order) => ({
      ...order,
      allocations: (order.allocations ?? []).filter(
        (allocation) => String(allocation.id) !== String(allocationId),
      ),
    }));
    return null;
  }
}

/** Creates a client. See `ClientOptions`; `configure()` makes one the default for every element. */
export function createClient(options: ClientOptions): OpsClient {
  return new OpsClient(options);
}
