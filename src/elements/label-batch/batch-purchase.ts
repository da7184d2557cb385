/**
 * What label-batch runs only once something is pressed: the purchase ("Buy labels"), the orders
 * read again after it and the second confirmation of an unclear answer, "Refresh rates for …",
 * and the label files ("Download labels", "Print labels", and again for labels bought earlier),
 * with the templates of what only they bring about: a label bought, an answer that did not say
 * whether it was, the labels bought earlier for the batch's orders. Loaded with `import()` on the
 * first such press, or when the label store offers labels bought earlier.
 */
import { html, nothing } from 'lit';
import type { ReactiveElement, TemplateResult } from 'lit';
import type { ClientCore } from '../../api/core.js';
import type { OpsError } from '../../api/errors.js';
import { formatDateTime, formatNumber } from '../../shared/format.js';
import { keepWhole } from '../../shared/templates.js';
import { printPdf, saveFile } from '../../shared/label-files.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { sessionChanged } from '../../shared/session.js';
import type { BoughtLabel } from '../../shipping/label-facts.js';
import { boughtFromStore } from '../../shipping/label-keeper-controller.js';
import type { LabelToKeep, StoredLabel } from '../../shipping/label-keeper-controller.js';
import { ordersOf } from '../../api/order-store.js';
import type { Order } from '../../api/index.js';
import { checkBeforeBuying, readEach } from '../../shipping/one-label.js';
import type { Hold } from '../../shipping/one-label.js';
import { readUpdatedSince } from '../../shipping/updated-orders.js';
import { bookAll } from './batch-booking.js';
import type { BookingItem, LabelFormat } from './batch-booking.js';
import { OrderChecks } from './batch-checks.js';
import { batchPdf, filesFor, isFileProblem, today } from './batch-files.js';
import type { BatchEntry, BookingLedger } from './batch-model.js';
import { refreshedEntry } from './batch-rates.model.js';
import { RatesRefresh } from './batch-refresh.js';
import type { RatesRefreshOptions } from './batch-refresh.js';
import type { LabelsPurchasedDetail } from './label-batch.events.js';
import { labelBatchActionsMessages } from './batch-actions.messages.js';

/** What became of a download or a print: nothing to say, a problem, or a note (a file saved to print). */
export type FileOutcome = { problem: string } | { notice: string } | undefined;

/** What the element lets its actions read and change. */
export interface BatchActionsOptions extends Pick<RatesRefreshOptions, 'requestTask'> {
  api: () => ClientCore;
  /** The host's `reportError`: the page hears of each failed request. */
  report: (error: unknown) => OpsError;
  entry: (orderId: number) => BatchEntry | undefined;
  patch: (orderId: number, change: Partial<BatchEntry>) => void;
  /** Each order's booking state. */
  ledger: BookingLedger;
  /** Keeps a label just bought in this browser (the host's label keeper). */
  keep: (label: LabelToKeep) => Promise<void>;
  /** How many of the orders being bought have their answer. */
  progress: (done: number, total: number) => void;
}

export class BatchActions {
  readonly #host: ReactiveElement;
  readonly #options: BatchActionsOptions;
  /** "Refresh rates for …". */
  readonly refresh: RatesRefresh;
  /** The orders read again after a purchase, "Read … again" and "Buy again for …". */
  readonly checks: OrderChecks;

  constructor(host: ReactiveElement, options: BatchActionsOptions) {
    this.#host = host;
    this.#options = options;
    const { api, entry, patch, ledger } = options;
    this.refresh = new RatesRefresh(host, {
      api,
      requestTask: options.requestTask,
      entry,
      bookingState: (orderId) => ledger.state(orderId),
      patch,
      // The rate picked stays where its service is quoted again, and the order may be booked again.
      refreshed: (orderId, result) => {
        const row = entry(orderId);
        if (!row) return;
        patch(orderId, refreshedEntry(row, result));
        ledger.allowRetry(orderId);
      },
    });
    this.checks = new OrderChecks(host, { api, report: options.report, entry, patch, ledger });
  }

