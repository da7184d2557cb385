/**
 * Shapes some live accounts answer in (DESIGN, "What the real API does beyond the spec"): ids as
 * numeric strings, tracking numbers and carriers spelled as objects, shipments nested once more,
 * quotes that all carry their parcel's `remote_shipment_id`, lists without their page count. Off by
 * default; on, every JSON answer of the API is rewritten on its way out, so each route stays plain.
 */
import { carrierOfTrackingNumber } from './shipping/tracking-numbers.js';
import type { SandboxQuirks, SandboxState } from './state.js';
import type { Json, JsonObject } from './types.js';

export const NO_QUIRKS: SandboxQuirks = {
  stringIds: false,
  trackingNumberObjects: false,
  trackingNumberValues: false,
  carrierVariants: false,
  nestedShipments: false,
  sharedRemoteShipmentId: false,
  noTotalPagesCount: false,
};

/** The page count of a classic list, which `noTotalPagesCount` leaves out. */
const TOTAL_PAGES_HEADER = 'X-Total-Pages-Count';

export const QUIRK_NAMES = Object.keys(NO_QUIRKS) as (keyof SandboxQuirks)[];

export function anyQuirk(quirks: SandboxQuirks): boolean {
  return QUIRK_NAMES.some((name) => quirks[name]);
}

/** Reads `{ stringIds?, trackingNumberObjects?, … }` onto `current`; an error message when invalid. */
export function mergeQuirks(current: SandboxQuirks, value: unknown): SandboxQuirks | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'quirks must be an object such as { "stringIds": true }';
  }
  const merged = { ...current };
  for (const [key, flag] of Object.entries(value)) {
    if (!(QUIRK_NAMES as string[]).includes(key))
      return `Unknown quirk ${key}; use ${QUIRK_NAMES.join(', ')}`;
    if (typeof flag !== 'boolean') return `quirks.${key} must be true or false`;
    merged[key as keyof SandboxQuirks] = flag;
  }
  return merged;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where a shipment record appears: a booking's `successful`, a `POST /shipments` answer, an order. */
type ShipmentKind = 'booked' | 'created' | 'order';

/** Members that stay outside the nested `shipment` (`nestedShipments`). */
const OUTER_MEMBERS: Record<ShipmentKind, readonly string[]> = {
  booked: ['label_format', 'label_content', 'commercial_invoice_content'],
  created: ['label', 'commercial_invoice_label'],
  order: ['id', 'created_at', 'allocation_id', 'order_id'],
};

function shipment(record: JsonObject, kind: ShipmentKind, quirks: SandboxQuirks): JsonObject {
  const out: JsonObject = { ...record };
  const tracking = typeof out.tracking_number === 'string' ? out.tracking_number : null;
  const carrier = isObject(out.carrier) ? out.carrier.name : out.carrier;
  const name =
    (tracking ? carrierOfTrackingNumber(tracking) : undefined) ??
    (typeof carrier === 'string' ? carrier : null);
  if (quirks.carrierVariants && name !== null) {
    out.carrier = kind === 'booked' ? { id: out.carrier_id ?? null, name } : name;
  }
  if (tracking && quirks.trackingNumberValues && (!quirks.trackingNumberObjects || kind !== 'order')) {
    out.tracking_number = { value: tracking, carrier: name };
  }
  if (!quirks.nestedShipments) return out;
  const outer: JsonObject = {};
  const inner: JsonObject = {};
  for (const [key, member] of Object.entries(out)) {
    (OUTER_MEMBERS[kind].includes(key) ? outer : inner)[key] = member;
  }
  return { ...outer, shipment: inner };
}

/** The answer with its shipment records and quotes reshaped by the quirks that concern them. */
function reshaped(body: Json, quirks: SandboxQuirks, state: SandboxState): Json {
  if (!isObject(body)) return Array.isArray(body) ? body.map((item) => inOrders(item, quirks)) : body;
  if (isObject(body.successful)) {
    const successful: JsonObject = {};
    for (const [key, entry] of Object.entries(body.successful)) {
      if (!isObject(entry)) {
        successful[key] = entry;
        continue;
      }
      const bookedRateId = state.rateRequests.get(key)?.bookedRateId;
      const named =
        quirks.sharedRemoteShipmentId && bookedRateId !== undefined
          ? { ...entry, rate_id: bookedRateId }
          : entry;
      successful[key] = shipment(named, 'booked', quirks);
    }
    return { ...body, successful };
  }
  if (typeof body.label === 'string' && 'tracking_number' in body) return shipment(body, 'created', quirks);
  if (quirks.sharedRemoteShipmentId && Array.isArray(body.quotes) && body.remote_shipment_id != null) {
    const parcel = body.remote_shipment_id;
    return {
      ...body,
      quotes: body.quotes.map((quote) =>
        isObject(quote) ? { ...quote, remote_shipment_id: parcel } : quote,
      ),
    };
  }
  return inOrders(body, quirks);
}

/** Every allocation's `shipment` in `value` (an order, a list of orders), reshaped. */
function inOrders(value: Json, quirks: SandboxQuirks): Json {
  if (Array.isArray(value)) return value.map((item) => inOrders(item, quirks));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, member] of Object.entries(value)) {
    out[key] =
      key === 'shipment' && isObject(member) && 'tracking_number' in member
        ? shipment(member, 'order', quirks)
        : inOrders(member, quirks);
  }
  return out;
}

/**
 * A JSON:API list (the listings) without the `total_pages` of its `meta.page`, which
 * `noTotalPagesCount` leaves out as it does the classic lists' header; any other answer as it is.
 */
function withoutPageCount(body: Json): Json {
  if (!isObject(body) || !isObject(body.meta) || !isObject(body.meta.page)) return body;
  const { total_pages: _dropped, ...page } = body.meta.page;
  return { ...body, meta: { ...body.meta, page } };
}

function rewrite(value: Json, quirks: SandboxQuirks, state: SandboxState): Json {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, quirks, state));
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: Json } = {};
  for (const [key, member] of Object.entries(value)) {
    if (quirks.trackingNumberObjects && key === 'tracking_number' && typeof member === 'string') {
      const id = state.trackingNumberId(member);
      out[key] = { id: quirks.stringIds ? String(id) : id, tracking_number: member };
    } else if (
      quirks.stringIds &&
      (key === 'id' || key.endsWith('_id')) &&
      typeof member === 'number' &&
      Number.isInteger(member)
    ) {
      out[key] = String(member);
    } else {
      out[key] = rewrite(member, quirks, state);
    }
  }
  return out;
}

/** The answer with the quirks applied to its JSON body; anything else passes unchanged. */
export async function withQuirks(
  response: Response,
  quirks: SandboxQuirks,
  state: SandboxState,
): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!anyQuirk(quirks) || !/\bjson\b|\+json/.test(type)) return response;
  const headers = new Headers(response.headers);
  if (quirks.noTotalPagesCount) headers.delete(TOTAL_PAGES_HEADER);
  const text = await response.text();
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    return new Response(text, { status: response.status, headers });
  }
  const rewritten = rewrite(reshaped(body, quirks, state), quirks, state);
  return new Response(JSON.stringify(quirks.noTotalPagesCount ? withoutPageCount(rewritten) : rewritten), {
    status: response.status,
    headers,
  });
}
