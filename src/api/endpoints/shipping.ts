import type { CallOptions, ClientCore } from '../core.js';
import type {
  BookShipmentsInput,
  ListShippingConfigsOptions,
  RatesRequest,
  ShipmentInput,
} from '../inputs.js';
import { pageFrom } from '../pagination.js';
import type { Page } from '../pagination.js';
import { normaliseBooking, normaliseRates } from '../quotes.js';
import type { BookingResult, RatesResult } from '../quotes.js';
import { BookingResponseSchema, ShipmentCreatedSchema } from '../schemas/booking.js';
import type { ShipmentCreated } from '../schemas/booking.js';
import { ShippingConfigsDocumentSchema } from '../schemas/shipping-configs.js';
import type { ShippingConfig } from '../schemas/shipping-configs.js';
import { RatesResponseSchema } from '../schemas/shipping.js';
import { bodyOf } from './common.js';
import { MAX_PAGE_SIZE, checkPaging, cutToPage } from './paging.js';
import { OpsError } from '../errors.js';

/** `POST /shipping/api/v1/rates`. Quotes come back in one shape whichever naming set the API used. */
export async function getRates(
  client: ClientCore,
  request: RatesRequest,
  options: CallOptions = {},
): Promise<RatesResult> {
  return normaliseRates(
    await bodyOf(client, RatesResponseSchema, {
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
export async function bookShipments(
  client: ClientCore,
  input: BookShipmentsInput,
  options: CallOptions = {},
): Promise<BookingResult> {
  const body: Record<string, unknown> = { shipments: input.shipments };
  if (input.labelFormat) body['label_format'] = input.labelFormat;
  if (input.requestToken) body['request_token'] = input.requestToken;
  return normaliseBooking(
    await bodyOf(client, BookingResponseSchema, {
      method: 'POST',
      path: '/shipping/api/v1/shipments',
      body,
      booking: true,
      signal: options.signal,
    }),
    input.shipments,
  );
}

/** `GET /api/v2/shipping_configs`, with each configuration's services resolved when included. */
export async function listShippingConfigs(
  client: ClientCore,
  options: ListShippingConfigsOptions & CallOptions = {},
): Promise<Page<ShippingConfig>> {
  checkPaging(options);
  // No more than the page asked for, whatever the server sent, cut before it is checked.
  const pageSize = options.pageSize ?? MAX_PAGE_SIZE;
  const [document, headers] = await client.send(cutToPage(ShippingConfigsDocumentSchema, pageSize, 'data'), {
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
  return { items: document?.configs ?? [], page: pageFrom(document?.meta, headers) };
}

/**
 * `POST /shipments`: buys a label for an explicit `service_code`. The spec authorises it with
 * the application token alone (the `Authentication` header): the account's API key or bearer
 * token is not sent. A client with a credential of its own but no `appToken` fails here with
 * an `unauthorized` OpsError, before anything is sent; a client without credentials talks to a
 * proxy, which adds the token on the server. Sent exactly once, never retried.
 */
export async function createShipment(
  client: ClientCore,
  shipment: ShipmentInput,
  options: CallOptions = {},
): Promise<ShipmentCreated> {
  const appToken = client.appToken;
  if (!appToken && client.hasCredentials === true) {
    const message =
      'POST /shipments needs the application token: pass appToken to createClient() or configure(), ' +
      'or buy labels through a proxy that adds it.';
    throw new OpsError('unauthorized', message, { messages: [message], fromApi: false });
  }
  return bodyOf(client, ShipmentCreatedSchema, {
    method: 'POST',
    path: '/shipments',
    body: shipment,
    headers: appToken ? { Authentication: appToken } : undefined,
    authenticate: false,
    booking: true,
    signal: options.signal,
  });
}
