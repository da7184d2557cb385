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
};

/** English text of <rate-picker>; a translation gives these keys with the same parameters. */
export type RatePickerMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'rate-picker': RatePickerMessages;
  }
}

export const ratePickerMessages = defineMessages('rate-picker', en);
