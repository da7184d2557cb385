import { defineMessages } from '../../shared/locale.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import type { ACTIONS_EN } from './batch-actions.messages.js';

/**
 * The English of what the element shows before anything is pressed. What only its actions show
 * (a label bought, an answer that did not say, labels bought earlier, the label files) has its
 * English in batch-actions.messages.ts, loaded with them. Numbers arrive formatted for the locale
 * (`shown`, `done`, `total`, `max`).
 */
export const en = {
  heading: 'Labels for several orders',
  noOrders: 'Choose orders to buy labels for.',
  tooMany: (given: string, max: string) =>
    `${given} orders were given; only the first ${max} are included. Buy the rest in another batch.`,
  loadingOrders: (done: string, total: string) => `Loading orders ${done} of ${total}`,
  gettingRates: (done: string, total: string) => `Getting rates ${done} of ${total}`,
  buying: (done: string, total: string) => `Buying labels ${done} of ${total}`,
  chooseBy: 'Choose by',
  cheapest: 'Cheapest',
  fastest: 'Fastest',
  preferCarrier: (carrier: string) => `${carrier} first`,
  labelFormat: 'Label format',
  labelFormatPdf: 'PDF',
  labelFormatZpl: 'ZPL (thermal printer)',
  tableCaption: 'Labels to buy',
  order: 'Order',
  shipTo: 'Ship to',
  rate: 'Rate',
  price: 'Price',
  outcome: 'Label',
  rateFor: (number: string) => `Rate for ${number}`,
  /** One quote in a row's select: carrier and service, price, delivery. */
  quoteChoice: (service: string, price: string, delivery: string) => `${service}, ${price}, ${delivery}`,
  deliveryBy: (date: string) => `delivery by ${date}`,
  noEstimate: 'no delivery estimate',
  total: 'Total',
  buyLabels: (shown: string, total: string) => `Buy labels (${shown}, total ${total})`,
  nothingToBuy: 'Buy labels',
  ready: 'Not bought yet',
  inProgress: 'Buying…',
  notBought: 'Not bought',
  quoteExpired: 'The quote has expired.',
  chooseAgain: 'Choose a rate or refresh rates to try again.',
  refreshRatesFor: (number: string) => `Refresh rates for ${number}`,
  refreshing: 'Getting new rates…',
  failedCount: (count: number, shown: string) =>
    count === 1 ? '1 order not bought' : `${shown} orders not bought`,
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
  allUnavailable: 'No carrier can take this parcel.',
  unavailable: (carrier: string, reasons: string) => `${carrier}: ${reasons}`,
};

/**
 * English text of <label-batch>, one namespace for all of it (`en` and the actions' `ACTIONS_EN`);
 * a translation gives these keys with the same parameters.
 */
export type LabelBatchMessages = typeof en & typeof ACTIONS_EN;

declare module '../../shared/locale.js' {
  interface Translation {
    'label-batch': LabelBatchMessages;
  }
}

/**
 * The element's own keys (`en`'s) in the locale's language. A definer merges a translation for the
 * keys of the English it is given, so this one, which has `en` only, reads only those: the actions
 * read the whole namespace with a definer of their own (batch-actions.messages.ts).
 */
export const labelBatchMessages: (locale: ResolvedLocale) => typeof en = defineMessages(
  'label-batch',
  en as LabelBatchMessages,
);
