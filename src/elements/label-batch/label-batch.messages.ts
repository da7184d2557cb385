import { defineMessages } from '../../shared/locale.js';

/** Numbers arrive formatted for the locale (`shown`, `done`, `total`, `max`). */
const en = {
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
  tracking: (trackingNumber: string) => `Bought, tracking ${trackingNumber}`,
  untracked: 'Bought (untracked service)',
  notBought: 'Not bought',
  quoteExpired: 'The quote has expired.',
  mayHaveBought: 'No clear answer: the label may have been bought. Check the order before buying again.',
  readingOrder: 'Reading the order again…',
  orderShowsLabel: 'The order now shows a label: it was bought.',
  orderShowsNoLabel: 'The order shows no label yet.',
  orderNotRead: 'The order could not be read again.',
  readOrderAgain: (number: string) => `Read ${number} again`,
  buyAgainFor: (number: string) => `Buy again for ${number}`,
  chooseAgain: 'Choose a rate or refresh rates to try again.',
  refreshRatesFor: (number: string) => `Refresh rates for ${number}`,
  refreshing: 'Getting new rates…',
  boughtCount: (count: number, shown: string) => (count === 1 ? '1 label bought' : `${shown} labels bought`),
  failedCount: (count: number, shown: string) =>
    count === 1 ? '1 order not bought' : `${shown} orders not bought`,
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

/** English text of <label-batch>; a translation gives these keys with the same parameters. */
export type LabelBatchMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'label-batch': LabelBatchMessages;
  }
}

export const labelBatchMessages = defineMessages('label-batch', en);
