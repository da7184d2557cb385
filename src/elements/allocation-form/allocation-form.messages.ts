import { defineMessages } from '../../shared/locale.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import type { StockEditorMessages } from './stock-editor.js';

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
  remainingLine: (quantity: string, item: string) => `${quantity} × ${item}`,
  andMore: (count: string) => `and ${count} more`,
  allocations: 'Allocations',
  noAllocations: 'Nothing allocated yet.',
  removeAllocation: 'Remove allocation',
  /** A shipped allocation cannot be removed; its tracking number may be empty. */
  shipped: (tracking: string) => `Shipped ${tracking}`,
  confirmRemove: (warehouse: string) =>
    `Remove the allocation at ${warehouse}? Its items go back into stock.`,
  remove: 'Remove',
  cancel: 'Cancel',
  removing: 'Removing allocation…',
  allocationRemoved: 'Allocation removed.',
  notRemoved: 'The allocation was not removed.',
  adjustStock: (item: string) => `Adjust stock for ${item}`,
};

/**
 * English text of <allocation-form>; a translation gives these keys with the same parameters. The
 * stock editor's keys are in the same namespace, with their English in stock-editor.ts, which is
 * loaded with the editor rather than with the element.
 */
export type AllocationFormMessages = typeof en & StockEditorMessages;

declare module '../../shared/locale.js' {
  interface Translation {
    'allocation-form': AllocationFormMessages;
  }
}

/** The element's own keys: those of the stock editor come with it (stock-editor.ts). */
export const allocationFormMessages: (locale: ResolvedLocale) => typeof en = defineMessages(
  'allocation-form',
  en as AllocationFormMessages,
);
