import { defineMessages } from '../../shared/locale.js';

/**
 * The English text of rate-picker's quotes (rate-results.templates.ts), loaded with them, never with the
 * picker: a namespace of its own, `rate-picker-results`. The radio group's legend and the notice
 * of expired quotes say what the picker's `heading` and `expired` say.
 */
const en = {
  legend: 'Shipping rates',
  expired: 'These rates have expired. Refresh rates to see current prices before choosing one.',
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

/** English text of rate-picker's quotes; a translation gives these keys with the same parameters. */
export type RatePickerResultsMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'rate-picker-results': RatePickerResultsMessages;
  }
}

export const ratePickerResultsMessages = defineMessages('rate-picker-results', en);
