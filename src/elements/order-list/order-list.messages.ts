import { defineMessages } from '../../shared/locale.js';

const en = {
  orders: 'Orders',
  loadingOrders: 'Loading orders…',
  noOrders: 'No orders',
  status: 'Status',
  allStatuses: 'All statuses',
  tag: 'Tag',
  allTags: 'All tags',
  tagsNotLoaded: 'The tags could not be loaded; the list shows orders of every tag.',
  search: 'Search orders',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageOf: (page: string, pages: string) => `Page ${page} of ${pages}`,
  pager: 'Pages of orders',
  /** `count` is the number the words agree with; `shown` is the same number formatted. */
  items: (count: number, shown: string) => (count === 1 ? '1 item' : `${shown} items`),
  selectOrder: (number: string) => `Select ${number}`,
  selectPage: 'Select all on this page',
};

/** English text of <order-list>; a translation gives these keys with the same parameters. */
export type OrderListMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'order-list': OrderListMessages;
  }
}

export const orderListMessages = defineMessages('order-list', en);
