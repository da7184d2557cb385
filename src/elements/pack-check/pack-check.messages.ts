import { defineMessages } from '../../shared/locale.js';

const en = {
  region: (number: string) => `Pack order ${number}`,
  loadingOrder: 'Loading the order…',
  noItems: 'This order has no items to pack.',
  barcode: 'Barcode',
  noBarcode: 'No barcode',
  sku: 'SKU',
  countOf: (count: string, expected: string) => `${count} of ${expected}`,
  count: 'Count',
  countItem: (item: string) => `Count ${item}`,
  progress: (counted: string, total: string) => `${counted} of ${total} items scanned`,
  scanField: 'Scan or type a barcode',
  scanHint: 'A scanner types the code and Enter. An item without a barcode is counted with its Count button.',
  scanHintPage: 'A scan is taken anywhere on this page, unless a field elsewhere has focus.',
  startAgain: 'Start again',
  dismiss: 'Dismiss',
  scanned: (item: string, count: string, expected: string) => `Scanned ${item} (${count} of ${expected})`,
  counted: (item: string, count: string, expected: string) => `Counted ${item} (${count} of ${expected})`,
  alreadyComplete: (expected: string, item: string) => `All ${expected} of ${item} already scanned`,
  unknownCode: (code: string) => `${code} is not in this order`,
  slipOfThisOrder: (number: string) => `Packing slip of ${number}: this order`,
  verified: (total: string) => `All ${total} items scanned. The parcel is verified.`,
  startedAgain: 'Counts cleared. Scan the first item.',
};

/** English text of <pack-check>; a translation gives these keys with the same parameters. */
export type PackCheckMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'pack-check': PackCheckMessages;
  }
}

export const packCheckMessages = defineMessages('pack-check', en);
