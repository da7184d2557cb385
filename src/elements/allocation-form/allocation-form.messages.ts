import { defineMessages } from '../../shared/locale.js';

/** `count` is the number the words agree with; `shown` is the same number formatted for the locale. */
type Counted = (count: number, shown: string) => string;

const itemsEn: Counted = (count, shown) => (count === 1 ? '1 item' : `${shown} items`);

const en = {
  loadingOrder: 'Loading order…',
  noOrder: 'Choose an order to allocate its stock here.',
  heading: (number: string) => `Allocate stock for order ${number}`,
  warehouse: 'Warehouse',
  warehouseHint: 'Stock shown is for the items still to allocate.',
  warehouseOption: (
    name: string,
    inStock: number,
    wanted: number,
    shownInStock: string,
    shownWanted: string,
  ) =>
    wanted === 0
      ? name
      : inStock >= wanted
        ? `${name} — ${wanted === 1 ? 'the item is' : `all ${shownWanted} items`} in stock`
        : inStock === 0
          ? `${name} — none in stock`
          : `${name} — ${shownInStock} of ${shownWanted} items in stock`,
  noWarehouses: 'None of these items is stocked at any warehouse, so nothing can be allocated yet.',
  quantities: 'Quantities to allocate',
  quantityFor: (item: string) => `Quantity for ${item}`,
  lineSummary: (ordered: string, allocated: string) => `${ordered} ordered · ${allocated} allocated`,
  availableAt: (available: string, warehouse: string) => `${available} available at ${warehouse}`,
  unlimitedAt: (warehouse: string) => `Always in stock at ${warehouse}`,
  notStockedAt: (warehouse: string) => `Not stocked at ${warehouse}`,
  lineAllocated: 'Fully allocated',
  orderAllocated: 'Everything in this order is allocated.',
  allocate: 'Allocate',
  allocating: 'Allocating…',
  errorWholeNumber: 'Enter a whole number, like 2.',
  errorNegative: 'The quantity cannot be below 0.',
  errorMoreThanUnallocated: (count: number, shown: string) =>
    count === 0 ? 'Nothing is left to allocate here.' : `Only ${shown} still to allocate.`,
  errorMoreThanAvailable: (count: number, shown: string, warehouse: string) =>
    count === 0 ? `None available at ${warehouse}.` : `Only ${shown} available at ${warehouse}.`,
  errorNothingChosen: 'Enter a quantity above 0 for at least one item.',
  notAllocated: 'Nothing was allocated.',
  items: itemsEn,
  resultComplete: (items: string, warehouse: string) =>
    `Allocated ${items} at ${warehouse}. The order is fully allocated.`,
  resultPartial: (items: string, warehouse: string) => `Allocated ${items} at ${warehouse}.`,
  stillToAllocate: 'Still to allocate:',
  andMore: (count: string) => `and ${count} more`,
  remainingLine: (quantity: string, item: string) => `${quantity} × ${item}`,
  allocations: 'Allocations',
  noAllocations: 'Nothing allocated yet.',
  removeAllocation: 'Remove allocation',
  /** A shipped allocation cannot be removed; its tracking number may be empty. */
  shipped: (tracking: string) => `Shipped ${tracking}`,
  confirmRemove: (warehouse: string) =>
    `Remove the allocation at ${warehouse}? Its items go back into stock.`,
  remove: 'Remove',
  cancel: 'Cancel',
  notRemoved: 'The allocation was not removed.',
  removing: 'Removing allocation…',
  allocationRemoved: 'Allocation removed.',
  adjustStock: (item: string) => `Adjust stock for ${item}`,
  adjustStockAt: (item: string, warehouse: string) => `Adjust stock for ${item} at ${warehouse}`,
  stockAt: (item: string, warehouse: string) => `Stock of ${item} at ${warehouse}`,
  stockLevel: 'Stock level',
  stockLevelHint: (allocated: number, shownAllocated: string, warehouse: string) =>
    allocated === 0
      ? `Units on hand at ${warehouse}.`
      : `Units on hand at ${warehouse}, including ${shownAllocated} allocated to orders.`,
  location: 'Location',
  saveStock: 'Save stock',
  savingStock: 'Saving stock…',
  stockSaved: (item: string, warehouse: string) => `Stock of ${item} at ${warehouse} saved.`,
  stockNotSaved: 'The stock level was not saved.',
  errorStockNegative: 'The stock level cannot be below 0.',
};

/** English text of <allocation-form>; a translation gives these keys with the same parameters. */
export type AllocationFormMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'allocation-form': AllocationFormMessages;
  }
}

export const allocationFormMessages = defineMessages('allocation-form', en);
