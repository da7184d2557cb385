/**
 * label-batch's label files: "Download labels" and "Print labels" for the labels the batch bought,
 * "Download labels and packing slips" (one PDF, each label followed by its order's packing slip),
 * "Download again" and "Print again" for those kept in this browser for its orders, what became of
 * each (labels that could not be made into a file, a print saved instead), and "Retry" when the
 * code that makes them (pdf-lib) could not be loaded. Loaded with `import()` with the first
 * purchase, or when label storage offers labels bought earlier.
 */
import { html, nothing } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import { getOrder } from '../../api/endpoints/orders.js';
import type { OpsError } from '../../api/errors.js';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { printPdf, saveFile } from '../../shared/label-files.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { boughtFromStore } from '../../shipping/label-storage-controller.js';
import type { StoredLabel } from '../../shipping/label-storage-controller.js';
import { labelBatchActionsMessages } from './batch-actions.messages.js';
import { batchPdf, filesFor, isFileProblem, labelsWithSlips, today } from './batch-files.model.js';
import type { BatchEntry, BatchHost } from './batch-model.js';

/** What became of a download or a print: nothing to say, a problem, or a note (a file saved to print). */
type FileOutcome = { problem: string } | { notice: string } | undefined;

/** A press on one of the file buttons: what it makes of which labels, and the button (a selector). */
interface FilePress {
  make: (entries: readonly BatchEntry[]) => Promise<FileOutcome>;
  entries: readonly BatchEntry[];
  button: string;
}

export class BatchFiles implements ReactiveController {
  readonly #host: BatchHost;
  #problem = '';
  #notice = '';
  #failure: OpsError | undefined;
  /** The press whose code could not be loaded: "Retry" makes it again. */
  #failed: FilePress | undefined;
  #batch: string;

  constructor(host: BatchHost) {
    this.#host = host;
    this.#batch = host.batchIds.join(',');
    host.addController(this);
  }

