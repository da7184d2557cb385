import type { ResolvedLocale } from '../../shared/locale.js';
import type { BatchRatesKit } from './batch-rates.js';
import type { LabelBatchMessages } from './label-batch.messages.js';

/**
 * The English of what label-batch shows once rates have arrived (batch-rates.ts), loaded with
 * them: the controls, the table of orders with their rates, what became of each row's label, the
 * totals and "Buy labels", and the carriers that could not take a parcel. The keys are the
 * element's own namespace, `label-batch`, as a translation gives them. Numbers arrive formatted
 * for the locale (`shown`).
 */
export const RATES_EN = {
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
  refreshing: 'Getting new rates…',
  failedCount: (count: number, shown: string) =>
    count === 1 ? '1 order not bought' : `${shown} orders not bought`,
  allUnavailable: 'No carrier can take this parcel.',
  unavailable: (carrier: string, reasons: string) => `${carrier}: ${reasons}`,
};

let messages: ((locale: ResolvedLocale) => typeof RATES_EN) | undefined;

/**
 * These keys of the `label-batch` namespace in the locale's language: a definer merges a
 * translation for the keys of the English it is given, as the element's own does for its keys.
 */
export function ratesMessages(
  define: BatchRatesKit['defineMessages'],
): (locale: ResolvedLocale) => typeof RATES_EN {
  return (messages ??= define('label-batch', RATES_EN as LabelBatchMessages));
}

/** The English loaded with the rates, under the name the translation checks read (scripts/catalogs.ts). */
export { RATES_EN as en };
