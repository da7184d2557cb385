/**
 * A bought label's files: "Download label" (PDF or ZPL) and "Download customs invoice" save the
 * document as a file named after the tracking number, "Print label" prints a PDF label from a
 * hidden frame. What could not be saved or printed (`problem`), and what became of a print the
 * browser could not make (`notice`), are shown by the element until the next file or choice.
 */
import type { ReactiveController } from 'lit';
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
}

export class LabelFiles implements ReactiveController, LabelActions {
  readonly #host: LabelFilesHost;
  #problem = '';
  #notice = '';
  #selection: unknown;

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
    this.#say('', '');
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
