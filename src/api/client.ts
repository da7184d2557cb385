import { ClientCore } from './core.js';
import { setDefaultClient } from './default-client.js';
import type { CallOptions, ClientOptions, OrderId } from './core.js';
import {
  addOrderNote,
  bookShipments,
  createAllocation,
  createChannel,
  createChannelSellable,
  createShipment,
  deleteAllocation,
  exchangeAuthorizationCode,
  getCurrentUser,
  getOrder,
  getRates,
  getSession,
  listPrinters,
  sendPrintJob,
  getTag,
  listAllChannels,
  listChannelSellables,
  listChannels,
  listOrders,
  listShippingConfigs,
  listTags,
  updateCustomer,
  updateDeliveryMethod,
  updateKitContent,
  updateProduct,
  updateProductPropertyValue,
  updateStockEntry,
} from './endpoints/index.js';
import type {
  AllocationInput,
  ChannelSellablePage,
  GetOrderOptions,
  PrintDocument,
} from './endpoints/index.js';
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
  ListOrdersOptions,
  ListShippingConfigsOptions,
  ProductInput,
  ProductPropertyValueInput,
  RatesRequest,
  ShipmentInput,
  StockEntryInput,
} from './inputs.js';
import { ordersOf } from './order-store.js';
import type { OrderStore } from './order-store.js';
import type { Page } from './pagination.js';
import type { BookingResult } from './booking-answer.js';
import type { RatesResult } from './quotes.js';
import type { CurrentUser, OAuthToken } from './schemas/auth.js';
import type { Session } from './schemas/session.js';
import type { Printer, PrintJob } from './schemas/printers.js';
import type { KitContent, Product, ProductPropertyValue, StockEntry } from './schemas/catalog.js';
import type { ShipmentCreated } from './schemas/booking.js';
import type { Channel } from './schemas/channel.js';
import type { Customer, DeliveryMethod, Tag } from './schemas/common.js';
import type { ChannelSellable } from './schemas/listing.js';
import type { Note, Order } from './schemas/order.js';
import type { ShippingConfig } from './schemas/shipping-configs.js';

export type { CallOptions, ClientOptions, OrderId } from './core.js';
export type { AllocationInput, ChannelSellablePage, GetOrderOptions } from './endpoints/index.js';

/**
 * Typed client of the Commerce Operations API: one method per endpoint, each taking an
 * optional last `{ signal }`. Field names stay as the API spells them, so the spec documents
 * the data; numeric strings arrive as numbers. Every failure is an `OpsError`.
 *
 * Each method calls the endpoint function of the same name (`client.getOrder(id)` is
 * `getOrder(client, id)`). Class methods cannot be left out of a bundle, so code that cares
 * about size calls the functions on a `ClientCore` instead.
 */
export class OpsClient extends ClientCore {
  /** The client's order store (`ordersOf(client)`): every response that carries an order updates it. */
  get orders(): OrderStore {
    return ordersOf(this);
  }

  // Orders

  /** `GET /orders/{id}`. Stores the order; with `cache: 'default'` a stored order is returned as is. */
  getOrder(orderId: OrderId, options?: GetOrderOptions): Promise<Order> {
    return getOrder(this, orderId, options);
  }

  /** `POST /orders/{id}/notes`. The new note is appended to the stored order's `employee_notes`. */
  addOrderNote(orderId: OrderId, text: string, options?: CallOptions): Promise<Note> {
    return addOrderNote(this, orderId, text, options);
  }

  /** `POST /orders/{id}/allocations`. The API answers with the whole order, which is stored. */
  createAllocation(orderId: OrderId, input: AllocationInput, options?: CallOptions): Promise<Order> {
    return createAllocation(this, orderId, input, options);
  }

  /**
   * `DELETE /orders/{id}/allocations/{id}`. Resolves with the order when the API sends it back
   * (and stores it); otherwise with null, after removing the allocation from the stored order.
   */
  deleteAllocation(
    orderId: OrderId,
    allocationId: number | string,
    options?: CallOptions,
  ): Promise<Order | null> {
    return deleteAllocation(this, orderId, allocationId, options);
  }

  /** `GET /orders` with paging and filters. Whole listed orders are stored; summaries are not. */
  listOrders(options?: ListOrdersOptions & CallOptions): Promise<Page<Order>> {
    return listOrders(this, options);
  }

  // Stores (channels)

  /** `GET /channels?page=&page_size=`. */
  listChannels(options?: ListOptions & CallOptions): Promise<Page<Channel>> {
    return listChannels(this, options);
  }

  /**
   * Every store, walking `GET /channels` 100 at a time until the last page (by the totals
   * headers when present, else by a short or empty page).
   */
  listAllChannels(options?: CallOptions): Promise<Channel[]> {
    return listAllChannels(this, options);
  }

  /** `POST /channels`. */
  createChannel(input: ChannelInput, options?: CallOptions): Promise<Channel> {
    return createChannel(this, input, options);
  }

  // Store listings (channel sellables, JSON:API)

  /**
   * `POST /api/v2/channel_sellables`. Only for stores of type `custom_integration`. Link by SKU
   * with `autolink: true`, to an existing channel product with `channel_product_id`, or to a new
   * one with `channel_product_attributes`. A 422 carries `fieldErrors` keyed by attribute.
   */
  createChannelSellable(input: ChannelSellableInput, options?: CallOptions): Promise<ChannelSellable> {
    return createChannelSellable(this, input, options);
  }

  /** `GET /api/v2/channel_sellables` with paging, filters, sort and include. */
  listChannelSellables(options?: ListChannelSellablesOptions & CallOptions): Promise<ChannelSellablePage> {
    return listChannelSellables(this, options);
  }

