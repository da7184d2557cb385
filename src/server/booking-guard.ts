/**
 * One label per order, across devices and proxy instances: what the proxy reads of the requests
 * and answers it passes on to hold it. Each quote is tied, through the rates request it answered,
 * to what it ships (the order and, when the request names them, the line items); a booking claims
 * those in the store (`BookingGuardStore`, beside the rate limit) before it goes upstream, and is
 * refused with `409 already_booked` while another booking holds them.
 */
import { createHash } from 'node:crypto';
import { isRecord } from '../api/error-body.js';
import { jsonResponse } from './http.js';
import type { BookingTarget, OrderClaim, SettledClaim } from './rate-limit.js';
import { bookingOutcomes, idText, type BookableQuotes, type BookedRate } from './spend-limits.js';

/** The request header of a second label the user confirmed: the order number. Never sent upstream. */
export const SECOND_LABEL_HEADER = 'x-ops-second-label';

/** How long a label bought (or one whose outcome was never heard) holds its order. */
export const DEFAULT_BOOKING_RETENTION_MS = 24 * 60 * 60 * 1000;

/** The store's name for an account (`bookingScope`): a digest, so the store holds no raw name. */
export function scopeKey(scope: string): string {
  return createHash('sha256').update(`booking-scope:${scope}`).digest('hex');
}

/**
 * What the quotes of a rates request ship: the order its `customer_reference` names, and the line
 * items of its `channel_items` (null when it lists none, or an item without a `remote_id`: the
 * quote may then ship any of the order's items). Null without a `customer_reference`: such a
 * request ties nothing.
 */
export function targetOfRatesRequest(body: unknown): BookingTarget | null {
  if (!isRecord(body)) return null;
  const orderNumber = idText(body['customer_reference'])?.trim();
  if (!orderNumber) return null;
  const listed = body['channel_items'];
  if (!Array.isArray(listed) || listed.length === 0) return { orderNumber, items: null };
  const items = new Set<string>();
  for (const item of listed) {
    const id = isRecord(item) ? idText(item['remote_id'])?.trim() : undefined;
    if (!id) return { orderNumber, items: null };
    items.add(id);
  }
  return { orderNumber, items: [...items].sort() };
}

/** The store ids a rates answer's quotes are tied under: each rate id, and the answer's parcel. */
export function tieIds(bookable: BookableQuotes): string[] {
  return [
    ...bookable.rateIds.map((rateId) => `rate:${rateId}`),
    ...(bookable.remoteShipmentId ? [`shipment:${bookable.remoteShipmentId}`] : []),
  ];
}

/**
 * The shipments of a `POST /shipping/api/v1/shipments` body as the guard reads them: the rate id
 * and `remote_shipment_id` each names (null where it names none). Empty when the body lists no
 * shipments (the API refuses such a booking).
 */
export function shipmentsToGuard(body: unknown): BookedRate[] {
  if (!isRecord(body) || !Array.isArray(body['shipments'])) return [];
  return body['shipments'].map((shipment: unknown) => ({
    rateId: (isRecord(shipment) ? idText(shipment['rate_id']) : null) ?? '',
    remoteShipmentId: isRecord(shipment) ? idText(shipment['remote_shipment_id']) : null,
  }));
}

/** The store ids to look a shipment's target up by, best first: its rate, then its parcel. */
export function lookupIds(shipment: BookedRate): string[] {
  return [
    ...(shipment.rateId ? [`rate:${shipment.rateId}`] : []),
    ...(shipment.remoteShipmentId ? [`shipment:${shipment.remoteShipmentId}`] : []),
  ];
}

/**
 * What `POST /shipments` ships: the order its `reference` names, as a whole (its `contents` name
 * no line items). Null without a reference.
 */
export function targetOfShipment(body: unknown): BookingTarget | null {
  const orderNumber = isRecord(body) ? idText(body['reference'])?.trim() : undefined;
  return orderNumber ? { orderNumber, items: null } : null;
}

/** The order number a second label was confirmed for, from the request's header (trimmed). */
export function secondLabelOf(request: Request): string | null {
  return request.headers.get(SECOND_LABEL_HEADER)?.trim() || null;
}

/** What a shipment holds of its order: its line items, or `*` for the whole order. */
function fieldsOf(target: BookingTarget): readonly (string | null)[] {
  return target.items ?? [null];
}

/**
 * The claims of a booking, one per order with the line items of all its shipments (the whole
 * order when one of them ships it whole), and what each shipment holds of them; or the order it
 * would label twice, when two of its shipments ship the same items of one order (or one of them
 * the whole order), unless that order has a second label.
 */