  /**
   * Books `items` (taken into `booking` by the element already), and marks each row with what it
   * came to as each group is answered.
   */
  async buy(
    items: readonly BookingItem[],
    format: LabelFormat,
  ): Promise<LabelsPurchasedDetail & { done: number }> {
    const { api, report, patch, ledger, keep, progress } = this.#options;
    const { book, held, unread } = await this.#checkBeforeBuying(items);
    progress(items.length - book.length, items.length);
    const outcome = await bookAll(api(), book, format, {
      report,
      booked: ({ orderId, quote }, label) => {
        ledger.booked(orderId);
        void keep({ ...label, orderId, rateId: quote.rateId ?? null });
        patch(orderId, { label, failure: undefined });
      },
      failed: ({ orderId }, failure) => {
        ledger.failed(orderId, failure.mayHaveBought);
        patch(orderId, {
          failure,
          check: failure.mayHaveBought ? 'reading' : undefined,
          ...(failure.elsewhere ? { held: { reason: 'elsewhere' as const } } : {}),
        });
      },
      progress: (done) => progress(items.length - book.length + done, items.length),
    });
    for (const { item, hold } of held) {
      ledger.failed(item.orderId, true);
      const shown = hold.reason === 'bought' ? hold.label : null;
      patch(item.orderId, {
        failure: { errors: [], quoteExpired: false, mayHaveBought: true },
        held: { reason: hold.reason, shown, ...(hold.reason === 'pending' ? { since: hold.since } : {}) },
        check: hold.reason === 'bought' ? 'shipped' : 'clear',
      });
      outcome.failed[item.orderId] = { errors: [], quoteExpired: false, mayHaveBought: true };
    }
    if (unread) {
      // The orders could not be read before booking: none was sent, and "Buy labels" may go again.
      for (const item of unread.items) {
        ledger.failed(item.orderId, false);
        ledger.allowRetry(item.orderId);
        const failure = { errors: [unread.error.message], quoteExpired: false, mayHaveBought: false };
        patch(item.orderId, { failure: { ...failure, code: unread.error.code } });
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
    const { api, report, entry } = this.#options;
    const client = api();
    const labels = items.map((item) => ({
      item,
      orderId: item.orderId,
      allocationId: item.allocationId == null ? null : String(item.allocationId),
      orderNumber: item.number ?? null,
      rateId: item.quote.rateId ?? null,
    }));
    const since = Math.min(Date.now(), ...items.map((item) => entry(item.orderId)?.ratesAt ?? Date.now()));
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
  afterPurchase({ successful, failed, done }: LabelsPurchasedDetail & { done: number }): void {
    if (done > 0) sessionChanged(this.#options.api());
    const unclear = Object.entries(failed).filter(([, failure]) => failure.mayHaveBought);
    void this.checks.readAgain(
      [...Object.keys(successful), ...unclear.map(([orderId]) => orderId)].map(Number),
    );
  }

  /**
   * Saves the labels of `entries` (one file per format); or says why they could not be made into
   * files. Rejects with a `load_failed` `OpsError` when pdf-lib could not be loaded.
   */
  async download(entries: readonly BatchEntry[], locale: ResolvedLocale): Promise<FileOutcome> {
    const files = await filesFor(entries);
    if (isFileProblem(files)) return { problem: labelBatchActionsMessages(locale)[files] };
    for (const file of files) saveFile(this.#host.renderRoot, file.bytes, file.name, file.type);
    return undefined;
  }

  /**
   * Prints the PDF labels of `entries` as one PDF; or says why they could not be. Rejects with a
   * `load_failed` `OpsError` when pdf-lib could not be loaded.
   */
  async print(entries: readonly BatchEntry[], locale: ResolvedLocale): Promise<FileOutcome> {
    const text = labelBatchActionsMessages(locale);
    const pdf = await batchPdf(entries);
    if (isFileProblem(pdf)) return { problem: text[pdf] };
    if (!pdf) return undefined;
    const fileName = `labels-${today()}.pdf`;
    const printed = printPdf(this.#host.renderRoot, pdf, text.printFrameTitle, fileName);
    return printed === 'saved' ? { notice: text.printSaved(fileName) } : undefined;
  }

  /** Why a ready order was not booked (one label per order), as its row says it: its order number kept whole. */
  renderHeld(entry: BatchEntry, locale: ResolvedLocale): TemplateResult {
    return keepWhole(heldSentence(entry, locale), entry.number);
  }

  /** What became of a row whose label was bought: its tracking number. */
  renderBought(label: BoughtLabel, locale: ResolvedLocale): TemplateResult {
    return html`<span class="bought" part="tracking">${this.#tracking(label, locale)}</span>`;
  }

  #tracking(label: BoughtLabel, locale: ResolvedLocale): string {
    const text = labelBatchActionsMessages(locale);
    return label.trackingNumber ? text.tracking(label.trackingNumber) : text.untracked;
  }

  /** How many labels the batch bought, in the summary of what was bought. */
  renderBoughtCount(count: number, locale: ResolvedLocale): TemplateResult {
    const text = labelBatchActionsMessages(locale);
    return html`<span class="bought">${text.boughtCount(count, formatNumber(count, locale))}</span>`;
  }

  /** Beside ZPL labels bought: what they are for. */
  renderZplHint(locale: ResolvedLocale): TemplateResult {
    return html`<p class="muted">${labelBatchActionsMessages(locale).zplHint}</p>`;
  }

  /** The page's first failure to keep a label happened here: download the labels now. */
  renderNotKept(locale: ResolvedLocale): TemplateResult {
    return html`<p class="notice warning" role="status">${labelBatchActionsMessages(locale).notKept}</p>`;
  }

  /**
   * Labels kept in this browser for orders of the batch that the batch has not bought itself, to
   * download or print again.
   */
  renderEarlier(
    stored: readonly StoredLabel[],
    entries: readonly BatchEntry[],
    locale: ResolvedLocale,
    on: {
      download: (entries: readonly BatchEntry[]) => void;
      print: (entries: readonly BatchEntry[]) => void;
    },
  ): TemplateResult | typeof nothing {
    const earlier = stored.flatMap((label): BatchEntry[] => {
      const entry = entries.find((candidate) => candidate.orderId === Number(label.orderId));
      return entry && !entry.label
        ? [{ orderId: entry.orderId, number: entry.number, label: boughtFromStore(label) }]
        : [];
    });
    if (earlier.length === 0) return nothing;
    const text = labelBatchActionsMessages(locale);
    return html`<section class="earlier" part="stored" aria-labelledby="earlier-heading">
      <h3 id="earlier-heading">${text.earlierHeading}</h3>
      <ul>
        ${earlier.map(
          (entry) =>
            html`<li>
              <strong>${entry.number}</strong>
              ${entry.label ? this.#tracking(entry.label, locale) : nothing}
            </li>`,
        )}
      </ul>
      <div class="actions">
        <button
          type="button"
          class="button secondary"
          part="download-again-button"
          @click=${() => on.download(earlier)}
        >
          ${text.downloadAgain}
        </button>
        ${
          earlier.some((entry) => entry.label?.format === 'PDF')
            ? html`<button
                type="button"
                class="button secondary"
                part="print-again-button"
                @click=${() => on.print(earlier)}
              >
                ${text.printAgain}
              </button>`
            : nothing
        }
      </div>
    </section>`;
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
    // Held back before booking (one label per order): the row's headline says why.
    if (entry.held) {
      if (check === 'reading') return html``;
      return html`<span>${text.secondLabelHint}</span>
        ${check === 'unread' ? button(text.readOrderAgain(entry.number), 'recheck-button', this.checks.recheck) : nothing}
        ${button(text.buyAgainFor(entry.number), 'buy-again-button', this.checks.buyAgain)}`;
    }
    if (check === 'reading') return html`<span class="muted">${text.readingOrder}</span>`;
    if (check === 'shipped') return html`<span>${text.orderShowsLabel}</span>`;
    return html`<span>${check === 'unread' ? text.orderNotRead : text.orderShowsNoLabel}</span>
      ${check === 'unread' ? button(text.readOrderAgain(entry.number), 'recheck-button', this.checks.recheck) : nothing}
      ${button(text.buyAgainFor(entry.number), 'buy-again-button', this.checks.buyAgain)}`;
  }

  /** "Download labels" and "Print labels", for the labels this batch bought (`withFiles`). */
  renderFileButtons(
    withFiles: readonly BatchEntry[],
    locale: ResolvedLocale,
    on: { download: () => void; print: () => void },
  ): TemplateResult {
    const text = labelBatchActionsMessages(locale);
    return html`<button type="button" class="button secondary" part="download-button" @click=${on.download}>
        ${text.downloadLabels}
      </button>
      ${
        withFiles.some((entry) => entry.label?.format === 'PDF')
          ? html`<button type="button" class="button secondary" part="print-button" @click=${on.print}>
              ${text.printLabels}
            </button>`
          : nothing
      }`;
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
