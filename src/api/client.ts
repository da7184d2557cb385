import * as v from 'valibot';
import type { RetryOptions } from './backoff.js';
import type { Credentials } from './credentials.js';
import type {
  BookShipmentsInput,
  ChannelInput,
  ChannelSellableInput,
  CustomerInput,
  DeliveryMethodInput,
  ExchangeCodeInput,
  KitContentInput,
  ListChannelSellablesOptions,
  ListOptions,
  ListShippingConfigsOptions,
  ProductInput,
  ProductPropertyValueInput,
  RatesRequest,
  ShipmentInput,
  StockEntryInput,
} from './inputs.js';
import { OrderStore, withNote } from './order-store.js';
import { pageFrom, pageFromHeaders } from './pagination.js';
import type { Page } from './pagination.js';
import { parseBody } from './parse.js';
import { normaliseBooking, normaliseRates } from './quotes.js';
import type { BookingResult, RatesResult } from './quotes.js';
import { CurrentUserSchema, OAuthTokenSchema } from './schemas/auth.js';
import type { CurrentUser, OAuthToken } from './schemas/auth.js';
import {
  KitContentSchema,
  ProductPropertyValueSchema,
  ProductSchema,
  StockEntrySchema,
} from './schemas/catalog.js';
import type { KitContent, Product, ProductPropertyValue, StockEntry } from './schemas/catalog.js';
import { ChannelSchema, ChannelSellableSchema } from './schemas/channel.js';
import type { Channel, ChannelSellable } from './schemas/channel.js';
import { CustomerSchema, DeliveryMethodSchema, TagSchema } from './schemas/common.js';
import type { Customer, DeliveryMethod, Tag } from './schemas/common.js';
import { AnyResourceSchema } from './schemas/jsonapi.js';
import type { AnyResource } from './schemas/jsonapi.js';
import { NoteSchema, OrderSchema } from './schemas/order.js';
import type { Note, Order } from './schemas/order.js';
import {
  BookingResponseSchema,
  RatesResponseSchema,
  ShipmentCreatedSchema,
  ShippingConfigsDocumentSchema,
} from './schemas/shipping.js';
import type { ShipmentCreated, ShippingConfig } from './schemas/shipping.js';
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

/** A list body: a bare array as the spec shows, or the array under `key` as some deployments wrap it. */
function listOf<T extends v.GenericSchema>(item: T, key: string) {
  return v.union([
    v.array(item),
    v.pipe(
      v.looseObject({ [key]: v.array(item) }),
      v.transform((wrapped) => wrapped[key] as Array<v.InferOutput<T>>),
    ),
  ]);
}

const OrderListSchema = listOf(OrderSchema, 'orders');
const ChannelListSchema = listOf(ChannelSchema, 'channels');
const TagListSchema = listOf(TagSchema, 'tags');

const ChannelSellableDocumentSchema = v.looseObject({ data: ChannelSellableSchema });
const ChannelSellableListSchema = v.looseObject({
  data: v.array(ChannelSellableSchema),
  included: v.nullish(v.array(AnyResourceSchema)),
  meta: v.nullish(v.unknown()),
});

/** Page size `listAllChannels` walks with: the largest the API allows. */
const ALL_PAGES_SIZE = 100;

/** A store-listings page also carries the related resources asked for with `include`. */
export interface ChannelSellablePage extends Page<ChannelSellable> {
  included: AnyResource[];
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
  readonly #appToken: string | undefined;

  constructor(options: ClientOptions) {
    this.#transport = new Transport(options);
    this.baseUrl = this.#transport.baseUrl;
    this.#appToken = options.appToken;
  }

