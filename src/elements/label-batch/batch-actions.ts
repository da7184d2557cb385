import type { html, nothing, ReactiveElement, TemplateResult } from 'lit';
import type { ClientCore } from '../../api/core.js';
import type { getRates } from '../../api/endpoints/shipping.js';
import type { OpsError } from '../../api/errors.js';
import type { formatNumber } from '../../shared/format.js';
import type { defineMessages, ResolvedLocale } from '../../shared/locale.js';
import type { sessionChanged } from '../../shared/session.js';
import type { BoughtLabel, labelFacts } from '../../shipping/label-facts.js';
import type { boughtFromStore, LabelToKeep, StoredLabel } from '../../shipping/label-keeper-controller.js';
import type { readOrdersAgain } from '../../shipping/order-reread.js';
import type { withRequestCurrency } from '../../shipping/rate-request.js';
import { printPdf, saveFile } from '../../shared/label-files.js';
import { bookAll } from './batch-booking.js';
import type { BookingItem, LabelFormat } from './batch-booking.js';
import { OrderChecks } from './batch-checks.js';
import { batchPdf, filesFor, isFileProblem } from './batch-files.js';
import type { LoadMerge } from './batch-files.js';
import type { hasFocus, inRow, restoreFocus } from './batch-focus.js';
import type { BatchEntry, BookingLedger, showsLabelFor } from './batch-model.js';
import type { refreshedEntry } from './batch-rates.model.js';
import { RatesRefresh } from './batch-refresh.js';
import type { RatesRefreshOptions } from './batch-refresh.js';
import type { LabelsPurchasedDetail } from './label-batch.events.js';
import type { en } from './label-batch.messages.js';
import { actionMessages } from './batch-actions.messages.js';
import type { ActionMessages } from './batch-actions.messages.js';

/*
 * What label-batch runs only once something is pressed: the purchase ("Buy labels"), the orders
 * read again after it and the second confirmation of an unclear answer, "Refresh rates for …",
 * and the label files ("Download labels", "Print labels", and again for labels bought earlier),
 * with the templates and English text of what only they bring about: a label bought, an answer
 * that did not say whether it was, the labels bought earlier for the batch's orders. Loaded with
 * `import()` on the first such press (batch-kit.ts), or when the label store offers labels bought
 * earlier. Besides its own modules, the label files (which the element does not import) and the
 * booking (which brings the booking endpoint), it imports types only: what it runs with (lit's
 * `html`, the endpoints) comes from the element in a `BatchActionsKit`, for the reason
 * allocation-form's stock editor does. eslint holds it to that.
 */

/** What the actions run with, handed over by the element. */
export interface BatchActionsKit {
  html: typeof html;
  nothing: typeof nothing;
  formatNumber: typeof formatNumber;
  labelFacts: typeof labelFacts;
  boughtFromStore: typeof boughtFromStore;
  getRates: typeof getRates;
  withRequestCurrency: typeof withRequestCurrency;
  readOrdersAgain: typeof readOrdersAgain;
  showsLabelFor: typeof showsLabelFor;
  sessionChanged: typeof sessionChanged;
  hasFocus: typeof hasFocus;
  restoreFocus: typeof restoreFocus;
  inRow: typeof inRow;
  loadMerge: LoadMerge;
  defineMessages: typeof defineMessages;
  /** The element's English, which the actions' completes (batch-actions.messages.ts). */
  en: typeof en;
}

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
  /**
   * A row's entry with fresh rates, from the rates' view (loaded with the first rates, and before
   * any refresh).
   */
  refreshedEntry: typeof refreshedEntry;
}

export class BatchActions {
  readonly #kit: BatchActionsKit;
  readonly #host: ReactiveElement;
  readonly #options: BatchActionsOptions;
  /** "Refresh rates for …". */
  readonly refresh: RatesRefresh;
  /** The orders read again after a purchase, "Read … again" and "Buy again for …". */
  readonly checks: OrderChecks;

  constructor(kit: BatchActionsKit, host: ReactiveElement, options: BatchActionsOptions) {
    this.#kit = kit;
    this.#host = host;
    this.#options = options;
    const { api, entry, patch, ledger } = options;
    this.refresh = new RatesRefresh(kit, host, {
      api,
      requestTask: options.requestTask,
      entry,
      bookingState: (orderId) => ledger.state(orderId),
      patch,
      // The rate picked stays where its service is quoted again, and the order may be booked again.
      refreshed: (orderId, result) => {
        const row = entry(orderId);
        if (!row) return;
        patch(orderId, options.refreshedEntry(row, result));
        ledger.allowRetry(orderId);
      },
    });
    this.checks = new OrderChecks(kit, host, { api, report: options.report, entry, patch, ledger });
  }

