/**
 * The pick list on paper: "Download pick list" (`pick-list-<yyyy-mm-dd>.pdf`) and "Print pick
 * list", the PDF made by the documents layer (pdf-lib, Code 128 barcodes), loaded with `import()`
 * on the first press. With a `printer`, Print sends the PDF to that printer of the host's server.
 * What became of a press stays on screen: a PDF that could not be made, a print saved instead, the
 * printer's answer, or the code that could not be loaded, with "Retry".
 */
import { html, nothing } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import type { OpsError } from '../../api/errors.js';
import { onDemand } from '../../api/load-on-demand.js';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { printPdf, saveFile } from '../../shared/label-files.js';
import { PrintController, printerOf } from '../../shared/print-controller.js';
import { printOutcome } from '../../shared/print.templates.js';
import type { OpsHost } from '../../shared/request-task.js';
import { renderRefusal } from '../../shared/session.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { pickListMessages } from './pick-list.messages.js';
import { pdfFileName, pdfInput } from './pick-list.model.js';
import type { PickList, PickSection } from './pick-list.model.js';

const loadPdf = onDemand('pick-list-pdf', () => import('../../documents/pick-list-pdf.js'));

/** What the files ask of the element. */
export interface PickListFilesHost extends OpsHost {
  /** The orders of the list. */
  readonly pickIds: readonly number[];
  /** The list as shown. */
  readonly pickList: PickList;
  /** A warehouse's name as its table says it. */
  warehouseName(section: PickSection): string;
  /** A printer of the host's server to print to, by id; else the browser prints. */
  readonly printer: string | undefined;
}

type Press = 'download' | 'print';

const BUTTONS: Record<Press, string> = {
  download: '[part="download-button"]',
  print: '[part="print-button"]',
};

export class PickListFiles implements ReactiveController {
  readonly #host: PickListFilesHost;
  #notice = '';
  #problem = '';
  #failure: OpsError | undefined;
  /** The press whose code could not be loaded: "Retry" makes it again. */
  #failed: Press | undefined;
  #busy = false;
  #orders: string;
  readonly #printing: PrintController;
  /** The PDF the last print made, for "Print in the browser". */
  #printed: { bytes: Uint8Array<ArrayBuffer>; fileName: string } | undefined;

  constructor(host: PickListFilesHost) {
    this.#host = host;
    this.#orders = host.pickIds.join(',');
    this.#printing = new PrintController(host);
    host.addController(this);
  }

  /** Another list of orders: what was said of the last one's PDF goes. */
  hostUpdate(): void {
    const orders = this.#host.pickIds.join(',');
    if (orders === this.#orders) return;
    this.#orders = orders;
    this.#notice = '';
    this.#problem = '';
    this.#failure = undefined;
    this.#failed = undefined;
    this.#printed = undefined;
    this.#printing.clear();
  }

  readonly download = (): void => void this.#press('download');
  readonly print = (): void => void this.#press('print');

  /** "Print in the browser" after the server's printer failed: the same PDF, the browser's dialog. */
  readonly printInBrowser = (): void => {
    const printed = this.#printed;
    if (!printed) return;
    const text = pickListMessages(this.#host.locale);
    const had = focusIsWith(this.#host);
    this.#printing.clear();
    if (printPdf(this.#host.renderRoot, printed.bytes, text.printFrameTitle, printed.fileName) === 'saved') {
      this.#notice = text.printSaved(printed.fileName);
    }
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => focusAfter(this.#host, [BUTTONS.print], { had }));
  };

  /** "Print again" after the server's printer failed; focus goes back to "Print pick list". */
  readonly printAgain = (): void => {
    const had = focusIsWith(this.#host);
    void this.#press('print').then(() => focusAfter(this.#host, [BUTTONS.print], { had }));
  };

  /** "Retry" after the PDF's code could not be loaded; focus goes back to the button first pressed. */
  readonly retry = (): void => {
    const press = this.#failed;
    if (!press) return;
    const had = focusIsWith(this.#host);
    void this.#press(press).then(() => focusAfter(this.#host, [BUTTONS[press]], { had }));
  };

  /** A press is under way: its button is busy. */
  get busy(): boolean {
    return this.#busy;
  }

  async #press(press: Press): Promise<void> {
    if (this.#busy) return;
    const host = this.#host;
    const text = pickListMessages(host.locale);
    this.#busy = true;
    this.#notice = '';
    this.#problem = '';
    this.#failure = undefined;
    this.#failed = undefined;
    this.#printing.clear();
    host.requestUpdate();
    try {
      const { pickListPdf } = await loadPdf();
      const date = new Date();
      const fileName = pdfFileName(date);
      let bytes: Uint8Array<ArrayBuffer>;
      try {
        const made = await pickListPdf(
          pdfInput(host.pickList, host.locale, date, (s) => host.warehouseName(s)),
        );
        bytes = new Uint8Array(made);
      } catch {
        this.#problem = text.fileFailed;
        return;
      }
      const printer = printerOf(host);
      if (press === 'download') saveFile(host.renderRoot, bytes, fileName, 'application/pdf');
      else if (printer) {
        this.#printed = { bytes, fileName };
        await this.#printing.print(printer, {
          blob: new Blob([bytes], { type: 'application/pdf' }),
          document: 'pick-list',
        });
      } else if (printPdf(host.renderRoot, bytes, text.printFrameTitle, fileName) === 'saved') {
        this.#notice = text.printSaved(fileName);
      }
    } catch (cause) {
      this.#failure = host.reportError(cause);
      this.#failed = press;
    } finally {
      this.#busy = false;
      host.requestUpdate();
    }
  }

  /** Why the proxy's session does not let the user print to the server's printer; undefined without a printer. */
  #printRefusal(): string | undefined {
    return printerOf(this.#host) ? this.#printing.refusal : undefined;
  }

  /** "Download pick list" and "Print pick list". */
  renderButtons(): TemplateResult {
    const text = pickListMessages(this.#host.locale);
    const busy = this.#busy ? 'true' : 'false';
    const refused = this.#printRefusal();
    return html`<button
        type="button"
        class="button secondary"
        part="download-button"
        aria-disabled=${busy}
        @click=${this.download}
      >
        ${text.download}
      </button>
      <button
        type="button"
        class="button secondary"
        part="print-button"
        aria-disabled=${busy}
        ?disabled=${refused !== undefined}
        aria-describedby=${refused ? 'print-refusal' : nothing}
        @click=${this.print}
      >
        ${text.print}
      </button>`;
  }

  /** What became of the last press: a problem, a notice, or the code that could not be loaded. */
  renderOutcome(): TemplateResult {
    const locale = this.#host.locale;
    const error = this.#failure;
    return html`${renderRefusal(this.#printRefusal(), 'print-refusal')}
      ${this.#problem ? html`<p class="field-error" role="alert">${this.#problem}</p>` : nothing}
      <p class="notice file-notice" role="status" part="file-notice" ?hidden=${!this.#notice}>
        ${this.#notice}
      </p>
      ${printOutcome(this.#printing.state, locale, { again: this.printAgain, inBrowser: this.printInBrowser })}
      ${error ? renderErrorBanner({ error, locale, onRetry: this.retry }) : nothing}`;
  }
}
