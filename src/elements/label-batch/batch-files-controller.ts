/**
 * label-batch's label files: "Download labels" and "Print labels" for the labels the batch bought,
 * "Download labels and packing slips" (one PDF, each label followed by its order's packing slip),
 * "Download again" and "Print again" for those kept in this browser for its orders, what became of
 * each (labels that could not be made into a file, a print saved instead), and "Retry" when the
 * code that makes them (pdf-lib) could not be loaded. With a `printer`, Print sends the labels to
 * that printer of the host's server instead, ZPL ones too (batch-prints-controller.ts). Loaded
 * with `import()` with the first purchase, or when label storage offers labels bought earlier.
 */
import { html, nothing } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import { getOrder } from '../../api/endpoints/orders.js';
import type { OpsError } from '../../api/errors.js';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { printPdf, saveFile } from '../../shared/label-files.js';
import { renderRefusal } from '../../shared/session.js';
import { printerOf } from '../../shared/print-controller.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { boughtFromStore } from '../../shipping/label-storage-controller.js';
import type { StoredLabel } from '../../shipping/label-storage-controller.js';
import { labelBatchActionsMessages } from './batch-actions.messages.js';
import {
  batchPdf,
  filesFor,
  isFileProblem,
  labelsWithSlips,
  printItemsPdf,
  today,
} from './batch-files.model.js';
import type { FileProblem, PrintItem, SlipOptions } from './batch-files.model.js';
import type { BatchEntry, BatchHost } from './label-batch.model.js';
import { BatchPrints, PRINT_BUTTON } from './batch-prints-controller.js';

/** What became of a download or a print: nothing to say, a problem, or a note (a file saved to print). */
type FileOutcome = { problem: string } | { notice: string } | undefined;

/** A press on one of the file buttons: what it makes (of the labels there as it was pressed), and the button (a selector). */
interface FilePress {
  make: () => Promise<FileOutcome>;
  button: string;
}

const PRINT_AGAIN_BUTTON = '[part="print-again-button"]';

export class BatchFiles implements ReactiveController {
  readonly #host: BatchHost;
  #problem = '';
  #notice = '';
  #failure: OpsError | undefined;
  /** The press whose code could not be loaded: "Retry" makes it again. */
  #failed: FilePress | undefined;
  #batch: string;
  /** The labels sent to a printer of the host's server. */
  readonly #prints: BatchPrints;

  constructor(host: BatchHost) {
    this.#host = host;
    this.#batch = host.batchKey;
    this.#prints = new BatchPrints(host);
    host.addController(this);
  }