export function claimsOf(
  targets: readonly (BookingTarget | null)[],
  secondLabel: string | null,
): { claims: OrderClaim[]; held: (BookingTarget | null)[] } | { twice: string } {
  const orders = new Map<string, Set<string | null>>();
  for (const target of targets) {
    if (!target) continue;
    const held = orders.get(target.orderNumber) ?? new Set<string | null>();
    const fields = fieldsOf(target);
    const overlaps =
      held.has(null) || (held.size > 0 && target.items === null) || fields.some((field) => held.has(field));
    if (overlaps && target.orderNumber !== secondLabel) return { twice: target.orderNumber };
    for (const field of fields) held.add(field);
    orders.set(target.orderNumber, held);
  }
  const claims = [...orders].map(([orderNumber, fields]) => ({
    orderNumber,
    items: fields.has(null) ? null : [...fields].filter((field) => field !== null).sort(),
    secondLabel: orderNumber === secondLabel,
  }));
  const whole = new Set(claims.filter((claim) => claim.items === null).map((claim) => claim.orderNumber));
  return {
    claims,
    held: targets.map((target) =>
      target && whole.has(target.orderNumber) ? { orderNumber: target.orderNumber, items: null } : target,
    ),
  };
}

/** What became of each shipment of a booking, from the API's answer. */
export type ShipmentOutcome = 'booked' | 'freed' | 'unclear';

/**
 * Each shipment's outcome: a 4xx answer bought nothing (all freed); a 2xx answer bought what it
 * lists under `successful` and not what it lists under `failed`, and `POST /shipments` with a 2xx
 * bought its one label. Anything else (a 5xx, a shipment in neither list, an answer that could not
 * be read, a timeout) may have bought the label: unclear, and the claim stays.
 */
export function outcomesOf(
  status: number,
  answer: unknown,
  shipments: readonly BookedRate[],
  byServiceCode: boolean,
): ShipmentOutcome[] {
  if (status >= 400 && status < 500) return shipments.map(() => 'freed');
  if (status < 200 || status >= 300) return shipments.map(() => 'unclear');
  if (byServiceCode) return shipments.map(() => 'booked');
  const { booked, failed } = bookingOutcomes(
    answer,
    shipments,
    shipments.map(() => null),
  );
  return shipments.map((_, position) =>
    booked.includes(position) ? 'booked' : failed.includes(position) ? 'freed' : 'unclear',
  );
}

/**
 * What to tell the store once the API answered, from what each shipment holds (`claimsOf`): per
 * order, the items bought and the items not bought. An item two shipments hold (a second label)
 * is bought if either bought it, and stays claimed if either may have; unclear items are left as
 * they are.
 */
export function settledParts(
  held: readonly (BookingTarget | null)[],
  outcomes: readonly ShipmentOutcome[],
): SettledClaim[] {
  const rank: Record<ShipmentOutcome, number> = { freed: 0, unclear: 1, booked: 2 };
  const byField = new Map<string, Map<string | null, ShipmentOutcome>>();
  held.forEach((target, position) => {
    const outcome = outcomes[position] ?? 'unclear';
    if (!target) return;
    const fields = byField.get(target.orderNumber) ?? new Map<string | null, ShipmentOutcome>();
    for (const field of fieldsOf(target)) {
      const before = fields.get(field);
      if (before === undefined || rank[outcome] > rank[before]) fields.set(field, outcome);
    }
    byField.set(target.orderNumber, fields);
  });
  const parts: SettledClaim[] = [];
  for (const [orderNumber, fields] of byField) {
    for (const outcome of ['booked', 'freed'] as const) {
      const chosen = [...fields].filter(([, value]) => value === outcome).map(([field]) => field);
      if (chosen.includes(null)) parts.push({ orderNumber, items: null, outcome });
      const items = chosen.filter((field): field is string => field !== null);
      if (items.length > 0) parts.push({ orderNumber, items, outcome });
    }
  }
  return parts;
}

/** `14:02 UTC`, with the day when it is not today's (UTC). */
function clockTime(at: number, now: number): string {
  const iso = new Date(at).toISOString();
  const day = iso.slice(0, 10);
  return `${iso.slice(11, 16)} UTC${day === new Date(now).toISOString().slice(0, 10) ? '' : ` on ${day}`}`;
}

/**
 * The `409` of a booking refused because its order already has a label, or one being bought:
 * `{ error: 'already_booked', message, orderNumber, bookedAt }`, `bookedAt` the ISO time the
 * label in the way was claimed.
 */
export function alreadyBooked(
  orderNumber: string,
  state: 'booking' | 'booked' | 'twice',
  at: number,
  now: number,
): Response {
  const when = clockTime(at, now);
  const message =
    state === 'booked'
      ? `A label for ${orderNumber} was already bought at ${when}. Buy another only if the order really ships twice, and confirm that second label.`
      : state === 'booking'
        ? `A label for ${orderNumber} is already being bought (since ${when}), or was bought without an answer arriving. Check the order before buying another; if it really ships twice, confirm a second label.`
        : `This purchase would buy two labels for ${orderNumber}: two of its shipments ship the same items of the order. Buy one label per order, or confirm a second label for ${orderNumber}.`;
  return jsonResponse(409, {
    error: 'already_booked',
    message,
    orderNumber,
    bookedAt: new Date(at).toISOString(),
  });
}
