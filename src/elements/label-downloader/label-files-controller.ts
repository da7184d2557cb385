/**
 * A bought label's files: "Download label" (PDF or ZPL) and "Download customs invoice" save the
 * document as a file named after the tracking number, "Print label" prints a PDF label from a
 * hidden frame. What could not be saved or printed (`problem`), and what became of a print the
 * browser could not make (`notice`), are shown by the element until the next file or choice.
 * "Download packing slip" and "Print packing slip" read the label's order and draw its slip; that
 * code (packing-slip-files.ts, with pdf-lib) loads on the first press.
 *
 * With a `printer` (a printer of the host's server), "Print label" sends the label as it was bought,
 * PDF or ZPL, and "Print packing slip" the slip, to that printer; each says where it went, or why
 * not with "Print again" and, for a PDF, "Print in the browser". `auto-print` prints each label as
 * it is bought (`autoPrint`), and its slip after it with `auto-print="label slip"`.
 */
import { html } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import type { OpsError } from '../../api/errors.js';
import { onDemand } from '../../api/load-on-demand.js';
import { ordersOf } from '../../api/order-store.js';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { decodeBase64, fileNamePart, printPdf, saveFile } from '../../shared/label-files.js';
import { PrintController, printerOf } from '../../shared/print-controller.js';
import { printOutcome } from '../../shared/print.templates.js';
import { printingMessages } from '../../shared/printing.messages.js';
import { autoPrintOf } from '../../shared/printing.model.js';
import type { OpsHost } from '../../shared/request-task.js';
import { renderRefusal } from '../../shared/session.js';
import type { BoughtLabel } from '../../shipping/label-facts.js';
import { labelDownloaderMessages } from './label-downloader.messages.js';
import type { LabelActions } from './label-downloader.templates.js';

const fileName = (label: BoughtLabel): string =>
  fileNamePart(label.trackingNumber ?? label.remoteShipmentId ?? 'shipment');

/** The element whose label's files these are: a new choice (`selection`) starts afresh. */
export interface LabelFilesHost extends OpsHost {
  readonly selection: unknown;
  /** `slip-prices`: the packing slip shows prices. */
  readonly slipPrices: boolean;
  /** `slip-size`: `a4`, `letter` or `4x6`. */
  readonly slipSize: string | undefined;
  /** A printer of the host's server that Print sends to, by id; else the browser prints. */
  readonly printer: string | undefined;
  /** `auto-print`: what is printed as soon as a label is bought. */
  readonly autoPrint: string | null | undefined;
}

/** A bought label to print, with its order. */
export interface LabelToPrint {
  label: BoughtLabel;
  orderId: number | null;
  /** Its order's number, when known (the rates request's reference). */
  orderNumber?: string | null | undefined;
}

const LABEL_PRINT = '[part~="print-button"]';
const SLIP_PRINT = '[part~="slip-print-button"]';

const loadSlips = onDemand('packing-slip-files', () => import('./packing-slip-files.js'));

/** A press of a packing slip's button: which order, saved or printed, and the button (a selector). */
interface SlipPress {
  readonly orderId: number;
  readonly print: boolean;
  readonly button: string;
}

export class LabelFiles implements ReactiveController, LabelActions {
  readonly #host: LabelFilesHost;
  #problem = '';
  #notice = '';
  #selection: unknown;
  /** The slip being made, while it is. */
  #slipPress: SlipPress | undefined;
  /** The last slip could not be made: why, with "Retry". */
  #slipFailure: { error: OpsError; press: SlipPress } | undefined;
  /** Labels and packing slips sent to the server's printer, and what became of the last of each. */
  readonly #labelPrinting: PrintController;
  readonly #slipPrinting: PrintController;
  /** The label last sent to the server's printer, for "Print again" and "Print in the browser". */
  #printedLabel: LabelToPrint | undefined;
  /** The packing slip last sent to the server's printer: its order, and the PDF made. */
  #printedSlip: { orderId: number; bytes: Uint8Array<ArrayBuffer>; name: string } | undefined;

  constructor(host: LabelFilesHost) {
    this.#host = host;
    this.#selection = host.selection;
    this.#labelPrinting = new PrintController(host);
    this.#slipPrinting = new PrintController(host);
    host.addController(this);
  }

  /** Before each render: a new choice, so what was said of the files before no longer applies. */
  hostUpdate(): void {
    if (this.#host.selection === this.#selection) return;
    this.#selection = this.#host.selection;
    this.#problem = '';
    this.#notice = '';
    this.#slipFailure = undefined;
    this.#forgetPrints();
  }

  #forgetPrints(): void {
    this.#printedLabel = undefined;
    this.#printedSlip = undefined;
    this.#labelPrinting.clear();
    this.#slipPrinting.clear();
  }

