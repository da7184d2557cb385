/**
 * What a booked shipment says about its label, read the same way by every element that buys
 * labels: the API's facts first, the chosen quote's where the answer leaves them out.
 */
import type { BookedShipment, Quote } from '../api/index.js';

export type LabelFormat = 'PDF' | 'ZPL';

/** Errors after which the service may have bought a label although no answer said so. */
export const AMBIGUOUS_CODES: ReadonlySet<string> = new Set([
  'server',
  'network',
  'timeout',
  'invalid_response',
  'unknown',
]);

export function normaliseFormat(value: string | null | undefined): LabelFormat {
  return value?.trim().toUpperCase() === 'ZPL' ? 'ZPL' : 'PDF';
}

/** A string with text in it, else null. */
export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The label of a booked shipment: tracking number, carrier, service, charge, format and document (Base64). */
export interface BookedLabel {
  trackingNumber: string | null;
  carrier: string | null;
  service: string | null;
  charges: { value: number | null; unit: string | null };
  format: LabelFormat;
  content: string | null;
}

export function bookedLabel(booked: BookedShipment, quote: Quote, requested: LabelFormat): BookedLabel {
  return {
    trackingNumber: textOrNull(booked.tracking_number),
    carrier: textOrNull(booked.service_carrier) ?? textOrNull(booked.carrier_id) ?? quote.carrierName,
    service: textOrNull(booked.service_name) ?? quote.serviceName,
    charges: {
      value: booked.total_charge?.value ?? quote.totalCharge,
      unit: booked.total_charge?.unit ?? quote.currency,
    },
    format: normaliseFormat(booked.label_format ?? requested),
    content: textOrNull(booked.label_content),
  };
}
