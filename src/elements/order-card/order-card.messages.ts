import { defineMessages } from '../../shared/locale.js';

const en = {
  loadingOrder: 'Loading order…',
  noOrder: 'Choose an order to show it here.',
  orderHeading: (number: string) => `Order ${number}`,
  orderDetails: (number: string) => `Details of order ${number}`,
  itemsOf: (number: string) => `Items of order ${number}`,
  created: 'Created',
  due: 'Due',
  customer: 'Customer',
  phone: (phone: string) => `Phone ${phone}`,
  mobile: (mobile: string) => `Mobile ${mobile}`,
  editCustomer: 'Edit customer',
  tags: 'Tags',
  deliveryMethod: 'Delivery method',
  noDeliveryMethod: 'No delivery method',
  editDeliveryMethod: 'Edit delivery method',
  deliverTo: 'Deliver to',
  noAddress: 'No delivery address',
  lineItems: 'Items',
  image: 'Image',
  item: 'Item',
  sku: 'SKU',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  lineTotal: 'Line total',
  editProduct: (item: string) => `Edit product ${item}`,
  /** What "Edit product …" shows beside its line item; its name says the whole. */
  edit: 'Edit',
  close: 'Close',
  itemsRange: (first: string, last: string, total: string) => `Items ${first}–${last} of ${total}`,
  previousItems: 'Previous items',
  nextItems: 'Next items',
  totals: 'Totals',
  subtotal: 'Subtotal',
  delivery: 'Delivery',
  discounts: 'Discounts',
  tax: 'Tax',
  total: 'Total',
  allocations: 'Allocations',
  noAllocations: 'Nothing allocated yet.',
  allocationAt: (warehouse: string) => `At ${warehouse}`,
  notShipped: 'Not shipped',
  shipment: 'Shipment',
  tracking: (trackingNumber: string) => `Tracking ${trackingNumber}`,
  trackingBy: (carrier: string, trackingNumber: string) => `${carrier} tracking ${trackingNumber}`,
  notes: 'Notes',
  noNotes: 'No notes yet.',
  noteBy: (author: string, time: string) => `${author}, ${time}`,
  unknownAuthor: 'Unknown',
  noteLabel: 'Note',
  addNote: 'Add note',
  addingNote: 'Adding note…',
  noteRequired: 'Write a note first.',
  noteNotSaved: 'The note was not saved.',
  noteAdded: 'Note added.',
  noteCount: (count: string, max: string) => `${count} of ${max} characters`,
  showMore: 'Show more',
  showLess: 'Show less',
};

/** English text of <order-card>; a translation gives these keys with the same parameters. */
export type OrderCardMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'order-card': OrderCardMessages;
  }
}

export const orderCardMessages = defineMessages('order-card', en);
