/*
 * Buying labels: by quote (`POST /shipping/api/v1/shipments`) and by service code (`POST /shipments`).
 * Both are sent exactly once and never retried, because a resend could buy a second label.
 */
import type { CallOptions, ClientCore } from '../core.js';
import { OpsError } from '../errors.js';
import type { BookShipmentsInput, ShipmentInput } from '../inputs.js';
import { normaliseBooking } from '../booking-answer.js';
import type { BookingResult } from '../booking-answer.js';
import { BookingResponseSchema, ShipmentCreatedSchema } from '../schemas/booking.js';
import type { ShipmentCreated } from '../schemas/booking.js';
import { bodyOf } from './common.js';

/** The header that lets a deliberate second label through the API proxy; none for a client of its own. */
function secondLabelHeader(client: ClientCore, orderNumber: string | null | undefined) {
  const number = orderNumber?.trim();
  return number && client.hasCredentials !== true ? { 'X-Ops-Second-Label': number } : undefined;
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
      headers: secondLabelHeader(client, input.secondLabel),
      booking: true,
      signal: options.signal,
    }),
    input.shipments,
  );
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
  options: CallOptions & { secondLabel?: string | null } = {},
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
    headers: {
      ...(appToken ? { Authentication: appToken } : {}),
      ...secondLabelHeader(client, options.secondLabel),
    },
    authenticate: false,
    booking: true,
    signal: options.signal,
  });
}
