/**
 * The label batch without the UI: which orders, what each order's row holds, and the booking state
 * of each order. Pure functions and one small state machine, so the element stays about rendering.
 * Which quote each row gets by the "Choose by" rule, and totals per currency, are what rates come
 * to (batch-rates.model.ts).
 */
import type { OpsError } from '../../api/errors.js';
import type { Allocation, Order, RatesRequest, RatesResult, UnavailableQuote } from '../../api/index.js';
import type { LabelShown } from '../../shipping/one-label.js';
import type { OrderCheck } from '../../shipping/order-reread.js';
import type { OpsHost } from '../../shared/request-task.js';
import type { ratesRequestFromOrder } from '../../shipping/rate-request.js';
import type { BookingFailure, BoughtLabel } from './batch-booking.js';

/** What the parts of label-batch (its refresh, its purchase, its files) read and change of the element. */
export interface BatchHost extends OpsHost {
  /** Every order of the batch, as far as it has got. */
  readonly batchEntries: readonly BatchEntry[];
  /** Each order's booking state. */
  readonly ledger: BookingLedger;
  /** Which batch this is (its ids, in order): a part whose state is about the batch resets itself when it changes. */
  readonly batchKey: string;
  entry(orderId: number): BatchEntry | undefined;
  /** Changes one order's row. */
  patch(orderId: number, change: Partial<BatchEntry>): void;
  /** `slip-prices`: the packing slips show prices. */
  readonly slipPrices: boolean;
  /** `slip-size`: `a4`, `letter` or `4x6`. */
  readonly slipSize: string | undefined;
  /** `printer`: a printer of the host's server that "Print labels" sends to, by id; else the client's, else the browser prints. */
  readonly printer: string | undefined;
  /** `auto-print`: what is printed as soon as "Buy labels" has its answers. */
  readonly autoPrint: string | null | undefined;
}

/** The most orders one batch takes: as many as the API's own app batches. */
export const MAX_BATCH_ORDERS = 100;

/** Why an order of the batch cannot ship. */
export type Problem =
  | { reason: 'notLoaded' | 'ratesFailed'; error: OpsError }
  | { reason: 'noAllocation' | 'noAddress' | 'noWarehouse' | 'alreadyShipped' | 'noQuotes' }
  | { reason: 'allUnavailable'; unavailable: UnavailableQuote[] };

/** One order of the batch, as far as it has got. */
export interface BatchEntry {
  orderId: number;
  /** The order number, or the id until the order is loaded. */
  number: string;
  /** The allocation the label is for (see `allocationToShip`). */
  allocationId?: Allocation['id'];
  request?: RatesRequest;
  rates?: RatesResult;
  /** When its rates were got (milliseconds since the epoch): the check before booking reads what changed since. */
  ratesAt?: number;
  problem?: Problem;
  /** The rate the user chose in the row; without one the "Choose by" rule decides. */
  pickedRateId?: string;
  refreshing?: boolean;
  label?: BoughtLabel;
  failure?: BookingFailure;
  /** After an answer that did not say whether its label was bought: what the order shows now. */
  check?: OrderCheck;
  /**
   * Why the order was not booked although it was ready (one label per order): `bought`, the order
   * shows a label bought on another device (`shown`); `elsewhere`, the API proxy says one is bought or
   * being bought there; `pending`, a booking of this browser for it is unsettled (another tab's, or
   * one from before a reload).
   */
  held?: { reason: 'bought' | 'elsewhere' | 'pending'; shown?: LabelShown | null; since?: number };
}

/**
 * The rows a new load keeps, by order id. An order booked, being booked or failed keeps its row: it
 * is never quoted again; nor is an order whose rates are in already (a run cut short goes on with
 * the rest). The others are looked at afresh: an order left out for want of an allocation may have
 * one now.
 */
export function keptEntries(
  entries: readonly BatchEntry[],
  state: (orderId: number) => BookingState,
): Map<number, BatchEntry> {
  return new Map(
    entries
      .filter((entry) => state(entry.orderId) !== 'idle' || entry.rates)
      .map((entry) => [entry.orderId, entry]),
  );
}

