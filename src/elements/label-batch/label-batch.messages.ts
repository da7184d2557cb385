import { defineMessages } from '../../shared/locale.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import type { ACTIONS_EN } from './batch-actions.messages.js';
import type { RATES_EN } from './batch-rates.messages.js';

/**
 * The English of what the element shows before any rates have arrived. What only the rates bring
 * (the controls, the table, "Buy labels") has its English in batch-rates.messages.ts, and what only
 * its actions show (a label bought, an answer that did not say, labels bought earlier, the label
 * files) in batch-actions.messages.ts, each loaded with what shows it. Numbers arrive formatted for
 * the locale (`shown`, `done`, `total`, `max`).
 */
export const en = {
  heading: 'Labels for several orders',
  noOrders: 'Choose orders to buy labels for.',
  tooMany: (given: string, max: string) =>
    `${given} orders were given; only the first ${max} are included. Buy the rest in another batch.`,
  loadingOrders: (done: string, total: string) => `Loading orders ${done} of ${total}`,
  gettingRates: (done: string, total: string) => `Getting rates ${done} of ${total}`,
  buying: (done: string, total: string) => `Buying labels ${done} of ${total}`,
  refreshRatesFor: (number: string) => `Refresh rates for ${number}`,
  mergeFailed: 'The labels could not be put into one file.',
  unshippableHeading: (count: number, shown: string) =>
    count === 1 ? '1 order left out' : `${shown} orders left out`,
  notLoaded: 'The order could not be loaded.',
  noAllocation: 'Nothing is allocated to a warehouse yet.',
  noAddress: 'The order has no delivery address.',
  noWarehouse: 'Its warehouse has no address.',
  alreadyShipped: 'The order has shipped already.',
  ratesFailed: 'The rates request failed.',
  noQuotes: 'No carrier offered a rate.',
};

/**
 * English text of <label-batch>, one namespace for all of it (`en`, the rates' `RATES_EN` and the
 * actions' `ACTIONS_EN`); a translation gives these keys with the same parameters.
 */
export type LabelBatchMessages = typeof en & typeof RATES_EN & typeof ACTIONS_EN;

declare module '../../shared/locale.js' {
  interface Translation {
    'label-batch': LabelBatchMessages;
  }
}

/**
 * The element's own keys (`en`'s) in the locale's language. A definer merges a translation for the
 * keys of the English it is given, so this one, which has `en` only, reads only those: the rates
 * and the actions read their keys with definers of their own (batch-rates.messages.ts,
 * batch-actions.messages.ts).
 */
export const labelBatchMessages: (locale: ResolvedLocale) => typeof en = defineMessages(
  'label-batch',
  en as LabelBatchMessages,
);
