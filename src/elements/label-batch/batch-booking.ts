/**
 * What buying a batch's labels is, apart from the element: the orders booked a group at a time,
 * one booking request per group, and what each request came to for each of its orders, read the
 * one way every element reads a booking answer (`src/shipping/booking.ts`): a label, a refusal,
 * or a label that may have been bought. Loaded with the rest of what "Buy labels" runs
 * (batch-purchase.ts).
 */
import type { ClientCore } from '../../api/core.js';
import type { OpsError, OpsErrorCode } from '../../api/errors.js';
import type { Quote, RatesResult } from '../../api/index.js';
import { bookLabels } from '../../shipping/booking.js';
import { settleBookings } from '../../shipping/booking-intents.js';
import { targetOf } from '../../shipping/one-label.js';
import { labelFacts } from '../../shipping/label-facts.js';
import type { BoughtLabel, LabelFormat } from '../../shipping/label-facts.js';
import type { BatchFailure, LabelsPurchasedDetail } from './label-batch.events.js';

export type { BoughtLabel, LabelFormat };

/**
 * Shipments per booking request. The spec allows several shipments in one request and names no
 * maximum, but a request carries one request token and one answer: a few requests of ten keep
 * an answer small and a failed request from touching the whole batch.
 */
export const SHIPMENTS_PER_BOOKING = 10;

/** What one "Buy labels" books for an order. */
export interface BookingItem {
  orderId: number;
  quote: Quote;
  rates: RatesResult;
  /** The order's number: the API proxy's second-label header names it. */
  number?: string;
  /** The allocation the label ships, as the check before booking and its intent name it. */
  allocationId?: string | number;
  /** The user confirmed a second label for the order: it is booked in a request of its own that says so. */
  second?: boolean;
}

/**
 * Why an order got no label, with the error's code when the whole request failed; `elsewhere`
 * when the API proxy refused it because a label for the order is bought or being bought through
 * another device (409 `already_booked`: nothing reached the API).
 */
export interface BookingFailure extends BatchFailure {
  code?: OpsErrorCode;
  elsewhere?: boolean;
}

export type BatchBooking = { label: BoughtLabel } | { failure: BookingFailure };

/** `items` in groups of at most `size`, in order. */
export function inGroups<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}

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
  const second = group.length === 1 && group[0]?.second ? (group[0].number ?? null) : null;
  const { readings, error } = await bookLabels(
    api,
    group.map((item) => ({ quote: item.quote, remoteShipmentId: item.rates.remoteShipmentId })),
    format,
    report,
    null,
    second,
  );
  // The API proxy refused the whole request for one order booked elsewhere, and nothing reached
  // the API: each order goes again alone, so only that one is held.
  if (group.length > 1 && readings.every((reading) => reading.outcome === 'held')) {
    const outcomes = new Map<number, BatchBooking>();
    for (const item of group) {
      for (const [orderId, outcome] of await bookGroup(api, [item], format, report))
        outcomes.set(orderId, outcome);
    }
    return outcomes;
  }
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
              // A label bought elsewhere locks the order as an unclear answer does.
              mayHaveBought: reading.outcome === 'unclear' || reading.outcome === 'held',
              ...(reading.outcome === 'held' ? { elsewhere: true } : error ? { code: error.code } : {}),
            },
          },
    );
  });
  return outcomes;
}

/** What booking a batch tells the element as each group is answered. */
export interface BookAllHooks {
  report: (error: unknown) => OpsError;
  /** The item's label was bought. */
  booked: (item: BookingItem, label: BoughtLabel) => void;
  /** The item got no label (or may have got one: `failure.mayHaveBought`). */
  failed: (item: BookingItem, failure: BookingFailure) => void;
  /** How many of the items have their answer. */
  progress: (done: number, total: number) => void;
}

/**
 * Books `items` in groups of `SHIPMENTS_PER_BOOKING`, one group after another, and says what was
 * bought and what was not, keyed by order id, with how many items were answered. Every item ends
 * booked or failed; nothing is aborted (see `bookGroup`).
 */
export async function bookAll(
  api: ClientCore,
  items: readonly BookingItem[],
  format: LabelFormat,
  hooks: BookAllHooks,
): Promise<LabelsPurchasedDetail & { done: number }> {
  const successful: LabelsPurchasedDetail['successful'] = {};
  const failed: LabelsPurchasedDetail['failed'] = {};
  let done = 0;
  // An order with the user's second confirmation goes alone: the request says so for that order.
  const groups = [
    ...inGroups(
      items.filter((item) => !item.second),
      SHIPMENTS_PER_BOOKING,
    ),
    ...items.filter((item) => item.second).map((item) => [item]),
  ];
  for (const group of groups) {
    const outcomes = await bookGroup(api, group, format, hooks.report);
    for (const [orderId, outcome] of outcomes) {
      const item = group.find((candidate) => candidate.orderId === orderId);
      if (!item) continue;
      if ('label' in outcome) {
        successful[orderId] = labelFacts(outcome.label);
        hooks.booked(item, outcome.label);
      } else {
        const { code: _code, elsewhere: _elsewhere, ...detail } = outcome.failure;
        failed[orderId] = detail;
        hooks.failed(item, outcome.failure);
      }
    }
    // Each order's intent goes, or stays as `unclear` while its label may have been bought.
    await settleBookings(
      api,
      group.map((item) => {
        const outcome = outcomes.get(item.orderId);
        const unclear =
          outcome && 'failure' in outcome && outcome.failure.mayHaveBought && !outcome.failure.elsewhere;
        return {
          orderId: item.orderId,
          target: targetOf({ allocationId: item.allocationId == null ? null : String(item.allocationId) }),
          outcome: !outcome || unclear ? 'unclear' : 'done',
        };
      }),
    );
    done += group.length;
    hooks.progress(done, items.length);
  }
  return { successful, failed, done };
}