  /** Why the last file could not be saved or printed, or '' once one was. */
  get problem(): string {
    return this.#problem;
  }

  /** What became of a print the browser could not make (the label was saved instead), or ''. */
  get notice(): string {
    return this.#notice;
  }

  /** A new purchase: what was said of the files before no longer applies. */
  clear(): void {
    this.#slipFailure = undefined;
    this.#forgetPrints();
    this.#say('', '');
  }

  /** Whether "Print label" is offered for `label`: a PDF the browser prints, or any label for the server's printer. */
  readonly printable = (label: BoughtLabel): boolean =>
    Boolean(label.label) && (label.format === 'PDF' || Boolean(printerOf(this.#host)));

  /** Why the proxy's session does not let the user print to the server's printer; undefined without a printer. */
  readonly printRefusal = (): string | undefined =>
    printerOf(this.#host) ? this.#labelPrinting.refusal : undefined;

  /**
   * Labels just bought, in order: with `auto-print`, each goes to the printer as it is, and its
   * packing slip after it with `auto-print="label slip"`. Nothing is printed without a `printer`.
   */
  async autoPrint(labels: readonly LabelToPrint[]): Promise<void> {
    const printer = printerOf(this.#host);
    const wanted = autoPrintOf(this.#host.autoPrint);
    if (!printer || (!wanted.label && !wanted.slip) || this.printRefusal()) return;
    for (const entry of labels) {
      if (wanted.label) await this.#printLabel(printer, entry);
      if (wanted.slip && entry.orderId !== null) {
        await this.#slip({ orderId: entry.orderId, print: true, button: SLIP_PRINT });
      }
    }
  }

  /** Sends `entry`'s label to the server's printer `printer`. */
  async #printLabel(printer: string, entry: LabelToPrint): Promise<void> {
    const bytes = decodeBase64(entry.label.label);
    if (!bytes) {
      this.#say(labelDownloaderMessages(this.#host.locale).fileUnreadable, this.#notice);
      return;
    }
    this.#printedLabel = entry;
    const orderNumber =
      entry.orderNumber?.trim() ||
      (entry.orderId === null ? undefined : ordersOf(this.#host.api).get(entry.orderId)?.number?.trim()) ||
      (entry.orderId === null ? undefined : String(entry.orderId));
    const zpl = entry.label.format === 'ZPL';
    await this.#labelPrinting.print(printer, {
      blob: new Blob([bytes], { type: zpl ? 'application/x-zpl' : 'application/pdf' }),
      document: 'label',
      orderNumber,
      orderId: entry.orderId,
    });
  }

  /** "Print again" after the server's printer failed a label: focus goes back to "Print label". */
  readonly #printLabelAgain = (): void => {
    const entry = this.#printedLabel;
    const printer = printerOf(this.#host);
    if (!entry || !printer) return;
    const had = focusIsWith(this.#host);
    void this.#printLabel(printer, entry).then(() => focusAfter(this.#host, [LABEL_PRINT], { had }));
  };

  /** "Print in the browser" after the server's printer failed a PDF label. */
  readonly #printLabelInBrowser = (): void => {
    const entry = this.#printedLabel;
    if (!entry) return;
    const had = focusIsWith(this.#host);
    this.#labelPrinting.clear();
    this.#printInBrowser(entry.label);
    void focusAfter(this.#host, [LABEL_PRINT], { had });
  };

  /** "Print again" after the server's printer failed a packing slip. */
  readonly #printSlipAgain = (): void => {
    const slip = this.#printedSlip;
    if (!slip) return;
    const had = focusIsWith(this.#host);
    void this.#slip({ orderId: slip.orderId, print: true, button: SLIP_PRINT }).then(() =>
      focusAfter(this.#host, [SLIP_PRINT], { had }),
    );
  };

  /** "Print in the browser" after the server's printer failed a packing slip: the same PDF. */
  readonly #printSlipInBrowser = (): void => {
    const slip = this.#printedSlip;
    if (!slip) return;
    const had = focusIsWith(this.#host);
    this.#slipPrinting.clear();
    this.#slipInBrowser(slip.bytes, slip.name);
    void focusAfter(this.#host, [SLIP_PRINT], { had });
  };

  /** What became of the last label and packing slip sent to the server's printer, or why they cannot be. */
  renderPrints(): TemplateResult {
    const locale = this.#host.locale;
    const text = printingMessages(locale);
    const label = this.#printedLabel?.label;
    return html`${renderRefusal(this.printRefusal(), 'print-refusal')}
    ${printOutcome(this.#labelPrinting.state, locale, {
      what: text.label,
      again: this.#printLabelAgain,
      inBrowser: label?.format === 'PDF' ? this.#printLabelInBrowser : undefined,
    })}
    ${printOutcome(this.#slipPrinting.state, locale, {
      what: text.packingSlip,
      again: this.#printSlipAgain,
      inBrowser: this.#printSlipInBrowser,
    })}`;
  }

  /** Whether a packing slip is being made. */
  get makingSlip(): boolean {
    return this.#slipPress !== undefined;
  }

  /** Why the last packing slip could not be made (its order not read, its code not loaded). */
  get slipFailure(): OpsError | undefined {
    return this.#slipFailure?.error;
  }

  readonly downloadSlip = (orderId: number): void => {
    void this.#slip({ orderId, print: false, button: '[part~="slip-download-button"]' });
  };

  readonly printSlip = (orderId: number): void => {
    void this.#slip({ orderId, print: true, button: '[part~="slip-print-button"]' });
  };

  /** "Retry" on a slip that could not be made: focus goes back to the button first pressed. */
  readonly retrySlip = (): void => {
    const press = this.#slipFailure?.press;
    if (!press) return;
    const had = focusIsWith(this.#host);
    void this.#slip(press);
    void focusAfter(this.#host, [press.button], { had });
  };

  async #slip(press: SlipPress): Promise<void> {
    // One slip at a time: a second press while one is made would only make it again.
    if (this.#slipPress) return;
    const host = this.#host;
    this.#slipPress = press;
    this.#slipFailure = undefined;
    this.#slipPrinting.clear();
    this.#say('', '');
    host.requestUpdate();
    let file: { bytes: Uint8Array<ArrayBuffer>; name: string };
    try {
      const { packingSlipFile } = await loadSlips();
      file = await packingSlipFile(host.api, {
        orderId: press.orderId,
        locale: host.locale,
        prices: host.slipPrices,
        size: host.slipSize,
        signal: host.withConnection(),
      });
    } catch (cause) {
      this.#slipFailure = { error: host.reportError(cause), press };
      return;
    } finally {
      this.#slipPress = undefined;
      host.requestUpdate();
    }
    const printer = printerOf(host);
    if (!press.print) {
      saveFile(host.renderRoot, file.bytes, file.name, 'application/pdf');
    } else if (printer) {
      this.#printedSlip = { orderId: press.orderId, ...file };
      await this.#slipPrinting.print(printer, {
        blob: new Blob([file.bytes], { type: 'application/pdf' }),
        document: 'packing-slip',
      });
    } else {
      this.#slipInBrowser(file.bytes, file.name);
    }
  }

  /** The packing slip in the browser's print dialog (saved where the browser cannot print a PDF). */
  #slipInBrowser(bytes: Uint8Array<ArrayBuffer>, name: string): void {
    const text = labelDownloaderMessages(this.#host.locale);
    if (printPdf(this.#host.renderRoot, bytes, text.slipFrameTitle, name) === 'saved') {
      this.#say('', text.slipPrintSaved(name));
    }
  }

  #say(problem: string, notice: string): void {
    if (problem === this.#problem && notice === this.#notice) return;
    this.#problem = problem;
    this.#notice = notice;
    this.#host.requestUpdate();
  }

  #saveDocument(content: string | null, name: string, type: string): void {
    const bytes = decodeBase64(content);
    if (!bytes) {
      this.#say(labelDownloaderMessages(this.#host.locale).fileUnreadable, this.#notice);
      return;
    }
    this.#say('', '');
    saveFile(this.#host.renderRoot, bytes, name, type);
  }

  readonly download = (label: BoughtLabel): void => {
    const zpl = label.format === 'ZPL';
    this.#saveDocument(
      label.label,
      `label-${fileName(label)}.${zpl ? 'zpl' : 'pdf'}`,
      zpl ? 'text/plain' : 'application/pdf',
    );
  };

  /** "Print label": to the server's printer with a `printer`, else the browser's print dialog. */
  readonly print = (label: BoughtLabel, orderId: number | null = null): void => {
    const printer = printerOf(this.#host);
    if (printer) {
      this.#say('', '');
      void this.#printLabel(printer, { label, orderId });
      return;
    }
    this.#printInBrowser(label);
  };

  #printInBrowser(label: BoughtLabel): void {
    const text = labelDownloaderMessages(this.#host.locale);
    const bytes = decodeBase64(label.label);
    if (!bytes) {
      this.#say(text.fileUnreadable, this.#notice);
      return;
    }
    const name = `label-${fileName(label)}.pdf`;
    this.#say('', this.#notice);
    const printed = printPdf(this.#host.renderRoot, bytes, text.printFrameTitle, name);
    this.#say('', printed === 'saved' ? text.printSaved(name) : '');
  }

  readonly invoice = (label: BoughtLabel): void => {
    this.#saveDocument(label.invoice, `customs-invoice-${fileName(label)}.pdf`, 'application/pdf');
  };
}
