/**
 * What a bought label is, as every element that buys labels tells it (events, label storage),
 * and the readings a booking comes to. The booking itself (`booking.ts`) is loaded with `import()`
 * when "Buy" is pressed; these names are all an element needs before that.
 */
import type { Quote } from '../api/index.js';

export type LabelFormat = 'PDF' | 'ZPL';

export function normaliseFormat(value: string | null | undefined): LabelFormat {
  return value?.trim().toUpperCase() === 'ZPL' ? 'ZPL' : 'PDF';
}

/** What a bought label is, as the `label-purchased` and `labels-purchased` events tell it. */
export interface LabelFacts {
  /** Null when the service is not tracked. */
  trackingNumber: string | null;
  format: LabelFormat;
  /** What the label cost, as the API reported it (the quote's price when it did not say). */
  charges: { value: number | null; unit: string | null };
  carrier: string | null;
  service: string | null;
  remoteShipmentId: string | null;
}

/** A bought label with its documents (Base64). */
export interface BoughtLabel extends LabelFacts {
  label: string | null;
  /** The customs invoice of an international shipment, when the answer carries one. */
  invoice: string | null;
}

/** The facts alone, for an event. */
export function labelFacts(label: BoughtLabel): LabelFacts {
  const { trackingNumber, format, charges, carrier, service, remoteShipmentId } = label;
  return { trackingNumber, format, charges, carrier, service, remoteShipmentId };
}

/** One parcel to book: a quote of its rates answer, with the option values chosen for it. */
export interface ShipmentToBook {
  quote: Quote;
  remoteShipmentId: string | null;
  options?: Readonly<Record<string, string | number>>;
}

/** What a booking came to for one shipment. */
export type BookingReading =
  | { outcome: 'bought'; label: BoughtLabel }
  | { outcome: 'refused'; errors: string[]; quoteExpired: boolean }
  | { outcome: 'unclear'; errors: string[] }
  /**
   * Refused before it reached the API, by the API proxy: a label for the order is bought (or being
   * bought) through another device or tab (409 `already_booked`). Nothing was bought by this request.
   */
  | { outcome: 'held'; errors: string[] };
