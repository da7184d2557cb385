/**
 * Printing to the host server's printers in words (`printing` namespace), for the elements with a
 * `printer` (src/shared/print-controller.ts).
 */
import { defineMessages } from './locale.js';

const en = {
  sending: (printer: string) => `Sending to ${printer}…`,
  sent: (printer: string) => `Sent to ${printer}`,
  printed: (printer: string) => `Printed on ${printer}`,
  failed: (printer: string, reason: string) => `Not printed on ${printer}: ${reason}`,
  unknownPrinter: (id: string) => `The server has no printer "${id}".`,
  noPrinters: 'The server this page talks to has no printers.',
  notTaken: (format: string) => `This printer does not take ${format} files.`,
  printAgain: 'Print again',
  printInBrowser: 'Print in the browser',
  /** What a print line is about, before what became of it ("Label: Sent to …"). */
  label: 'Label',
  packingSlip: 'Packing slip',
  about: (what: string, outcome: string) => `${what}: ${outcome}`,
  /** A batch printed label by label. */
  batchPrinting: (done: number, total: number, printer: string) =>
    `Printing label ${done} of ${total} on ${printer}…`,
  batchSent: (total: number, printer: string) =>
    total === 1 ? `1 label sent to ${printer}` : `${total} labels sent to ${printer}`,
  batchStopped: (done: number, total: number, printer: string, reason: string) =>
    `${done} of ${total} labels sent to ${printer}; the next was not printed: ${reason}`,
  /** The same of a batch that prints packing slips alone (`auto-print="slip"`). */
  batchSlipsPrinting: (done: number, total: number, printer: string) =>
    `Printing packing slip ${done} of ${total} on ${printer}…`,
  batchSlipsSent: (total: number, printer: string) =>
    total === 1 ? `1 packing slip sent to ${printer}` : `${total} packing slips sent to ${printer}`,
  batchSlipsStopped: (done: number, total: number, printer: string, reason: string) =>
    `${done} of ${total} packing slips sent to ${printer}; the next was not printed: ${reason}`,
  printRest: 'Print the rest',
};

export type PrintingMessages = typeof en;

declare module './locale.js' {
  interface Translation {
    printing: PrintingMessages;
  }
}

export const printingMessages = defineMessages('printing', en);
