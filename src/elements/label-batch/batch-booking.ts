/**
 * What buying a batch's labels is, apart from the element: one booking request for a group of
 * orders, and what it came to for each order, read the one way every element reads a booking
 * answer (`src/shipping/booking.ts`): a label, a refusal, or a label that may have been bought.
 */
import type { ClientCore } from '../../api/core.js';
import type { OpsError, OpsErrorCode } from '../../api/errors.js';
import type { Quote, RatesResult } from '../../api/index.js';
import { bookLabels } from '../../shipping/booking.js';
import type { BoughtLabel, LabelFormat } from '../../shipping/label-facts.js';
import type { BatchFailure } from './label-batch.events.js';

export type { BoughtLabel, LabelFormat };

/** What one "Buy labels" books for an order. */
export interface BookingItem {
  orderId: number;
  quote: Quote;
  rates: RatesResult;
}

/** Why an order got no label, with the error's code when the whole request failed. */
export interface BookingFailure extends BatchFailure {
  code?: OpsErrorCode;
}

export type BatchBooking = { label: BoughtLabel } | { failure: BookingFailure };

/**
 * Books `group` in one request and says what it came to for each order. Each shipment names its
 * own rates answer (`remote_shipment_id`); the one request token a request can carry would belong
 * to one order only, so none is sent. Never aborted (see `bookLabels`).
 */
export async function bookGroup(
  api: ClientCore,
  group: readonly BookingItem[],
  format: LabelFormat,
  report: (error: unknown) => OpsError,
): Promise<Map<number, BatchBooking>> {
  const { readings, error } = await bookLabels(
    api,
    group.map((item) => ({ quote: item.quote, remoteShipmentId: item.rates.remoteShipmentId })),
    format,
    report,
  );
  const outcomes = new Map<number, BatchBooking>();
  group.forEach((item, index) => {
    const reading = readings[index] ?? { outcome: 'unclear', errors: [] };
    outcomes.set(
      item.orderId,
      reading.outcome === 'bought'
        ? { label: reading.label }
        : {
            failure: {
              errors: reading.errors,
              quoteExpired: reading.outcome === 'refused' && reading.quoteExpired,
              mayHaveBought: reading.outcome === 'unclear',
              ...(error ? { code: error.code } : {}),
            },
          },
    );
  });
  return outcomes;
}