  /** Before each render: another batch of orders, so what was said of the last one's files goes. */
  hostUpdate(): void {
    if (this.#host.batchKey === this.#batch) return;
    this.#batch = this.#host.batchKey;
    this.#problem = '';
    this.#notice = '';
    this.#failure = undefined;
    this.#failed = undefined;
  }

  /** "Download labels": the labels the batch bought. */
  readonly download = (): void => {
    const entries = this.#host.batchEntries;
    void this.#press('[part="download-button"]', () => this.#download(entries));
  };

  /**
   * "Print labels": the labels the batch bought, to the `printer` of the host's server one by one;
   * without one, the PDF labels as one PDF in the browser.
   */
  readonly print = (): void => {
    this.#printLabels(this.#host.batchEntries, PRINT_BUTTON);
  };

  /** "Download labels and packing slips": one PDF, each order's label followed by its slip. */
  readonly downloadWithSlips = (): void => {
    const entries = this.#host.batchEntries;
    void this.#press('[part="slips-download-button"]', () => this.#withSlips(entries));
  };

  /** Labels just bought, in the table's order, for `auto-print` (nothing without a `printer`). */
  autoPrint(entries: readonly BatchEntry[]): Promise<void> {
    return this.#prints.autoPrint(entries);
  }

  #printLabels(entries: readonly BatchEntry[], button: string): void {
    if (this.#prints.busy) return;
    if (!printerOf(this.#host)) {
      void this.#press(button, () => this.#print(entries));
      return;
    }
    this.#forget();
    void this.#prints.send(entries, button);
  }

  /**
   * "Print in the browser" after the server's printer stopped: what it did not print, as one PDF;
   * focus goes back to the button that started the run.
   */
  readonly #printRestInBrowser = (): void => {
    const rest = this.#prints.takeRest();
    if (!rest) return;
    const had = focusIsWith(this.#host);
    void this.#press(rest.button, () => this.#printItems(rest.items));
    void focusAfter(this.#host, [rest.button], { had });
  };

  /** "Retry" after the code that makes the files could not be loaded; focus goes back to the button first pressed. */
  readonly retry = (): void => {
    const press = this.#failed;
    if (!press) return;
    const had = focusIsWith(this.#host);
    void this.#press(press.button, press.make);
    void focusAfter(this.#host, [press.button], { had });
  };

  /**
   * Makes the files of a press, and says why the labels could not be made into a file when they
   * could not, or, when the code that makes them could not be loaded, that it could not, with "Retry".
   */
  async #press(button: string, make: FilePress['make']): Promise<void> {
    this.#forget();
    try {
      const outcome = await make();
      if (outcome && 'problem' in outcome) this.#problem = outcome.problem;
      if (outcome && 'notice' in outcome) this.#notice = outcome.notice;
    } catch (cause) {
      this.#failure = this.#host.reportError(cause);
      this.#failed = { button, make };
    }
    this.#host.requestUpdate();
  }

  /** What was said of the last press goes. */
  #forget(): void {
    this.#problem = '';
    this.#notice = '';
    this.#failure = undefined;
    this.#failed = undefined;
    this.#host.requestUpdate();
  }

  /**
   * Saves the labels of `entries` (one file per format); or says why they could not be made into
   * files. Rejects with a `load_failed` `OpsError` when pdf-lib could not be loaded.
   */
  async #download(entries: readonly BatchEntry[]): Promise<FileOutcome> {
    const files = await filesFor(entries);
    if (isFileProblem(files)) return { problem: labelBatchActionsMessages(this.#host.locale)[files] };
    for (const file of files) saveFile(this.#host.renderRoot, file.bytes, file.name, file.type);
    return undefined;
  }

  /**
   * Saves the PDF labels of `entries`, each followed by its order's packing slip, as one PDF; or
   * says why they could not be. Rejects when pdf-lib could not be loaded or an order not read.
   */
  async #withSlips(entries: readonly BatchEntry[]): Promise<FileOutcome> {
    const host = this.#host;
    const pdf = await labelsWithSlips(entries, this.#readOrder, this.#slips());
    if (isFileProblem(pdf)) return { problem: labelBatchActionsMessages(host.locale)[pdf] };
    if (pdf) saveFile(host.renderRoot, pdf, `labels-and-packing-slips-${today()}.pdf`, 'application/pdf');
    return undefined;
  }

  readonly #readOrder = (orderId: number) =>
    getOrder(this.#host.api, orderId, { signal: this.#host.withConnection() });

  #slips(): SlipOptions {
    const host = this.#host;
    return { locale: host.locale.tag, prices: host.slipPrices, size: host.slipSize };
  }

  /**
   * Prints the PDF labels of `entries` as one PDF; or says why they could not be. Rejects with a
   * `load_failed` `OpsError` when pdf-lib could not be loaded.
   */
  async #print(entries: readonly BatchEntry[]): Promise<FileOutcome> {
    return this.#printPdf(await batchPdf(entries));
  }

  /**
   * Prints what the server's printer did not (PDF labels, packing slips) as one PDF; or says why
   * it could not. Rejects when pdf-lib could not be loaded or an order not read.
   */
  async #printItems(items: readonly PrintItem[]): Promise<FileOutcome> {
    return this.#printPdf(await printItemsPdf(items, this.#readOrder, this.#slips()));
  }

  /** The browser's print dialog for `pdf` (saved where the browser cannot print a PDF). */
  #printPdf(pdf: Uint8Array<ArrayBuffer> | FileProblem | undefined): FileOutcome {
    const text = labelBatchActionsMessages(this.#host.locale);
    if (isFileProblem(pdf)) return { problem: text[pdf] };
    if (!pdf) return undefined;
    const fileName = `labels-${today()}.pdf`;
    const printed = printPdf(this.#host.renderRoot, pdf, text.printFrameTitle, fileName);
    return printed === 'saved' ? { notice: text.printSaved(fileName) } : undefined;
  }

  /** Why the labels could not be made into a file, if they could not. */
  get problem(): string {
    return this.#problem;
  }

  /** What became of a print the browser could not make (the labels were saved instead), or ''. */
  get notice(): string {
    return this.#notice;
  }

  /** The code that makes the files could not be loaded: the error, with "Retry". */
  renderFailure(locale: ResolvedLocale): TemplateResult | typeof nothing {
    const error = this.#failure;
    return error ? renderErrorBanner({ error, locale, onRetry: this.retry }) : nothing;
  }

  /** What became of the labels sent to the server's printer. */
  renderPrints(locale: ResolvedLocale): TemplateResult {
    return html`${renderRefusal(this.#prints.refusal, 'print-refusal')}
    ${this.#prints.render(locale, { inBrowser: this.#printRestInBrowser })}`;
  }

  /** Whether Print is offered for `entries`: PDF labels the browser prints, or any for the server's printer. */
  #printable(entries: readonly BatchEntry[]): boolean {
    return entries.some(
      (entry) => entry.label?.format === 'PDF' || (printerOf(this.#host) && entry.label?.label),
    );
  }

  /**
   * "Download labels", "Print labels" and "Download labels and packing slips", for the labels this
   * batch bought (`withFiles`).
   */
  renderFileButtons(withFiles: readonly BatchEntry[], locale: ResolvedLocale): TemplateResult {
    const text = labelBatchActionsMessages(locale);
    return html`<button type="button" class="button secondary" part="download-button" @click=${this.download}>
        ${text.downloadLabels}
      </button>
      ${
        this.#printable(withFiles)
          ? html`<button
              type="button"
              class="button secondary"
              part="print-button"
              aria-disabled=${this.#prints.busy ? 'true' : 'false'}
              ?disabled=${this.#prints.refusal !== undefined}
              aria-describedby=${this.#prints.refusal ? 'print-refusal' : nothing}
              @click=${this.print}
            >
              ${text.printLabels}
            </button>`
          : nothing
      }
      ${
        withFiles.some((entry) => entry.label?.format === 'PDF')
          ? html`<button
              type="button"
              class="button secondary"
              part="slips-download-button"
              @click=${this.downloadWithSlips}
            >
              ${text.downloadLabelsAndSlips}
            </button>`
          : nothing
      }`;
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
  renderEarlier(stored: readonly StoredLabel[], locale: ResolvedLocale): TemplateResult | typeof nothing {
    // In the table's order, as they print.
    const earlier = this.#host.batchEntries.flatMap((entry): BatchEntry[] => {
      const label = entry.label ? undefined : stored.find((kept) => Number(kept.orderId) === entry.orderId);
      return label ? [{ orderId: entry.orderId, number: entry.number, label: boughtFromStore(label) }] : [];
    });
    if (earlier.length === 0) return nothing;
    const text = labelBatchActionsMessages(locale);
    const downloadAgain = () =>
      void this.#press('[part="download-again-button"]', () => this.#download(earlier));
    const printAgain = () => this.#printLabels(earlier, PRINT_AGAIN_BUTTON);
    return html`<section class="earlier" part="stored" aria-labelledby="earlier-heading">
      <h3 id="earlier-heading">${text.earlierHeading}</h3>
      <ul>
        ${earlier.map(
          (entry) =>
            html`<li>
              <strong>${entry.number}</strong>
              ${
                entry.label
                  ? entry.label.trackingNumber
                    ? text.tracking(entry.label.trackingNumber)
                    : text.untracked
                  : nothing
              }
            </li>`,
        )}
      </ul>
      <div class="actions">
        <button type="button" class="button secondary" part="download-again-button" @click=${downloadAgain}>
          ${text.downloadAgain}
        </button>
        ${
          this.#printable(earlier)
            ? html`<button
                type="button"
                class="button secondary"
                part="print-again-button"
                aria-disabled=${this.#prints.busy ? 'true' : 'false'}
                ?disabled=${this.#prints.refusal !== undefined}
                aria-describedby=${this.#prints.refusal ? 'print-refusal' : nothing}
                @click=${printAgain}
              >
                ${text.printAgain}
              </button>`
            : nothing
        }
      </div>
    </section>`;
  }
}
