import { defineMessages } from '../../shared/locale.js';
import type { ResolvedLocale } from '../../shared/locale.js';

/**
 * The English of <label-batch> as it first loads: what shows before any rates arrive, what rates
 * bring (the controls, the table of orders with their rates, what became of each row's label, the
 * totals and "Buy labels", the carriers that could not take a parcel). What only the actions bring
 * about (a label bought, an answer that did not say whether it was, labels bought earlier, the label
 * files) has its text with them, in batch-actions.messages.ts. A translation gives these keys with
 * the same parameters. Numbers arrive formatted for the locale (`shown`, `done`, `total`, `max`).
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
  unshippableHeading: (count: number, shown: string) =>
    count === 1 ? '1 order left out' : `${shown} orders left out`,
  notLoaded: 'The order could not be loaded.',
  noAllocation: 'Nothing is allocated to a warehouse yet.',
  noAddress: 'The order has no delivery address.',
  noWarehouse: 'Its warehouse has no address.',
  alreadyShipped: 'The order has shipped already.',
  ratesFailed: 'The rates request failed.',
  noQuotes: 'No carrier offered a rate.',
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
  /** Under a row's select, the delivery of the rate chosen, which a narrow select cuts off. */
  chosenDeliveryBy: (date: string) => `Delivery by ${date}`,
  chosenNoEstimate: 'No delivery estimate',
  total: 'Total',
  totalBought: 'Total of the labels bought',
  buyLabels: (shown: string, total: string) => `Buy labels (${shown}, total ${total})`,
  nothingToBuy: 'Buy labels',
  ready: 'Not bought yet',
  inProgress: 'Buying…',
  notBought: 'Not bought',
  quoteExpired: 'The quote has expired.',
  chooseAgain: 'Choose a rate or refresh rates to try again.',
  refreshing: 'Getting new rates…',
  failedCount: (count: number, shown: string) =>
    count === 1 ? '1 order not bought' : `${shown} orders not bought`,
  allUnavailable: 'No carrier can take this parcel.',
  unavailable: (carrier: string, reasons: string) => `${carrier}: ${reasons}`,
  mayHaveBought: 'No clear answer: the label may have been bought. Check the order before buying again.',
};

export type LabelBatchMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'label-batch': LabelBatchMessages;
  }
}

/** The text of <label-batch> in the locale's language. */
export const labelBatchMessages: (locale: ResolvedLocale) => LabelBatchMessages = defineMessages(
  'label-batch',
  en,
);