  /** Sends `request`; resolves with the body validated by `schema`, and the response headers. */
  async #send<S extends v.GenericSchema>(
    schema: S,
    request: ApiRequest,
  ): Promise<[v.InferOutput<S>, Headers]> {
    const response = await this.#transport.request(request);
    return [parseBody(schema, response.body, response.status), response.headers];
  }

  /** Sends `request`; resolves with the body validated by `schema`. */
  async #parse<S extends v.GenericSchema>(schema: S, request: ApiRequest): Promise<v.InferOutput<S>> {
    return (await this.#send(schema, request))[0];
  }

  /** A REST list: the items validated by `schema`, the paging facts from the headers. */
  async #list<T>(schema: v.GenericSchema<unknown, T[]>, request: ApiRequest): Promise<Page<T>> {
    const [items, headers] = await this.#send(schema, request);
    return { items, page: pageFromHeaders(headers) };
  }

  // Orders

  /** `GET /orders/{id}`. Stores the order; with `cache: 'default'` a stored order is returned as is. */
  async getOrder(orderId: OrderId, options: GetOrderOptions = {}): Promise<Order> {
    if ((options.cache ?? 'default') === 'default') {
      const stored = this.orders.get(orderId);
      if (stored) return stored;
    }
    const order = await this.#parse(OrderSchema, {
      method: 'GET',
      path: `/orders/${segment(orderId)}`,
      signal: options.signal,
    });
    this.orders.set(order);
    return order;
  }

  /** `POST /orders/{id}/notes`. The new note is appended to the stored order's `employee_notes`. */
  async addOrderNote(orderId: OrderId, text: string, options: CallOptions = {}): Promise<Note> {
    const note = await this.#parse(NoteSchema, {
      method: 'POST',
      path: `/orders/${segment(orderId)}/notes`,
      body: { note: { text } },
      signal: options.signal,
    });
    this.orders.update(orderId, (order) => withNote(order, note));
    return note;
  }

  /** `POST /orders/{id}/allocations`. The API answers with the whole order, which is stored. */
  async createAllocation(
    orderId: OrderId,
    input: AllocationInput,
    options: CallOptions = {},
  ): Promise<Order> {
    const order = await this.#parse(OrderSchema, {
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
    const response = await this.#transport.request({
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

  /** `GET /orders?page=&page_size=`. Listed orders are not put in the store: they may be summaries. */
  async listOrders(options: ListOptions & CallOptions = {}): Promise<Page<Order>> {
    return this.#list(OrderListSchema, {
      method: 'GET',
      path: '/orders',
      query: { page: options.page, page_size: options.pageSize },
      signal: options.signal,
    });
  }

  // Stores (channels)

  /** `GET /channels?page=&page_size=`. */
  async listChannels(options: ListOptions & CallOptions = {}): Promise<Page<Channel>> {
    return this.#list(ChannelListSchema, {
      method: 'GET',
      path: '/channels',
      query: { page: options.page, page_size: options.pageSize },
      signal: options.signal,
    });
  }

  /**
   * Every store, walking `GET /channels` 100 at a time until the last page (by the totals
   * headers when present, else by a short or empty page).
   */
  async listAllChannels(options: CallOptions = {}): Promise<Channel[]> {
    const channels: Channel[] = [];
    let previousFirstId: string | undefined;
    for (let page = 1; ; page += 1) {
      const result = await this.listChannels({ page, pageSize: ALL_PAGES_SIZE, signal: options.signal });
      const firstId = result.items[0] === undefined ? undefined : String(result.items[0].id);
      // A server that ignores `page` would answer page 1 forever; stop instead of looping.
      if (firstId !== undefined && firstId === previousFirstId) break;
      previousFirstId = firstId;
      channels.push(...result.items);
      const { totalPages } = result.page;
      const lastByTotals = totalPages !== null && page >= totalPages;
      if (lastByTotals || result.items.length < ALL_PAGES_SIZE) break;
    }
    return channels;
  }

  /** `POST /channels`. */
  async createChannel(input: ChannelInput, options: CallOptions = {}): Promise<Channel> {
    return this.#parse(ChannelSchema, {
      method: 'POST',
      path: '/channels',
      body: input,
      signal: options.signal,
    });
  }

  // Store listings (channel sellables, JSON:API)

  /**
   * `POST /api/v2/channel_sellables`. Only for stores of type `custom_integration`. Link by SKU
   * with `autolink: true`, to an existing channel product with `channel_product_id`, or to a new
   * one with `channel_product_attributes`. A 422 carries `fieldErrors` keyed by attribute.
   */
  async createChannelSellable(
    input: ChannelSellableInput,
    options: CallOptions = {},
  ): Promise<ChannelSellable> {
    const { channel_product_id: channelProductId, ...attributes } = input;
    const data: Record<string, unknown> = { type: 'channel_sellable', attributes };
    if (channelProductId !== undefined) {
      data['relationships'] = {
        channel_product: { data: { id: String(channelProductId), type: 'channel_product' } },
      };
    }
    return (
      await this.#parse(ChannelSellableDocumentSchema, {
        method: 'POST',
        path: '/api/v2/channel_sellables',
        body: { data },
        signal: options.signal,
      })
    ).data;
  }

  /** `GET /api/v2/channel_sellables` with paging, filters, sort and include. */
  async listChannelSellables(
    options: ListChannelSellablesOptions & CallOptions = {},
  ): Promise<ChannelSellablePage> {
    const include = typeof options.include === 'string' ? options.include : options.include?.join(',');
    const [document, headers] = await this.#send(ChannelSellableListSchema, {
      method: 'GET',
      path: '/api/v2/channel_sellables',
      query: {
        'page[number]': options.page,
        'page[size]': options.pageSize,
        'filter[remote_sku]': options.remoteSku,
        'filter[remote_id]': options.remoteId,
        'filter[channel_id]': options.channelId,
        sort: options.sort,
        include: include || undefined,
      },
      signal: options.signal,
    });
    return {
      items: document.data,
      page: pageFrom(document.meta, headers),
      included: document.included ?? [],
    };
  }

  // Customers, delivery methods, stock, products, kits

  /** `PUT /customers/{id}` with `{ customer }`. */
  async updateCustomer(
    customerId: number | string,
    customer: CustomerInput,
    options: CallOptions = {},
  ): Promise<Customer> {
    return this.#parse(CustomerSchema, {
      method: 'PUT',
      path: `/customers/${segment(customerId)}`,
      body: { customer },
      signal: options.signal,
    });
  }

  /** `PUT /delivery_methods/{id}` with `{ name, cost }` (cost as text). */
  async updateDeliveryMethod(
    deliveryMethodId: number | string,
    input: DeliveryMethodInput,
    options: CallOptions = {},
  ): Promise<DeliveryMethod> {
    const body: Record<string, string> = {};
    if (input.name !== undefined) body['name'] = input.name;
    if (input.cost !== undefined) body['cost'] = String(input.cost);
    return this.#parse(DeliveryMethodSchema, {
      method: 'PUT',
      path: `/delivery_methods/${segment(deliveryMethodId)}`,
      body,
      signal: options.signal,
    });
  }

  /** `PUT /sellables/{sid}/warehouses/{wid}/stock_entry` with `{ stock_entry }`. */
  async updateStockEntry(
    sellableId: number | string,
    warehouseId: number | string,
    stockEntry: StockEntryInput,
    options: CallOptions = {},
  ): Promise<StockEntry> {
    return this.#parse(StockEntrySchema, {
      method: 'PUT',
      path: `/sellables/${segment(sellableId)}/warehouses/${segment(warehouseId)}/stock_entry`,
      body: { stock_entry: stockEntry },
      signal: options.signal,
    });
  }

  /** `PUT /products/{id}` with `{ product }`; answers with the full product. */
  async updateProduct(
    productId: number | string,
    product: ProductInput,
    options: CallOptions = {},
  ): Promise<Product> {
    return this.#parse(ProductSchema, {
      method: 'PUT',
      path: `/products/${segment(productId)}`,
      body: { product },
      signal: options.signal,
    });
  }

  /** `PUT /products/{id}/product_property_specifics/{pid}` with `{ product_property_name, value }`. */
  async updateProductPropertyValue(
    productId: number | string,
    propertyId: number | string,
    input: ProductPropertyValueInput,
    options: CallOptions = {},
  ): Promise<ProductPropertyValue> {
    return this.#parse(ProductPropertyValueSchema, {
      method: 'PUT',
      path: `/products/${segment(productId)}/product_property_specifics/${segment(propertyId)}`,
      body: input,
      signal: options.signal,
    });
  }

  /** `PUT /kits/{kid}/kit_contents/{cid}` with `{ kit_content }`. The content id is not the variant id. */
  async updateKitContent(
    kitId: number | string,
    kitContentId: number | string,
    input: KitContentInput,
    options: CallOptions = {},
  ): Promise<KitContent> {
    return this.#parse(KitContentSchema, {
      method: 'PUT',
      path: `/kits/${segment(kitId)}/kit_contents/${segment(kitContentId)}`,
      body: { kit_content: input },
      signal: options.signal,
    });
  }

  // Tags

  /** `GET /tags`. */
  async listTags(options: CallOptions = {}): Promise<Page<Tag>> {
    return this.#list(TagListSchema, { method: 'GET', path: '/tags', signal: options.signal });
  }

  /** `GET /tags/{id}`. */
  async getTag(tagId: number | string, options: CallOptions = {}): Promise<Tag> {
    return this.#parse(TagSchema, {
      method: 'GET',
      path: `/tags/${segment(tagId)}`,
      signal: options.signal,
    });
  }

  // Shipping

  /** `POST /shipping/api/v1/rates`. Quotes come back in one shape whichever naming set the API used. */
  async getRates(request: RatesRequest, options: CallOptions = {}): Promise<RatesResult> {
    return normaliseRates(
      await this.#parse(RatesResponseSchema, {
        method: 'POST',
        path: '/shipping/api/v1/rates',
        body: request,
        signal: options.signal,
      }),
    );
  }

  /**
   * `POST /shipping/api/v1/shipments`: buys labels. Sent exactly once, never retried (not after
   * a 429, a 5xx, a network error or a 401), because a resend could buy a second label. An
   * expired quote is a `quote_expired` error, or a `failed` entry with `quoteExpired: true`.
   */
  async bookShipments(input: BookShipmentsInput, options: CallOptions = {}): Promise<BookingResult> {
    const body: Record<string, unknown> = { shipments: input.shipments };
    if (input.labelFormat) body['label_format'] = input.labelFormat;
    if (input.requestToken) body['request_token'] = input.requestToken;
    return normaliseBooking(
      await this.#parse(BookingResponseSchema, {
        method: 'POST',
        path: '/shipping/api/v1/shipments',
        body,
        booking: true,
        signal: options.signal,
      }),
    );
  }

  /** `GET /api/v2/shipping_configs`, with each configuration's services resolved when included. */
  async listShippingConfigs(
    options: ListShippingConfigsOptions & CallOptions = {},
  ): Promise<Page<ShippingConfig>> {
    const [document, headers] = await this.#send(ShippingConfigsDocumentSchema, {
      method: 'GET',
      path: '/api/v2/shipping_configs',
      query: {
        'page[number]': options.page,
        'page[size]': options.pageSize,
        include: options.includeServices ? 'shipping_services' : undefined,
        'filter[enabled]': options.enabled,
      },
      signal: options.signal,
    });
    return { items: document.configs, page: pageFrom(document.meta, headers) };
  }

  /**
   * `POST /shipments`: buys a label for an explicit `service_code`, with the application token
   * in the `Authentication` header. Sent exactly once, never retried.
   */
  async createShipment(shipment: ShipmentInput, options: CallOptions = {}): Promise<ShipmentCreated> {
    return this.#parse(ShipmentCreatedSchema, {
      method: 'POST',
      path: '/shipments',
      body: shipment,
      headers: this.#appToken === undefined ? undefined : { Authentication: this.#appToken },
      booking: true,
      signal: options.signal,
    });
  }

  // Account and OAuth

  /** `GET /current_user`. */
  async getCurrentUser(options: CallOptions = {}): Promise<CurrentUser> {
    return this.#parse(CurrentUserSchema, { method: 'GET', path: '/current_user', signal: options.signal });
  }

  /**
   * `POST /oauth/token`: exchanges an authorization code (valid 10 minutes, single use) for a
   * permanent access token.
   *
   * **Server side only.** It needs the client secret, which must never reach a browser; call it
   * from the host's backend (see the token-exchange handler in `commerce-ops-elements/server`).
   * No account credential is sent with it.
   */
  async exchangeAuthorizationCode(input: ExchangeCodeInput, options: CallOptions = {}): Promise<OAuthToken> {
    return this.#parse(OAuthTokenSchema, {
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
      signal: options.signal,
    });
  }
}

/** Creates a client. See `ClientOptions`; `configure()` makes one the default for every element. */
export function createClient(options: ClientOptions): OpsClient {
  return new OpsClient(options);
}