/**
 * The allocation the batch buys a label for: the order's first without a label. An order whose
 * allocations all have one gives its first (see `orderProblem`), one without any, none.
 */
export function allocationToShip(order: Order): Allocation | undefined {
  const allocations = order.allocations ?? [];
  return allocations.find((allocation) => !allocation.shipment) ?? allocations[0];
}

/**
 * Why an order cannot be quoted for `allocation`, or undefined when it can. An allocation with a
 * label has shipped, as has an order whose status says so: neither is quoted again.
 */
export function orderProblem(
  order: Order,
  allocation: Allocation | undefined,
  request: ReturnType<typeof ratesRequestFromOrder>,
): Problem | undefined {
  if (order.status === 'shipped' || allocation?.shipment) return { reason: 'alreadyShipped' };
  return typeof request === 'object' ? undefined : { reason: request };
}

/** `cheapest`, `fastest`, or `carrier:<configuration id>` (that carrier's cheapest, else the cheapest). */
export type ChooseBy = string;

/** Where an order's label is: `idle` (not tried), `booking`, `booked` or `failed`. */
export type BookingState = 'idle' | 'booking' | 'booked' | 'failed';

/**
 * The booking state of each order: idle → booking → booked or failed. `begin` moves orders to
 * `booking` at once, before anything is sent, so a second press in the same tick finds them
 * taken. A booked order is never booked again. A failed one is booked again only after the user
 * chose a rate for it or refreshed its rates (`allowRetry`). One whose label the service may have
 * bought although it did not say so is locked until the user confirms, having checked the order,
 * that it should be booked again (`confirmRebook`).
 */
export class BookingLedger {
  readonly #states = new Map<number, BookingState>();
  /** Failed orders the user has chosen again for. */
  readonly #retry = new Set<number>();
  /** Failed orders whose label may have been bought: locked until `confirmRebook`. */
  readonly #uncertain = new Set<number>();
  /** Orders the user confirmed a second label for: their next booking says so. */
  readonly #confirmed = new Set<number>();

  state(orderId: number): BookingState {
    return this.#states.get(orderId) ?? 'idle';
  }

  mayHaveBought(orderId: number): boolean {
    return this.#uncertain.has(orderId);
  }

  canBook(orderId: number): boolean {
    const state = this.state(orderId);
    return state === 'idle' || (state === 'failed' && this.#retry.has(orderId));
  }

  /** Takes the orders that can be booked into `booking` and returns them; the rest are left out. */
  begin(orderIds: readonly number[]): number[] {
    const taken = orderIds.filter((orderId) => this.canBook(orderId));
    for (const orderId of taken) {
      this.#states.set(orderId, 'booking');
      this.#retry.delete(orderId);
    }
    return taken;
  }

  booked(orderId: number): void {
    if (this.state(orderId) === 'booking') this.#states.set(orderId, 'booked');
    this.#confirmed.delete(orderId);
  }

  failed(orderId: number, mayHaveBought: boolean): void {
    if (this.state(orderId) !== 'booking') return;
    this.#states.set(orderId, 'failed');
    this.#confirmed.delete(orderId);
    if (mayHaveBought) this.#uncertain.add(orderId);
  }

  /** The user has checked an order whose label may have been bought, and wants it booked again. */
  confirmRebook(orderId: number): void {
    if (this.state(orderId) !== 'failed' || !this.#uncertain.delete(orderId)) return;
    this.#retry.add(orderId);
    this.#confirmed.add(orderId);
  }

  /**
   * A label for the order may be bought (or being bought) elsewhere, found before this batch booked
   * it: locked as an unclear answer is, until `confirmRebook`. Only an order not tried yet.
   */
  hold(orderId: number): void {
    if (this.state(orderId) !== 'idle') return;
    this.#states.set(orderId, 'failed');
    this.#uncertain.add(orderId);
  }

  /** Whether the next booking of the order goes with the user's second confirmation. */
  confirmed(orderId: number): boolean {
    return this.#confirmed.has(orderId);
  }

  /** The user chose again for a failed order: the next "Buy labels" may book it. */
  allowRetry(orderId: number): void {
    if (this.state(orderId) === 'failed' && !this.#uncertain.has(orderId)) this.#retry.add(orderId);
  }
}
