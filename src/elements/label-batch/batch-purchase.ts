/**
 * label-batch's purchase, what "Buy labels" runs: the check right before booking (one label per
 * order), the bookings, the orders read again after them, "Read … again" and "Buy again for …" (the
 * second confirmation of an answer that did not say whether a label was bought), with the
 * templates of what only a purchase brings about: a label bought, how many were, an order held back
 * or left unclear. Loaded with `import()` on the first "Buy labels", or when a booking of this
 * browser is found unsettled for an order of the batch.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { OpsError } from '../../api/errors.js';
import type { Allocation, Order } from '../../api/index.js';
import { ordersOf } from '../../api/order-store.js';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { formatDateTime, formatNumber } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { sessionChanged } from '../../shared/session.js';
import { keepWhole } from '../../shared/templates.js';
import type { BoughtLabel } from '../../shipping/label-facts.js';
import type { LabelToKeep } from '../../shipping/label-storage-controller.js';
import { checkBeforeBuying, readEach } from '../../shipping/one-label.js';
import type { Hold } from '../../shipping/one-label.js';
import { readOrdersAgain, showsShipped } from '../../shipping/order-reread.js';
import { readUpdatedSince } from '../../shipping/updated-orders.js';
import { labelBatchActionsMessages } from './batch-actions.messages.js';
import { bookAll } from './batch-booking.js';
import type { BookingItem, LabelFormat } from './batch-booking.js';
import type { BatchEntry, BatchHost } from './label-batch.model.js';
import type { LabelsPurchasedDetail } from './label-batch.events.js';
import { inRow } from './label-batch.templates.js';
import type { Progress } from './label-batch.templates.js';

/** What a purchase came to, and how many of its orders have their answer. */
export type PurchaseOutcome = LabelsPurchasedDetail & { done: number };

/** The element a purchase runs in: it keeps each label bought, and shows the purchase's progress. */
export interface PurchaseHost extends BatchHost {
  /** Keeps a label just bought in this browser (label storage). */
  keepLabel(label: LabelToKeep): Promise<void>;
  /** Shows how many of the orders being bought have their answer. */
  showBuyProgress(progress: Progress): void;
}

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

export class BatchPurchase {
  readonly #host: PurchaseHost;

  constructor(host: PurchaseHost) {
    this.#host = host;
  }

  /**
   * Books `items` (taken into `booking` by the element already), and marks each row with what it
   * came to as each group is answered.
   */
  async buy(items: readonly BookingItem[], format: LabelFormat): Promise<PurchaseOutcome> {
    const host = this.#host;
    const progress = (done: number): void => {
      host.showBuyProgress({ done, total: items.length });
    };
    const { book, held, unread } = await this.#checkBeforeBuying(items);
    progress(items.length - book.length);
    const outcome = await bookAll(host.api, book, format, {
      report: (error) => host.reportError(error),
      booked: ({ orderId, quote }, label) => {
        host.ledger.booked(orderId);
        void host.keepLabel({ ...label, orderId, rateId: quote.rateId ?? null });
        host.patch(orderId, { label, failure: undefined });
      },
      failed: ({ orderId }, failure) => {
        host.ledger.failed(orderId, failure.mayHaveBought);
        host.patch(orderId, {
          failure,
          check: failure.mayHaveBought ? 'reading' : undefined,
          ...(failure.elsewhere ? { held: { reason: 'elsewhere' as const } } : {}),
        });
      },
      progress: (done) => progress(items.length - book.length + done),
    });
    for (const { item, hold } of held) {
      host.ledger.failed(item.orderId, true);
      const shown = hold.reason === 'bought' ? hold.label : null;
      host.patch(item.orderId, {
        failure: { errors: [], quoteExpired: false, mayHaveBought: true },
        held: { reason: hold.reason, shown, ...(hold.reason === 'pending' ? { since: hold.since } : {}) },
        check: hold.reason === 'bought' ? 'shipped' : 'clear',
      });
      outcome.failed[item.orderId] = { errors: [], quoteExpired: false, mayHaveBought: true };
    }
    if (unread) {
      // The orders could not be read before booking: none was sent, and "Buy labels" may go again.
      for (const item of unread.items) {
        host.ledger.failed(item.orderId, false);
        host.ledger.allowRetry(item.orderId);
        const failure = { errors: [unread.error.message], quoteExpired: false, mayHaveBought: false };
        host.patch(item.orderId, { failure: { ...failure, code: unread.error.code } });
        outcome.failed[item.orderId] = failure;
      }
    }
    return { ...outcome, done: items.length };
  }

