import { defineMessages } from '../../shared/locale.js';

/**
 * The English of <pick-list>. A translation gives these keys with the same parameters. Numbers
 * arrive formatted for the locale (`quantity`, `done`, `total`, `picked`, `rows`, `given`, `max`).
 */
const en = {
  heading: 'Pick list',
  noOrders: 'Choose orders to pick.',
  tooMany: (given: string, max: string) =>
    `${given} orders were given; only the first ${max} are included. Pick the rest on another list.`,
  loadingOrders: (done: string, total: string) => `Loading orders ${done} of ${total}`,
  loadFailed: 'The orders could not be loaded.',
  pickAt: (warehouse: string) => `Pick at ${warehouse}`,
  unnamedWarehouse: (id: string) => `Warehouse ${id}`,
  location: 'Location',
  item: 'Item',
  quantity: 'Quantity',
  orders: 'Orders',
  sku: (sku: string) => `SKU ${sku}`,
  noLocation: 'No location',
  inKit: (kit: string) => `in ${kit}`,
  orderShare: (number: string, quantity: string) => `${number} × ${quantity}`,
  pickItem: (item: string) => `Picked ${item}`,
  progress: (picked: string, rows: string) => `${picked} of ${rows} rows picked`,
  allPicked: 'Every row is picked.',
  nothingToPick: 'Nothing of these orders is allocated to a warehouse yet.',
  nothingAtWarehouse: 'Nothing of these orders is allocated at this warehouse.',
  notAllocatedHeading: 'Not allocated yet',
  notAllocatedItem: (number: string, item: string, quantity: string) => `${number}: ${item} × ${quantity}`,
  startAgain: 'Start again',
  startedAgain: 'Ticks cleared. Start with the first row.',
  download: 'Download pick list',
  print: 'Print pick list',
  printFrameTitle: 'Pick list to print',
  printSaved: (fileName: string) =>
    `This browser cannot print a PDF from the page, so the pick list was saved as ${fileName}: print it from there.`,
  fileFailed: 'The pick list could not be made into a PDF.',
};

/** English text of <pick-list>; a translation gives these keys with the same parameters. */
export type PickListMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'pick-list': PickListMessages;
  }
}

export const pickListMessages = defineMessages('pick-list', en);
