/**
 * Spend limits (`authorize`'s `limits`): what the proxy reads from the rates answers it passes on
 * and from the bookings it forwards. The counting itself lives in the rate-limit store
 * (`SpendStore`), per identity per UTC day.
 */
import { isRecord } from '../api/error-body.js';
import { normaliseBooking } from '../api/booking-answer.js';
import { normaliseQuote } from '../api/quotes.js';
import { BookingResponseSchema } from '../api/schemas/booking.js';
import { RawQuoteSchema } from '../api/schemas/shipping.js';
import type { SpendLimits } from './identity.js';
import { slices } from './slices.js';
import type { DailySpend, KnownQuote } from './rate-limit.js';

/** Amounts are kept in thousandths of the currency's unit, so sums stay exact. */
export const AMOUNT_SCALE = 1000;

/** How long a quote is kept when its rates answer gives no usable `expires_at`, in ms. */
const DEFAULT_QUOTE_TTL_MS = 60 * 60 * 1000;
/** The longest a quote is kept, whatever its `expires_at` says. */
const MAX_QUOTE_TTL_MS = 24 * 60 * 60 * 1000;
/** A day is kept this long after it ends, so a late give-back still finds it. */
const DAY_GRACE_MS = 60 * 60 * 1000;

export function hasMoneyLimit(limits: SpendLimits): boolean {
  return limits.maxLabelCharge !== undefined || limits.maxDailySpend !== undefined;
}

export function hasAnyLimit(limits: SpendLimits): boolean {
  return hasMoneyLimit(limits) || limits.labelsPerDay !== undefined;
}

/** The UTC day of `now` (`YYYY-MM-DD`) and how long its counts are kept. */
export function utcDay(now: number): { day: string; ttlMs: number } {
  const date = new Date(now);
  const end = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
  return { day: date.toISOString().slice(0, 10), ttlMs: end - now + DAY_GRACE_MS };
}

export function toUnits(amount: number): number {
  return Math.round(amount * AMOUNT_SCALE);
}

export function fromUnits(units: number): number {
  return units / AMOUNT_SCALE;
}

