/**
 * A bought label's files: "Download label" (PDF or ZPL) and "Download customs invoice" save the
 * document as a file named after the tracking number, "Print label" prints a PDF label from a
 * hidden frame. What could not be saved or printed (`problem`), and what became of a print the
 * browser could not make (`notice`), are shown by the element until the next file or choice.
 * "Download packing slip" and "Print packing slip" read the label's order and draw its slip; that
 * code (packing-slip-files.ts, with pdf-lib) loads on the first press.
 */
import type { ReactiveController } from 'lit';
import type { OpsError } from '../../api/errors.js';
import { onDemand } from '../../api/load-on-demand.js';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { decodeBase64, fileNamePart, printPdf, saveFile } from '../../shared/label-files.js';
import type { OpsHost } from '../../shared/request-task.js';
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
}

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

  constructor(host: LabelFilesHost) {
    this.#host = host;
    this.#selection = host.selection;
    host.addController(this);
  }

  /** Before each render: a new choice, so what was said of the files before no longer applies. */
  hostUpdate(): void {
    if (this.#host.selection === this.#selection) return;
    this.#selection = this.#host.selection;
    this.#problem = '';
    this.#notice = '';
    this.#slipFailure = undefined;
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
    this.#say('', '');
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
    this.#say('', '');
    host.requestUpdate();
    try {
      const { packingSlipFile } = await loadSlips();
      const file = await packingSlipFile(host.api, {
        orderId: press.orderId,
        locale: host.locale,
        prices: host.slipPrices,
        size: host.slipSize,
        signal: host.withConnection(),
      });
      if (!press.print) {
        saveFile(host.renderRoot, file.bytes, file.name, 'application/pdf');
      } else {
        const text = labelDownloaderMessages(host.locale);
        const printed = printPdf(host.renderRoot, file.bytes, text.slipFrameTitle, file.name);
        if (printed === 'saved') this.#notice = text.slipPrintSaved(file.name);
      }
    } catch (cause) {
      this.#slipFailure = { error: host.reportError(cause), press };
    } finally {
      this.#slipPress = undefined;
      host.requestUpdate();
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

  readonly print = (label: BoughtLabel): void => {
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
  };

  readonly invoice = (label: BoughtLabel): void => {
    this.#saveDocument(label.invoice, `customs-invoice-${fileName(label)}.pdf`, 'application/pdf');
  };
}