  /**
   * One label per order, right before booking: each order's intent written down, and the orders
   * read again with as few requests as the API allows (those updated since the batch's rates were
   * got). An order that shows a label, or that a booking of this browser may have bought moments
   * ago, is held back; one the user confirmed a second label for is not.
   */
  async #checkBeforeBuying(items: readonly BookingItem[]): Promise<{
    book: BookingItem[];
    held: Array<{ item: BookingItem; hold: Hold }>;
    unread?: { items: BookingItem[]; error: OpsError };
  }> {
    const host = this.#host;
    const client = host.api;
    const report = (error: unknown): OpsError => host.reportError(error);
    const labels = items.map((item) => ({
      item,
      orderId: item.orderId,
      allocationId: item.allocationId == null ? null : String(item.allocationId),
      orderNumber: item.number ?? null,
      rateId: item.quote.rateId ?? null,
    }));
    const since = Math.min(
      Date.now(),
      ...items.map((item) => host.entry(item.orderId)?.ratesAt ?? Date.now()),
    );
    const store = ordersOf(client);
    const known = new Map<number, Order>();
    for (const item of items) {
      const order = store.get(item.orderId);
      if (order) known.set(item.orderId, order);
    }
    const normal = labels.filter((label) => !label.item.second);
    const [checked, confirmed] = await Promise.all([
      checkBeforeBuying(client, normal, {
        second: false,
        read: readUpdatedSince(client, since, known),
        report,
      }),
      checkBeforeBuying(
        client,
        labels.filter((label) => label.item.second),
        { second: true, read: readEach(client), report },
      ),
    ]);
    return {
      book: [...checked.book, ...confirmed.book].map((label) => label.item),
      held: [...checked.held, ...confirmed.held].map(({ label, hold }) => ({ item: label.item, hold })),
      ...(checked.error
        ? { unread: { items: normal.map((label) => label.item), error: checked.error } }
        : {}),
    };
  }

  /**
   * What follows a purchase once the page has heard of it: every element on this client reads the
   * session again (what was spent today changed), and each order bought, or whose label may have
   * been bought, is read again once.
   */
  afterPurchase({ successful, failed, done }: PurchaseOutcome): void {
    if (done > 0) sessionChanged(this.#host.api);
    const unclear = Object.entries(failed).filter(([, failure]) => failure.mayHaveBought);
    void this.readAgain([...Object.keys(successful), ...unclear.map(([orderId]) => orderId)].map(Number));
  }

  /**
   * Reads the orders again, once each, so every element showing them learns they shipped; an order
   * whose label may have been bought (its row's check is `reading`) learns whether the allocation
   * booked for now shows a label.
   */
  async readAgain(orderIds: readonly number[]): Promise<void> {
    const host = this.#host;
    const orders = await readOrdersAgain(host.api, orderIds, (error) => host.reportError(error));
    for (const orderId of orderIds) {
      const row = host.entry(orderId);
      if (row?.check !== 'reading') continue;
      const order = orders.get(orderId);
      host.patch(orderId, {
        check: !order ? 'unread' : showsLabelFor(order, row.allocationId) ? 'shipped' : 'clear',
      });
    }
  }

  /**
   * "Read order <number> again", after a check that could not be made. The button goes once
   * pressed: focus, when it was with the element, goes to the row's outcome.
   */
  readonly recheck = (orderId: number): void => {
    const had = focusIsWith(this.#host);
    this.#host.patch(orderId, { check: 'reading' });
    void focusAfter(this.#host, [inRow.outcome(orderId)], { had });
    void this.readAgain([orderId]);
  };

  /**
   * The second confirmation: the user has checked the order, and the next "Buy labels" may book it.
   * Focus, when it was with the element, goes to "Buy labels".
   */
  readonly buyAgain = (orderId: number): void => {
    const had = focusIsWith(this.#host);
    this.#host.ledger.confirmRebook(orderId);
    this.#host.patch(orderId, { failure: undefined, check: undefined, held: undefined });
    void focusAfter(this.#host, ['[part="buy-button"]', inRow.outcome(orderId)], { had });
  };

  /** Why a ready order was not booked (one label per order), as its row says it: its order number kept whole. */
  renderHeld(entry: BatchEntry, locale: ResolvedLocale): TemplateResult {
    return keepWhole(heldSentence(entry, locale), entry.number);
  }

  /** What became of a row whose label was bought: its tracking number. */
  renderBought(label: BoughtLabel, locale: ResolvedLocale): TemplateResult {
    const text = labelBatchActionsMessages(locale);
    return html`<span class="bought" part="tracking"
      >${label.trackingNumber ? text.tracking(label.trackingNumber) : text.untracked}</span
    >`;
  }

  /** How many labels the batch bought, in the summary of what was bought. */
  renderBoughtCount(count: number, locale: ResolvedLocale): TemplateResult {
    const text = labelBatchActionsMessages(locale);
    return html`<span class="bought">${text.boughtCount(count, formatNumber(count, locale))}</span>`;
  }

  /**
   * After an answer that did not say whether the label was bought (the row says so first): what the
   * order shows, and what may be done.
   */
  renderUnclear(entry: BatchEntry, locale: ResolvedLocale): TemplateResult {
    const text = labelBatchActionsMessages(locale);
    const check = entry.check;
    const button = (label: string, part: string, on: (orderId: number) => void) =>
      html`<button
        type="button"
        class="button secondary small"
        part=${part}
        @click=${() => on(entry.orderId)}
      >
        ${label}
      </button>`;
    const recheck =
      check === 'unread'
        ? button(text.readOrderAgain(entry.number), 'recheck-button', this.recheck)
        : nothing;
    // Held back before booking (one label per order): the row's headline says why.
    if (entry.held) {
      if (check === 'reading') return html``;
      return html`<span>${text.secondLabelHint}</span> ${recheck}
        ${button(text.buyAgainFor(entry.number), 'buy-again-button', this.buyAgain)}`;
    }
    if (check === 'reading') return html`<span class="muted">${text.readingOrder}</span>`;
    if (check === 'shipped') return html`<span>${text.orderShowsLabel}</span>`;
    return html`<span>${check === 'unread' ? text.orderNotRead : text.orderShowsNoLabel}</span> ${recheck}
      ${button(text.buyAgainFor(entry.number), 'buy-again-button', this.buyAgain)}`;
  }
}

/** Why a ready order was not booked, in words: bought on another device, being bought there, or maybe moments ago here. */
function heldSentence(entry: BatchEntry, locale: ResolvedLocale): string {
  const text = labelBatchActionsMessages(locale);
  const held = entry.held;
  const shown = held?.shown;
  const at = shown?.at ? formatDateTime(shown.at, locale) : null;
  const tracking = shown?.trackingNumber ?? null;
  if (held?.reason === 'bought') return text.heldBought(entry.number, at, tracking);
  if (held?.reason === 'elsewhere' && entry.check !== 'shipped') return text.heldElsewhere(entry.number);
  if (entry.check === 'shipped')
    return held?.reason === 'elsewhere'
      ? text.heldBought(entry.number, at, tracking)
      : text.heldSettled(entry.number, at, tracking);
  return entry.check === 'reading' ? text.heldChecking(entry.number) : text.heldPending(entry.number);
}