/** A JSON id as text: a non-empty string, or a finite number written out; else null. */
export function idText(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Every quote of a rates answer that can be booked: its rate id, the answer's parcel, and until when. */
export interface BookableQuotes {
  rateIds: string[];
  /** The answer's `remote_shipment_id` (every quote of the answer ships that parcel). */
  remoteShipmentId: string | null;
  /** How long the latest of them stays bookable. */
  ttlMs: number;
}

/**
 * The quotes of a rates answer with their charges, read as the client reads them
 * (`normaliseQuote`, either naming), and how long to keep them: until the quote's own
 * `expires_at`, else the answer's. A quote the client could not read, or without an id or a
 * charge, is left out (its booking is then refused as never quoted). `bookable` lists every quote
 * with an id that has not expired, charge or not (the booking guard ties each to its order). Read
 * in slices of a few milliseconds, so a large answer does not hold up other requests.
 */
export async function quotesOfRatesAnswer(
  body: unknown,
  now: number,
): Promise<{ quotes: (KnownQuote & { rateId: string })[]; ttlMs: number; bookable: BookableQuotes }> {
  const bookable: BookableQuotes = { rateIds: [], remoteShipmentId: null, ttlMs: 0 };
  if (!isRecord(body) || !Array.isArray(body['quotes'])) return { quotes: [], ttlMs: 0, bookable };
  bookable.remoteShipmentId = idText(body['remote_shipment_id']);
  const ttlOf = (expiresAt: unknown): number | null => {
    const time = typeof expiresAt === 'string' ? Date.parse(expiresAt) : NaN;
    return Number.isNaN(time) ? null : Math.min(MAX_QUOTE_TTL_MS, time - now);
  };
  const answerTtl = ttlOf(body['expires_at']) ?? DEFAULT_QUOTE_TTL_MS;
  let ttlMs = 0;
  const quotes: (KnownQuote & { rateId: string })[] = [];
  const clock = slices();
  for (const raw of body['quotes']) {
    await clock.pause();
    const read = RawQuoteSchema.safeParse(raw);
    if (!read.success) continue;
    const { rateId, totalCharge, currency } = normaliseQuote(read.data);
    // A quote's own expiry is not part of the client's quote: the client follows the answer's.
    const quoteTtl = ttlOf(isRecord(raw) ? raw['expires_at'] : undefined) ?? answerTtl;
    if (!rateId || quoteTtl <= 0) continue;
    bookable.rateIds.push(rateId);
    bookable.ttlMs = Math.max(bookable.ttlMs, quoteTtl);
    if (totalCharge === null || totalCharge < 0) continue;
    quotes.push({ rateId, charge: toUnits(totalCharge), currency: (currency ?? '').toUpperCase() });
    ttlMs = Math.max(ttlMs, quoteTtl);
  }
  return { quotes, ttlMs, bookable };
}

/** One shipment of a booking request, as far as limits need it. */
export interface BookedRate {
  rateId: string;
  remoteShipmentId: string | null;
  /**
   * The shipment adds options the carrier charges for on top of the quote (`liability_amount`,
   * `value_added_service__*`): its price is not known before it is booked.
   */
  pricedOptions?: boolean;
}

/** Booking keys the carrier charges for on top of the quoted price. */
function hasPricedOptions(shipment: Record<string, unknown>): boolean {
  return Object.entries(shipment).some(
    ([key, value]) =>
      (key === 'liability_amount' && value !== null && value !== undefined && value !== 0 && value !== '') ||
      (key.startsWith('value_added_service__') && value !== null && value !== undefined && value !== ''),
  );
}

/**
 * The shipments of a `POST /shipping/api/v1/shipments` body, or null when it is not a non-empty
 * list of shipments that each name a `rate_id` (such a booking cannot be counted).
 */
export function shipmentsOfBooking(body: unknown): BookedRate[] | null {
  if (!isRecord(body) || !Array.isArray(body['shipments']) || body['shipments'].length === 0) return null;
  const shipments: BookedRate[] = [];
  for (const shipment of body['shipments']) {
    if (!isRecord(shipment)) return null;
    const rateId = idText(shipment['rate_id']);
    if (rateId === null) return null;
    shipments.push({
      rateId,
      remoteShipmentId: idText(shipment['remote_shipment_id']),
      pricedOptions: hasPricedOptions(shipment),
    });
  }
  return shipments;
}

/** What the shipments at these positions add to a day. */
export function spendOf(charges: readonly (KnownQuote | null)[], positions: Iterable<number>): DailySpend {
  const spend: DailySpend = { labels: 0, amounts: {} };
  for (const position of positions) {
    spend.labels += 1;
    const charge = charges[position];
    if (charge) spend.amounts[charge.currency] = (spend.amounts[charge.currency] ?? 0) + charge.charge;
  }
  return spend;
}

/**
 * The positions of the shipments a 2xx booking answer lists under `failed`, read as the client
 * reads a booking answer (`normaliseBooking`): an entry names its shipment by its rate id, else,
 * when its key (the `remote_shipment_id`) is shared by several shipments, the cheapest of them
 * not yet given back is. An entry that names no shipment of the request gives nothing back (the
 * label may have been bought), nor does an answer the client could not read.
 */
export function failedPositions(
  answer: unknown,
  shipments: readonly BookedRate[],
  charges: readonly (KnownQuote | null)[],
): number[] {
  return bookingOutcomes(answer, shipments, charges).failed;
}

/**
 * What a 2xx booking answer says of each shipment, read once: `failed` as `failedPositions`
 * reads it, and `booked`, the positions of the shipments an entry under `successful` names by
 * its rate id (the answer's, or the one shipment its key names). A shipment in neither list may
 * or may not have been bought; so may every shipment of an answer the client could not read.
 */
export function bookingOutcomes(
  answer: unknown,
  shipments: readonly BookedRate[],
  charges: readonly (KnownQuote | null)[],
): { booked: number[]; failed: number[] } {
  const read = BookingResponseSchema.safeParse(answer);
  if (!read.success) return { booked: [], failed: [] };
  const { successful, failed } = normaliseBooking(
    read.data,
    shipments.map((shipment) => ({
      rate_id: shipment.rateId,
      remote_shipment_id: shipment.remoteShipmentId ?? undefined,
    })),
  );
  const given = new Set<number>();
  for (const [key, failure] of Object.entries(failed)) {
    const fits = (shipment: BookedRate): boolean =>
      failure.rateId !== null
        ? shipment.rateId === failure.rateId
        : shipment.rateId === key || shipment.remoteShipmentId === key;
    const candidates = shipments.flatMap((shipment, position) =>
      !given.has(position) && fits(shipment) ? [position] : [],
    );
    const cheapest = candidates.sort((a, b) => (charges[a]?.charge ?? 0) - (charges[b]?.charge ?? 0))[0];
    if (cheapest !== undefined) given.add(cheapest);
  }
  const booked = new Set<number>();
  for (const entry of Object.values(successful)) {
    const position = shipments.findIndex(
      (shipment, index) => !booked.has(index) && shipment.rateId === entry.rate_id,
    );
    if (position !== -1) booked.add(position);
  }
  return { booked: [...booked], failed: [...given].filter((position) => !booked.has(position)) };
}

/** The day's spend as `GET <basePath>/session` reports it (see `SpentToday`). */
export interface SpentToday {
  labels: number;
  /** The amount spent today, in `currency`; with several currencies, the largest of them. */
  amount: number;
  currency: string | null;
  /** Every currency spent in today, when there are several or one. */
  amounts: Record<string, number>;
}

export function spentTodayOf(spend: DailySpend): SpentToday {
  const amounts: Record<string, number> = {};
  let amount = 0;
  let currency: string | null = null;
  for (const [name, units] of Object.entries(spend.amounts)) {
    if (units <= 0) continue;
    amounts[name] = fromUnits(units);
    if (amounts[name] > amount) {
      amount = amounts[name];
      currency = name === '' ? null : name;
    }
  }
  return { labels: spend.labels, amount, currency, amounts };
}