  /**
   * Books `items` (taken into `booking` by the element already), and marks each row with what it
   * came to as each group is answered.
   */
  buy(items: readonly BookingItem[], format: LabelFormat): Promise<LabelsPurchasedDetail & { done: number }> {
    const { labelFacts } = this.#kit;
    const { api, report, patch, ledger, keep, progress } = this.#options;
    return bookAll({ labelFacts }, api(), items, format, {
      report,
      booked: ({ orderId, quote }, label) => {
        ledger.booked(orderId);
        void keep({ ...label, orderId, rateId: quote.rateId ?? null });
        patch(orderId, { label, failure: undefined });
      },
      failed: ({ orderId }, failure) => {
        ledger.failed(orderId, failure.mayHaveBought);
        patch(orderId, { failure, check: failure.mayHaveBought ? 'reading' : undefined });
      },
      progress,
    });
  }

  /**
   * What follows a purchase once the page has heard of it: every element on this client reads the
   * session again (what was spent today changed), and each order bought, or whose label may have
   * been bought, is read again once.
   */
  afterPurchase({ successful, failed, done }: LabelsPurchasedDetail & { done: number }): void {
    if (done > 0) this.#kit.sessionChanged(this.#options.api());
    const unclear = Object.entries(failed).filter(([, failure]) => failure.mayHaveBought);
    void this.checks.readAgain(
      [...Object.keys(successful), ...unclear.map(([orderId]) => orderId)].map(Number),
    );
  }

  /** The element's and the actions' keys of the `label-batch` namespace in the locale's language. */
  text(locale: ResolvedLocale): ActionMessages {
    return actionMessages(this.#kit.defineMessages, this.#kit.en)(locale);
  }

  /** Saves the labels of `entries` (one file per format); or says why they could not be made into files. */
  async download(entries: readonly BatchEntry[], locale: ResolvedLocale): Promise<string | undefined> {
    const files = await filesFor(entries, this.#kit.loadMerge);
    if (isFileProblem(files)) return this.text(locale)[files];
    for (const file of files) saveFile(this.#host.renderRoot, file.bytes, file.name, file.type);
    return undefined;
  }

  /** Prints the PDF labels of `entries` as one PDF; or says why they could not be. */
  async print(entries: readonly BatchEntry[], locale: ResolvedLocale): Promise<string | undefined> {
    const pdf = await batchPdf(entries, this.#kit.loadMerge);
    if (isFileProblem(pdf)) return this.text(locale)[pdf];
    if (pdf) printPdf(this.#host.renderRoot, pdf, this.text(locale).printFrameTitle);
    return undefined;
  }

  /** What became of a row whose label was bought: its tracking number. */
  renderBought(label: BoughtLabel, locale: ResolvedLocale): TemplateResult {
    return this.#kit.html`<span class="bought" part="tracking">${this.#tracking(label, locale)}</span>`;
  }

  #tracking(label: BoughtLabel, locale: ResolvedLocale): string {
    const text = this.text(locale);
    return label.trackingNumber ? text.tracking(label.trackingNumber) : text.untracked;
  }

  /** How many labels the batch bought, in the summary of what was bought. */
  renderBoughtCount(count: number, locale: ResolvedLocale): TemplateResult {
    const text = this.text(locale);
    return this.#kit
      .html`<span class="bought">${text.boughtCount(count, this.#kit.formatNumber(count, locale))}</span>`;
  }

  /** Beside ZPL labels bought: what they are for. */
  renderZplHint(locale: ResolvedLocale): TemplateResult {
    return this.#kit.html`<p class="muted">${this.text(locale).zplHint}</p>`;
  }

  /** The page's first failure to keep a label happened here: download the labels now. */
  renderNotKept(locale: ResolvedLocale): TemplateResult {
    return this.#kit.html`<p class="notice warning" role="status">${this.text(locale).notKept}</p>`;
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
  ): TemplateResult | BatchActionsKit['nothing'] {
    const { html, nothing, boughtFromStore } = this.#kit;
    const earlier = stored.flatMap((label): BatchEntry[] => {
      const entry = entries.find((candidate) => candidate.orderId === Number(label.orderId));
      return entry && !entry.label
        ? [{ orderId: entry.orderId, number: entry.number, label: boughtFromStore(label) }]
        : [];
    });
    if (earlier.length === 0) return this.#kit.nothing;
    const text = this.text(locale);
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
    const { html, nothing } = this.#kit;
    const text = this.text(locale);
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
    const { html, nothing } = this.#kit;
    const text = this.text(locale);
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
