/** Public surface of the API layer. */
export { OpsClient, configure, createClient } from './client.js';
export { ClientCore } from './core.js';
export type { CallOptions, ClientOptions, LabelStorage, OrderId } from './core.js';
export * from './endpoints/index.js';
export type { ApiRequest, ApiResponse, HttpMethod, QueryValue } from './transport.js';
export { getDefaultClient, onDefaultClientChange, setDefaultClient } from './default-client.js';
export { OpsError, isOpsError } from './errors.js';
export type { OpsErrorCode, OpsErrorOptions } from './errors.js';
export { isReadableMessage } from './error-body.js';
export { readErrorBody } from './error-read.js';
export type { ErrorDetails } from './error-body.js';
export type { Credentials } from './credentials.js';
export type { RetryOptions } from './backoff.js';
export type { RateLimitOptions } from './throttle.js';
export { OrderStore, ordersOf } from './order-store.js';
export type { OrderListener } from './order-store.js';
export type { Page, PageInfo } from './pagination.js';
export { bookingOf } from './booking-answer.js';
export type { BookingFailure, BookingResult } from './booking-answer.js';
export { normaliseQuote, normaliseRates } from './quotes.js';
export type {
  Quote,
  QuoteCharge,
  RatesResult,
  ServiceOption,
  ServiceOptionValue,
  UnavailableQuote,
} from './quotes.js';
export type * from './inputs.js';
export type {
  Address,
  Company,
  Customer,
  DeliveryMethod,
  Image,
  Tag,
  User,
  Warehouse,
} from './schemas/common.js';
export type {
  KitContent,
  Product,
  ProductPropertyValue,
  ProductSummary,
  Sellable,
  StockEntry,
} from './schemas/catalog.js';
export type { Allocation, AllocationLineItem, LineItem, Note, Order } from './schemas/order.js';
export type { Channel } from './schemas/channel.js';
export type { ChannelSellable } from './schemas/listing.js';
export type { AnyResource, Relationships, ResourceRef } from './schemas/jsonapi.js';
export type { BookedShipment, ShipmentCreated } from './schemas/booking.js';
export type { ShippingConfig, ShippingService } from './schemas/shipping-configs.js';
export type { CurrentUser, OAuthToken } from './schemas/auth.js';
export type { Session } from './schemas/session.js';
export type { Printer, PrintJob } from './schemas/printers.js';
export type { PrintDocument } from './endpoints/printers.js';
