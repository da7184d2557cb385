import type { ReactiveElement } from 'lit';
import type { ClientCore } from '../../api/core.js';
import type { OpsError } from '../../api/errors.js';
import type { Allocation, Order } from '../../api/index.js';
import { readOrdersAgain, showsShipped } from '../../shipping/order-reread.js';
import { hasFocus, inRow, restoreFocus } from './batch-focus.js';
import type { BatchEntry, BookingLedger } from './batch-model.js';

/**
 * Whether the order, read again after an answer that left the label unclear, shows that label: its
 * status says it shipped, or the allocation booked for has a label now. A label on another of its
 * allocations (bought before) says nothing of this booking; without the allocation, any label does.
 */
export function showsLabelFor(order: Order, allocationId: Allocation['id'] | undefined): boolean {
  const allocation = order.allocations?.find((candidate) => String(candidate.id) === String(allocationId));
  if (allocationId === undefined || !allocation) return showsShipped(order);
  return order.status === 'shipped' || Boolean(allocation.shipment);
}

export interface OrderChecksOptions {
  api: () => ClientCore;
  /** The host's `reportError`: the page hears of an order that could not be read. */
  report: (error: unknown) => OpsError;
  entry: (orderId: number) => BatchEntry | undefined;
  patch: (orderId: number, change: Partial<BatchEntry>) => void;
  /** The host's booking ledger, which "Buy again for …" unlocks an order in. */
  ledger: BookingLedger;
}

/**
 * What follows a purchase: each order bought, and each whose label the answer left unclear, is
 * read again once, so every element showing it learns it shipped. A row whose label may have been
 * bought says what the order now shows, offers "Read … again" when it could not be read, and
 * "Buy again for …", the second confirmation, after which the next "Buy labels" may book it.
 * Either button goes once pressed; focus, when it was in the element, goes to the row's outcome
 * (the order is being read) or to "Buy labels" (which now books the order). Loaded with the rest
 * of what "Buy labels" runs (batch-actions.ts).
 */
export class OrderChecks {
  readonly #host: ReactiveElement;
  readonly #options: OrderChecksOptions;

  constructor(host: ReactiveElement, options: OrderChecksOptions) {
    this.#host = host;
    this.#options = options;
  }

  /**
   * Reads the orders again, once each; an order whose label may have been bought (its row's check
   * is `reading`) learns whether the allocation booked for now shows a label.
   */
  async readAgain(orderIds: readonly number[]): Promise<void> {
    const { api, report, entry, patch } = this.#options;
    const orders = await readOrdersAgain(api(), orderIds, report);
    for (const orderId of orderIds) {
      const row = entry(orderId);
      if (row?.check !== 'reading') continue;
      const order = orders.get(orderId);
      patch(orderId, {
        check: !order ? 'unread' : showsLabelFor(order, row.allocationId) ? 'shipped' : 'clear',
      });
    }
  }

  /** "Read order <number> again", after a check that could not be made. */
  readonly recheck = (orderId: number): void => {
    const hadFocus = hasFocus(this.#host);
    this.#options.patch(orderId, { check: 'reading' });
    void restoreFocus(this.#host, hadFocus, [inRow.outcome(orderId)]);
    void this.readAgain([orderId]);
  };

  /** The second confirmation: the user has checked the order, and it may be booked again. */
  readonly buyAgain = (orderId: number): void => {
    const hadFocus = hasFocus(this.#host);
    this.#options.ledger.confirmRebook(orderId);
    this.#options.patch(orderId, { failure: undefined, check: undefined, held: undefined });
    void restoreFocus(this.#host, hadFocus, ['[part="buy-button"]', inRow.outcome(orderId)]);
  };
}
