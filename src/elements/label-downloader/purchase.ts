/**
 * What buying a label is, apart from the element that offers it: the booking of chosen quotes
 * (`POST /shipping/api/v1/bookings`) or a shipment by service code (`POST /shipments`), and the
 * outcome each comes to, shipment by shipment.
 */
import type { ClientCore } from '../../api/core.js';
import { bookShipments, createShipment } from '../../api/endpoints/shipping.js';
import type { OpsError } from '../../api/errors.js';
import type { BookedShipment, BookingShipment, ShipmentCreated } from '../../api/index.js';
import { bookedLabel, textOrNull } from '../../shared/booked-label.js';
import type { LabelFormat } from '../../shared/booked-label.js';
import { carrierLabel, serviceLabel } from '../../shared/quote-view.js';
import type { RateSelectedDetail } from '../rate-picker/rate-picker.events.js';
import { shipmentInputFrom } from './shipment-input.js';

/** A label that was bought, with its documents (Base64). */
export interface PurchasedLabel {
  key: string;
  remoteShipmentId: string | null;
  trackingNumber: string | null;
  carrier: string | null;
  service: string | null;
  charges: { value: number | null; unit: string | null };
  format: LabelFormat;
  label: string | null;
  invoice: string | null;
}

export interface FailedShipment {
  key: string;
  what: string;
  errors: string[];
  quoteExpired: boolean;
}

/** What the last purchase attempt came to. */
export interface Outcome {
  purchased: PurchasedLabel[];
  failed: FailedShipment[];
  error?: OpsError;
}

/** Identifies one shipment to buy: a label per rates request, whichever of its quotes is chosen. */
export function shipmentKey(selection: RateSelectedDetail): string {
  return selection.remoteShipmentId ?? selection.requestToken ?? selection.quote.rateId ?? '';
}

/** Only option keys the quote offers, and select values from its list, go into a booking. */
export function bookingOptions(selection: RateSelectedDetail): Record<string, string | number> {
  const options: Record<string, string | number> = {};
  for (const option of selection.quote.serviceOptions) {
    const value = selection.options[option.key];
    if (value === undefined || value === '') continue;
    if (option.type === 'select' && !option.values.some((choice) => choice.value === value)) continue;
    if (option.type === 'number') {
      const amount = typeof value === 'number' ? value : Number(value);
      if (Number.isFinite(amount)) options[option.key] = amount;
      continue;
    }
    options[option.key] = value;
  }
  return options;
}

/** Books the chosen quotes in one request; each shipment comes back bought or refused. */
export async function bookQuotes(
  api: ClientCore,
  selections: RateSelectedDetail[],
  labelFormat: LabelFormat,
): Promise<Outcome> {
  const shipments = selections.map((selection): BookingShipment => {
    const shipment: BookingShipment = {
      ...bookingOptions(selection),
      rate_id: selection.quote.rateId ?? '',
      label_format: labelFormat,
    };
    if (selection.remoteShipmentId) shipment.remote_shipment_id = selection.remoteShipmentId;
    return shipment;
  });
  const result = await bookShipments(api, {
    labelFormat,
    requestToken: selections.find((selection) => selection.requestToken)?.requestToken ?? null,
    shipments,
  });
  const outcome: Outcome = { purchased: [], failed: [] };
  for (const selection of selections) {
    const id = selection.remoteShipmentId ?? '';
    const booked: BookedShipment | undefined = result.successful[id];
    const failure = result.failed[id];
    if (booked) {
      const { content, ...facts } = bookedLabel(booked, selection.quote, labelFormat);
      outcome.purchased.push({
        ...facts,
        key: shipmentKey(selection),
        remoteShipmentId: selection.remoteShipmentId,
        label: content,
        // The sandbox (and some accounts) send the customs invoice with the booked shipment.
        invoice: textOrNull((booked as Record<string, unknown>)['commercial_invoice_content']),
      });
    } else {
      outcome.failed.push({
        key: shipmentKey(selection),
        what: `${carrierLabel(selection.quote)} ${serviceLabel(selection.quote)}`,
        errors: failure?.errors ?? [],
        quoteExpired: failure?.quoteExpired ?? false,
      });
    }
  }
  return outcome;
}

/** Buys the label through `POST /shipments` with the service code instead of a quote. */
export async function createLabel(
  api: ClientCore,
  selection: RateSelectedDetail,
  serviceCode: string,
): Promise<Outcome> {
  const created: ShipmentCreated = await createShipment(
    api,
    shipmentInputFrom(selection.request, serviceCode),
  );
  const quote = selection.quote.serviceId === serviceCode ? selection.quote : undefined;
  return {
    purchased: [
      {
        key: shipmentKey(selection),
        remoteShipmentId: selection.remoteShipmentId,
        trackingNumber: created.tracking_number,
        carrier: quote ? quote.carrierName : null,
        service: quote?.serviceName ?? serviceCode,
        charges: { value: null, unit: null },
        format: 'PDF',
        label: created.label,
        invoice: created.commercial_invoice_label,
      },
    ],
    failed: [],
  };
}
