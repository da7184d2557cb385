import { defineMessages } from '../shared/locale.js';

const en = {
  pickList: 'Pick list',
  pickAt: (warehouse: string) => `Pick at ${warehouse}`,
  continued: (heading: string) => `${heading} (continued)`,
  location: 'Location',
  item: 'Item',
  quantity: 'Quantity',
  orders: 'Orders',
  order: 'Order',
  sku: (sku: string) => `SKU ${sku}`,
  inKit: (kit: string) => `in ${kit}`,
  noLocation: '—',
  notAllocated: 'Not allocated yet',
  nothingToPick: 'Nothing to pick.',
  page: (page: string, pages: string) => `Page ${page} of ${pages}`,
  packingSlip: 'Packing slip',
  orderNumber: 'Order number',
  orderDate: 'Order date',
  deliverTo: 'Deliver to',
  deliveryMethod: 'Delivery method',
  items: 'Items',
  price: 'Price',
  lineTotal: 'Total',
  subtotal: 'Subtotal',
  delivery: 'Delivery',
  total: 'Total',
  customerNote: 'Note from the customer',
};

/** English text of the warehouse's paper; a translation gives these keys with the same parameters. */
export type DocumentsMessages = typeof en;

declare module '../shared/locale.js' {
  interface Translation {
    documents: DocumentsMessages;
  }
}

export const documentsMessages = defineMessages('documents', en);
