import { defineMessages } from '../../shared/locale.js';

/**
 * The English of what label-batch's purchase and label files bring about (batch-purchase.ts,
 * batch-files-controller.ts), loaded with them, never with the element: a label bought, an answer that did not say whether it was and the order read
 * again after it, the label files ("Download labels", "Print labels", and again for labels bought
 * earlier). A namespace of its own, `label-batch-actions`; a translation gives these keys with the
 * same parameters. Numbers arrive formatted for the locale (`shown`).
 */
const en = {
  tracking: (trackingNumber: string) => `Bought, tracking ${trackingNumber}`,
  untracked: 'Bought (untracked service)',
  boughtCount: (count: number, shown: string) => (count === 1 ? '1 label bought' : `${shown} labels bought`),
  readingOrder: 'Reading the order again…',
  orderShowsLabel: 'The order now shows a label: it was bought.',
  orderShowsNoLabel: 'The order shows no label yet.',
  orderNotRead: 'The order could not be read again.',
  readOrderAgain: (number: string) => `Read ${number} again`,
  buyAgainFor: (number: string) => `Buy again for ${number}`,
  secondLabelHint: 'Buy again only if this parcel really needs a second label: both are paid for.',
  heldBought: (order: string, at: string | null, tracking: string | null) =>
    `A label for ${order} was bought on another device${at ? ` at ${at}` : ''}${tracking ? ` (tracking ${tracking})` : ''}.`,
  heldElsewhere: (order: string) => `A label for ${order} is bought, or being bought, on another device.`,
  heldChecking: (order: string) =>
    `A label for ${order} may have been bought moments ago: checking the order…`,
  heldPending: (order: string) =>
    `A label for ${order} may have been bought moments ago, and the order does not show it yet. Check the order before buying again.`,
  heldSettled: (order: string, at: string | null, tracking: string | null) =>
    `A label for ${order} was bought moments ago${at ? `, at ${at}` : ''}${tracking ? ` (tracking ${tracking})` : ''}.`,
  downloadLabels: 'Download labels',
  printLabels: 'Print labels',
  downloadLabelsAndSlips: 'Download labels and packing slips',
  earlierHeading: 'Labels already bought for these orders',
  downloadAgain: 'Download again',
  printAgain: 'Print again',
  notKept:
    'This browser could not keep a copy of the labels (a private window or full storage): download them now, they cannot be fetched again later.',
  printFrameTitle: 'Labels to print',
  printSaved: (file: string) =>
    `This browser cannot print from the page, so the labels were saved as ${file}: print them from your PDF reader.`,
  zplHint: 'ZPL labels are for thermal label printers.',
  fileUnreadable: 'The labels could not be read.',
  mergeFailed: 'The labels could not be put into one file.',
};

export type LabelBatchActionsMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'label-batch-actions': LabelBatchActionsMessages;
  }
}

/** The text of label-batch's actions in the locale's language. */
export const labelBatchActionsMessages = defineMessages('label-batch-actions', en);
