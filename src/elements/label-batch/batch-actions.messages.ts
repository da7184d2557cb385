import type { defineMessages, ResolvedLocale } from '../../shared/locale.js';
import type { en, LabelBatchMessages } from './label-batch.messages.js';

/**
 * The English of what only label-batch's actions show (batch-actions.ts), loaded with them: a
 * label bought, an answer that did not say whether it was, labels bought earlier, the label files.
 * The keys are the element's own namespace, `label-batch`, as a translation gives them.
 */
export const ACTIONS_EN = {
  tracking: (trackingNumber: string) => `Bought, tracking ${trackingNumber}`,
  untracked: 'Bought (untracked service)',
  mayHaveBought: 'No clear answer: the label may have been bought. Check the order before buying again.',
  readingOrder: 'Reading the order again…',
  orderShowsLabel: 'The order now shows a label: it was bought.',
  orderShowsNoLabel: 'The order shows no label yet.',
  orderNotRead: 'The order could not be read again.',
  readOrderAgain: (number: string) => `Read ${number} again`,
  buyAgainFor: (number: string) => `Buy again for ${number}`,
  boughtCount: (count: number, shown: string) => (count === 1 ? '1 label bought' : `${shown} labels bought`),
  downloadLabels: 'Download labels',
  printLabels: 'Print labels',
  earlierHeading: 'Labels already bought for these orders',
  downloadAgain: 'Download again',
  printAgain: 'Print again',
  notKept:
    'This browser could not keep a copy of the labels (a private window or full storage): download them now, they cannot be fetched again later.',
  printFrameTitle: 'Labels to print',
  zplHint: 'ZPL labels are for thermal label printers.',
  fileUnreadable: 'The labels could not be read.',
};

/** The keys of the `label-batch` namespace the actions read: the element's own and theirs. */
export type ActionMessages = typeof en & typeof ACTIONS_EN;

let messages: ((locale: ResolvedLocale) => ActionMessages) | undefined;

/** The element's English (`first`) and the actions', in the locale's language. */
export function actionMessages(
  define: typeof defineMessages,
  first: typeof en,
): (locale: ResolvedLocale) => ActionMessages {
  return (messages ??= define('label-batch', { ...first, ...ACTIONS_EN } as LabelBatchMessages));
}

/** The actions' English, under the name the translation checks read (scripts/catalogs.ts). */
export { ACTIONS_EN as en };
