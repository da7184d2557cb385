/**
 * What buying a batch's labels is, apart from the element: one booking request for a group of
 * orders (`POST /shipping/api/v1/shipments`), and what it came to for each order: a label, or why
 * there is none.
 */
import type { ClientCore } from '../../api/core.js';
import { bookShipments } from '../../api/endpoints/shipping.js';
import type { OpsError, OpsErrorCode } from '../../api/errors.js';
import type { BookingShipment, Quote, RatesResult } from '../../api/index.js';
import { AMBIGUOUS_CODES, bookedLabel } from '../../shared/booked-label.js';
import type { LabelFormat } from '../../shared/booked-label.js';
import type { BatchFailure, BatchLabel } from './label-batch.events.js';

export type { LabelFormat };

/** What one "Buy labels" books for an order. */
export interface BookingItem {
  orderId: number;
  quote: Quote;
  rates: RatesResult;
}

/** A bought label with its document (Base64). */
export interface BoughtLabel extends BatchLabel {
  content: string | null;
}

/** Why an order got no label, with the error's code when the whole request failed. */
export interface BookingFailure extends BatchFailure {
  code?: OpsErrorCode;
}

export type BookingOutcome = { label: BoughtLabel } | { failure: BookingFailure };

/**
 * Books `group` in one request and says what it came to for each order. Each shipment names its
 * own rates answer (`remote_shipment_id`); the one request token a request can carry would belong
 * to one order only, so none is sent. No abort signal: once sent, a booking is seen through to its
 * answer, or a bought label could go unreported. `report` turns a failure of the whole request
 * into an `OpsError` (and tells the page).
 */
export async function bookGroup(
  api: ClientCore,
  group: readonly BookingItem[],
  format: LabelFormat,
  report: (error: unknown) => OpsError,
): Promise<Map<number, BookingOutcome>> {
  const shipments = group.map((item): BookingShipment => {
    const shipment: BookingShipment = { rate_id: item.quote.rateId ?? '', label_format: format };
    if (item.rates.remoteShipmentId) shipment.remote_shipment_id = item.rates.remoteShipmentId;
    return shipment;
  });
  const outcomes = new Map<number, BookingOutcome>();
  try {
    const result = await bookShipments(api, { labelFormat: format, shipments });
    for (const item of group) {
      const id = item.rates.remoteShipmentId ?? '';
      const booked = result.successful[id];
      const failure = result.failed[id];
      outcomes.set(
        item.orderId,
        booked
          ? {
              label: {
                ...bookedLabel(booked, item.quote, format),
                remoteShipmentId: item.rates.remoteShipmentId,
              },
            }
          : {
              // An answer that does not mention the shipment does not say it was not bought.
              failure: {
                errors: failure?.errors ?? [],
                quoteExpired: failure?.quoteExpired ?? false,
                mayHaveBought: !failure,
              },
            },
      );
    }
  } catch (error) {
    const opsError = report(error);
    const apiMessages = opsError.fromApi ? opsError.messages : [];
    for (const item of group) {
      outcomes.set(item.orderId, {
        failure: {
          errors: apiMessages.length ? apiMessages : [opsError.message],
          quoteExpired: opsError.code === 'quote_expired',
          mayHaveBought: AMBIGUOUS_CODES.has(opsError.code),
          code: opsError.code,
        },
      });
    }
  }
  return outcomes;
}
