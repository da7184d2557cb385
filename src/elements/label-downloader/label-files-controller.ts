/**
 * What the buttons of a bought label do: save the label (PDF or ZPL) or the customs invoice as a
 * file named after the tracking number, or print a PDF label from a hidden frame. A document that
 * cannot be decoded is reported through `problem` instead.
 */
import { decodeBase64, fileNamePart, printPdf, saveFile } from '../../shared/label-files.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import type { BoughtLabel } from '../../shipping/label-facts.js';
import { labelDownloaderMessages } from './label-downloader.messages.js';
import type { LabelActions } from './label-downloader.templates.js';

export interface LabelFileHost {
  /** Where the download link or the print frame is placed for a moment (the shadow root). */
  container: () => ParentNode;
  locale: () => ResolvedLocale;
  /** Why the last file could not be saved or printed, or '' once one was. */
  problem: (message: string) => void;
  /** What became of a print the browser could not make (the label was saved instead), or ''. */
  notice: (message: string) => void;
}

export function labelFileActions(host: LabelFileHost): LabelActions {
  const unreadable = () => host.problem(labelDownloaderMessages(host.locale()).fileUnreadable);

  const saveDocument = (content: string | null, name: string, type: string): void => {
    const bytes = decodeBase64(content);
    if (!bytes) {
      unreadable();
      return;
    }
    host.problem('');
    host.notice('');
    saveFile(host.container(), bytes, name, type);
  };

  const fileName = (label: BoughtLabel): string =>
    fileNamePart(label.trackingNumber ?? label.remoteShipmentId ?? 'shipment');

  return {
    download: (label) => {
      const zpl = label.format === 'ZPL';
      saveDocument(
        label.label,
        `label-${fileName(label)}.${zpl ? 'zpl' : 'pdf'}`,
        zpl ? 'text/plain' : 'application/pdf',
      );
    },
    print: (label) => {
      const bytes = decodeBase64(label.label);
      if (!bytes) {
        unreadable();
        return;
      }
      host.problem('');
      const text = labelDownloaderMessages(host.locale());
      const name = `label-${fileName(label)}.pdf`;
      const printed = printPdf(host.container(), bytes, text.printFrameTitle, name);
      host.notice(printed === 'saved' ? text.printSaved(name) : '');
    },
    invoice: (label) => {
      saveDocument(label.invoice, `customs-invoice-${fileName(label)}.pdf`, 'application/pdf');
    },
  };
}
