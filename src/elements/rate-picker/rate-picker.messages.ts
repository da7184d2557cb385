import { defineMessages } from '../../shared/locale.js';

const en = {
  heading: 'Shipping rates',
  orderHeading: (number: string) => `Ship order ${number}`,
  loadingOrder: 'Loading order…',
  nothingToQuote: 'Choose an order, or give a rates request, to get shipping rates.',
  noAllocation:
    'Rates need an allocation first: allocate the order to a warehouse, then get rates from there.',
  noAddress: 'The order has no delivery address with a country, so no carrier can quote for it.',
  alreadyShipped: 'This order has shipped: its label is bought. Buy another only from a new order.',
  noWarehouse: 'The allocation’s warehouse has no address with a country to ship from.',
  route: (from: string, to: string) => `From ${from} to ${to}`,
  shipFrom: 'Ship from',
  allocationAt: (warehouse: string, weight: string) => `${warehouse} (${weight})`,
  parcel: 'Parcel',
  weight: 'Weight',
  weightUnit: 'Weight unit',
  length: 'Length',
  width: 'Width',
  height: 'Height',
  dimensionUnit: 'Dimension unit',
  optional: '(optional)',
  weightRequired: 'Enter the parcel weight.',
  weightTooLow: 'The weight must be at least 0.01.',
  badWeightUnit: 'Choose a weight unit: oz, lb, g or kg.',
  badDimensionUnit: 'Choose a dimension unit: in, cm, ft or m.',
  dimensionPositive: 'Enter a size above 0, or leave it empty.',
  oneParcel: (count: string) => `A rates request takes exactly one parcel; this one has ${count}.`,
  carriers: 'Carriers',
  carriersHint: 'Only the ticked carrier accounts are asked for rates.',
  carriersLoading: 'Loading carrier accounts…',
  carriersNotLoaded: 'Carrier accounts could not be loaded; rates come from every carrier.',
  carrierRequired: 'Tick at least one carrier.',
  onePerCarrier: 'Tick at most one account per carrier.',
  getRates: 'Get rates',
  gettingRates: 'Getting rates…',
  ratesFailed: 'No rates could be fetched.',
  oneMinuteLeft: 'Rates expire in 1 minute.',
  expired: 'These rates have expired. Refresh rates to see current prices before choosing one.',
  // The quotes, once they arrive (rate-results.templates.ts), and their service options.
  sortBy: 'Sort by',
  sortPrice: 'Price',
  sortDelivery: 'Delivery date',
  sortOnTime: 'On time first',
  cheapest: 'Cheapest',
  fastest: 'Fastest',
  onTime: 'On time',
  late: 'Late',
  noEstimate: 'No delivery estimate',
  deliveryBy: (date: string) => `Delivery by ${date}`,
  includes: (protections: string) => `Includes ${protections}`,
  ownAccount: 'Your account',
  noQuotes: 'No carrier can take this parcel. Check the weight and addresses, or tick more carriers.',
  ratesFound: (count: number, validFor: string) =>
    count === 1 ? `1 rate found, valid for ${validFor}.` : `${count} rates found, valid for ${validFor}.`,
  expiresIn: (time: string) => `Rates valid for ${time}`,
  refreshRates: 'Refresh rates',
  parcelChanged:
    'The parcel changed since these rates were quoted. Get rates again to price it as it is now.',
  unavailable: 'Unavailable',
  unavailableHeading: (count: string) => `Not available for this parcel (${count})`,
  noReason: 'No reason given',
  optionsFor: (service: string) => `Options for ${service}`,
  noChoice: 'None',
  optionPrice: (label: string, price: string) => `${label} (+${price})`,
  between: (min: string, max: string) => `Enter a number from ${min} to ${max}, or leave it empty.`,
  atLeast: (min: string) => `Enter a number of at least ${min}, or leave it empty.`,
  atMost: (max: string) => `Enter a number of at most ${max}, or leave it empty.`,
  notANumber: 'Enter a number, or leave it empty.',
  range: (min: string, max: string) => `${min} to ${max}`,
};

/** English text of <rate-picker>; a translation gives these keys with the same parameters. */
export type RatePickerMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'rate-picker': RatePickerMessages;
  }
}

export const ratePickerMessages = defineMessages('rate-picker', en);
