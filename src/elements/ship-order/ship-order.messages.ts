import { defineMessages } from '../../shared/locale.js';

/** Names of the parts of a delivery address, as "Delivery address incomplete: …" lists them. */
const partsEn: Record<string, string> = {
  name: 'name',
  line1: 'address line 1',
  city: 'city',
  postcode: 'postcode',
  country: 'country',
};

const en = {
  noOrder: 'Choose an order to ship it here.',
  loadingOrder: 'Loading order…',
  checksHeading: 'Before shipping',
  addressIncomplete: (missing: string) => `Delivery address incomplete: ${missing}`,
  addressPart: (part: string) => partsEn[part] ?? part,
  addressHint: 'Correct it in the store the order came from, then open the order again.',
  noWeight: (item: string) => `No weight for ${item}`,
  addWeight: (item: string) => `Add weight for ${item}`,
  noCustoms: (item: string) => `No customs details for ${item}`,
  addCustoms: (item: string) => `Add customs details for ${item}`,
  noPhone: 'No phone for the customer',
  addPhone: 'Add phone',
  notAllocated: 'Not allocated yet',
  toAllocate: (item: string, count: string) => `${item}: ${count} to allocate`,
  notStocked: 'not stocked at any warehouse. Adjust its stock at a warehouse below, then allocate it.',
  outOfStock: 'out of stock wherever it is stocked. Adjust its stock below, then allocate it.',
  shortOf: (available: string, warehouse: string) =>
    `only ${available} available (${warehouse}). Adjust the stock below, or ship what is allocated.`,
  inStockAt: (warehouse: string) => `in stock at ${warehouse}: allocate it below.`,
  shipAllocated: 'Ship the allocated items',
  shipAllocatedHint:
    'Ships what is allocated now in a parcel of its own; the rest stays on the order to allocate later.',
  splitNote: (items: string) => `Shipping the allocated items only. Still to allocate: ${items}.`,
  allocateRest: 'Allocate the rest first',
  readyToShip: 'Ready to ship',
  close: 'Close',
  allocationHeading: 'Allocate',
  packHeading: 'Pack',
  ratesHeading: 'Choose a rate and buy the label',
  doneHeading: 'Shipped',
  trackingNumbers: 'Tracking number',
  untracked: 'Shipped without a tracking number.',
  announceAllocated: 'Allocated. Choose a rate.',
  announcePack: 'Allocated. Scan each item into the parcel.',
  announcePacked: 'Parcel verified. Choose a rate.',
  announceShipped: 'Label bought. The order is shipped.',
  announceSplit: 'Shipping the allocated items. Choose a rate.',
  announcePartShipped: 'Label bought for the allocated items. The rest is still to allocate.',
  announceFixed: 'Saved. Checks updated.',
};

/** English text of <ship-order>; a translation gives these keys with the same parameters. */
export type ShipOrderMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'ship-order': ShipOrderMessages;
  }
}

export const shipOrderMessages = defineMessages('ship-order', en);