  // Customers, delivery methods, stock, products, kits

  /** `PUT /customers/{id}` with `{ customer }`. */
  updateCustomer(
    customerId: number | string,
    customer: CustomerInput,
    options?: CallOptions,
  ): Promise<Customer> {
    return updateCustomer(this, customerId, customer, options);
  }

  /** `PUT /delivery_methods/{id}` with `{ name, cost }` (cost as text). */
  updateDeliveryMethod(
    deliveryMethodId: number | string,
    input: DeliveryMethodInput,
    options?: CallOptions,
  ): Promise<DeliveryMethod> {
    return updateDeliveryMethod(this, deliveryMethodId, input, options);
  }

  /** `PUT /sellables/{sid}/warehouses/{wid}/stock_entry` with `{ stock_entry }`. */
  updateStockEntry(
    sellableId: number | string,
    warehouseId: number | string,
    stockEntry: StockEntryInput,
    options?: CallOptions,
  ): Promise<StockEntry> {
    return updateStockEntry(this, sellableId, warehouseId, stockEntry, options);
  }

  /** `PUT /products/{id}` with `{ product }`; answers with the full product. */
  updateProduct(productId: number | string, product: ProductInput, options?: CallOptions): Promise<Product> {
    return updateProduct(this, productId, product, options);
  }

  /** `PUT /products/{id}/product_property_specifics/{pid}` with `{ product_property_name, value }`. */
  updateProductPropertyValue(
    productId: number | string,
    propertyId: number | string,
    input: ProductPropertyValueInput,
    options?: CallOptions,
  ): Promise<ProductPropertyValue> {
    return updateProductPropertyValue(this, productId, propertyId, input, options);
  }

  /** `PUT /kits/{kid}/kit_contents/{cid}` with `{ kit_content }`. The content id is not the variant id. */
  updateKitContent(
    kitId: number | string,
    kitContentId: number | string,
    input: KitContentInput,
    options?: CallOptions,
  ): Promise<KitContent> {
    return updateKitContent(this, kitId, kitContentId, input, options);
  }

  // Tags

  /** `GET /tags`. */
  listTags(options?: CallOptions): Promise<Page<Tag>> {
    return listTags(this, options);
  }

  /** `GET /tags/{id}`. */
  getTag(tagId: number | string, options?: CallOptions): Promise<Tag> {
    return getTag(this, tagId, options);
  }

  // Shipping

  /** `POST /shipping/api/v1/rates`. Quotes come back in one shape whichever naming set the API used. */
  getRates(request: RatesRequest, options?: CallOptions): Promise<RatesResult> {
    return getRates(this, request, options);
  }

  /**
   * `POST /shipping/api/v1/shipments`: buys labels. Sent exactly once, never retried (not after
   * a 429, a 5xx, a network error or a 401), because a resend could buy a second label. An
   * expired quote is a `quote_expired` error, or a `failed` entry with `quoteExpired: true`.
   */
  bookShipments(input: BookShipmentsInput, options?: CallOptions): Promise<BookingResult> {
    return bookShipments(this, input, options);
  }

  /** `GET /api/v2/shipping_configs`, with each configuration's services resolved when included. */
  listShippingConfigs(options?: ListShippingConfigsOptions & CallOptions): Promise<Page<ShippingConfig>> {
    return listShippingConfigs(this, options);
  }

  /**
   * `POST /shipments`: buys a label for an explicit `service_code`, with the application token
   * in the `Authentication` header. Sent exactly once, never retried.
   */
  createShipment(shipment: ShipmentInput, options?: CallOptions): Promise<ShipmentCreated> {
    return createShipment(this, shipment, options);
  }

  // Account and OAuth

  /** `GET /current_user`. */
  getCurrentUser(options?: CallOptions): Promise<CurrentUser> {
    return getCurrentUser(this, options);
  }

  /**
   * `GET <baseUrl>/session`: what the signed-in caller may do and spent today, from the API
   * proxy; null on 404 (no proxy with roles in front of the API).
   */
  getSession(options?: CallOptions): Promise<Session | null> {
    return getSession(this, options);
  }

  /**
   * `GET <baseUrl>/printers`: the printers the host's server prints to, without their addresses;
   * null on 404 (no print routes).
   */
  listPrinters(options?: CallOptions): Promise<Printer[] | null> {
    return listPrinters(this, options);
  }

  /**
   * `POST <baseUrl>/printers/{id}/jobs`: a label (`X-Ops-Order` its order number) or a document
   * sent to that printer through the host's server, once.
   */
  sendPrintJob(
    printerId: string,
    file: Blob,
    job: { document: PrintDocument; orderNumber?: string | undefined },
    options?: CallOptions,
  ): Promise<PrintJob> {
    return sendPrintJob(this, printerId, file, job, options);
  }

  /**
   * `POST /oauth/token`: exchanges an authorization code (valid 10 minutes, single use) for a
   * permanent access token.
   *
   * **Server side only.** It needs the client secret, which must never reach a browser; call it
   * from the host's backend (see the token-exchange handler in `commerce-ops-elements/server`).
   * No account credential is sent with it.
   */
  exchangeAuthorizationCode(input: ExchangeCodeInput, options?: CallOptions): Promise<OAuthToken> {
    return exchangeAuthorizationCode(this, input, options);
  }
}

/** Creates a client. See `ClientOptions`; `configure()` makes one the default for every element. */
export function createClient(options: ClientOptions): OpsClient {
  return new OpsClient(options);
}

/** Creates a client from `options`, makes it the default and tells every listener. */
export function configure(options: ClientOptions): OpsClient {
  const client = createClient(options);
  setDefaultClient(client, options);
  return client;
}