  /** Before each render: another batch of orders, so what was said of the last one's files goes. */
  hostUpdate(): void {
    const batch = this.#host.batchIds.join(',');
    if (batch === this.#batch) return;
    this.#batch = batch;
    this.#problem = '';
    this.#notice = '';
    this.#failure = undefined;
    this.#failed = undefined;
  }

  /** "Download labels": the labels the batch bought. */
  readonly download = (): void => {
    void this.#press({
      make: this.#download,
      entries: this.#host.batchEntries,
      button: '[part="download-button"]',
    });
  };

  /** "Print labels": the batch's PDF labels as one PDF. */
  readonly print = (): void => {
    void this.#press({
      make: this.#print,
      entries: this.#host.batchEntries,
      button: '[part="print-button"]',
    });
  };

  /** "Download labels and packing slips": one PDF, each order's label followed by its slip. */
  readonly downloadWithSlips = (): void => {
    void this.#press({
      make: this.#withSlips,
      entries: this.#host.batchEntries,
      button: '[part="slips-download-button"]',
    });
  };

  /** "Retry" after the code that makes the files could not be loaded; focus goes back to the button first pressed. */
  readonly retry = (): void => {
    const press = this.#failed;
    if (!press) return;
    const had = focusIsWith(this.#host);
    void this.#press(press);
    void focusAfter(this.#host, [press.button], { had });
  };

  /**
   * Makes the files of a press, and says why the labels could not be made into a file when they
   * could not, or, when the code that makes them could not be loaded, that it could not, with "Retry".
   */
  async #press(press: FilePress): Promise<void> {
    this.#problem = '';
    this.#notice = '';
    this.#failure = undefined;
    this.#failed = undefined;
    this.#host.requestUpdate();
    try {
      const outcome = await press.make(press.entries);
      if (outcome && 'problem' in outcome) this.#problem = outcome.problem;
      if (outcome && 'notice' in outcome) this.#notice = outcome.notice;
    } catch (cause) {
      this.#failure = this.#host.reportError(cause);
      this.#failed = press;
    }
    this.#host.requestUpdate();
  }

  /**
   * Saves the labels of `entries` (one file per format); or says why they could not be made into
   * files. Rejects with a `load_failed` `OpsError` when pdf-lib could not be loaded.
   */
  readonly #download = async (entries: readonly BatchEntry[]): Promise<FileOutcome> => {
    const files = await filesFor(entries);
    if (isFileProblem(files)) return { problem: labelBatchActionsMessages(this.#host.locale)[files] };
    for (const file of files) saveFile(this.#host.renderRoot, file.bytes, file.name, file.type);
    return undefined;
  };

  /**
   * Saves the PDF labels of `entries`, each followed by its order's packing slip, as one PDF; or
   * says why they could not be. Rejects when pdf-lib could not be loaded or an order not read.
   */
  readonly #withSlips = async (entries: readonly BatchEntry[]): Promise<FileOutcome> => {
    const host = this.#host;
    const pdf = await labelsWithSlips(
      entries,
      (orderId) => getOrder(host.api, orderId, { signal: host.withConnection() }),
      { locale: host.locale.tag, prices: host.slipPrices, size: host.slipSize },
    );
    if (isFileProblem(pdf)) return { problem: labelBatchActionsMessages(host.locale)[pdf] };
    if (pdf) saveFile(host.renderRoot, pdf, `labels-and-packing-slips-${today()}.pdf`, 'application/pdf');
    return undefined;
  };

  /**
   * Prints the PDF labels of `entries` as one PDF; or says why they could not be. Rejects with a
   * `load_failed` `OpsError` when pdf-lib could not be loaded.
   */
  readonly #print = async (entries: readonly BatchEntry[]): Promise<FileOutcome> => {
    const text = labelBatchActionsMessages(this.#host.locale);
    const pdf = await batchPdf(entries);
    if (isFileProblem(pdf)) return { problem: text[pdf] };
    if (!pdf) return undefined;
    const fileName = `labels-${today()}.pdf`;
    const printed = printPdf(this.#host.renderRoot, pdf, text.printFrameTitle, fileName);
    return printed === 'saved' ? { notice: text.printSaved(fileName) } : undefined;
  };

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

  /** "Download labels" and "Print labels", for the labels this batch bought (`withFiles`). */
  renderFileButtons(withFiles: readonly BatchEntry[], locale: ResolvedLocale): TemplateResult {
    const text = labelBatchActionsMessages(locale);
    return html`<button type="button" class="button secondary" part="download-button" @click=${this.download}>
        ${text.downloadLabels}
      </button>
      ${
        withFiles.some((entry) => entry.label?.format === 'PDF')
          ? html`<button type="button" class="button secondary" part="print-button" @click=${this.print}>
                ${text.printLabels}
              </button>
              <button
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
    const entries = this.#host.batchEntries;
    const earlier = stored.flatMap((label): BatchEntry[] => {
      const entry = entries.find((candidate) => candidate.orderId === Number(label.orderId));
      return entry && !entry.label
        ? [{ orderId: entry.orderId, number: entry.number, label: boughtFromStore(label) }]
        : [];
    });
    if (earlier.length === 0) return nothing;
    const text = labelBatchActionsMessages(locale);
    const again = (make: FilePress['make'], button: string) => () =>
      void this.#press({ make, entries: earlier, button });
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
        <button
          type="button"
          class="button secondary"
          part="download-again-button"
          @click=${again(this.#download, '[part="download-again-button"]')}
        >
          ${text.downloadAgain}
        </button>
        ${
          earlier.some((entry) => entry.label?.format === 'PDF')
            ? html`<button
                type="button"
                class="button secondary"
                part="print-again-button"
                @click=${again(this.#print, '[part="print-again-button"]')}
              >
                ${text.printAgain}
              </button>`
            : nothing
        }
      </div>
    </section>`;
  }
}
