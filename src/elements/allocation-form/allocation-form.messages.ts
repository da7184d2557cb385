import { defineMessages } from '../../shared/locale.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import type { AllocationResultMessages } from './allocation-result.js';
import type { RemovalRequestMessages } from './removal-request.js';
import type { StockEditorMessages } from './stock-editor.js';

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
  adjustStock: (item: string) => `Adjust stock for ${item}`,
};

/**
 * English text of <allocation-form>; a translation gives these keys with the same parameters. The
 * keys of the stock editor, of an allocation's summary and of a removal's status are in the same
 * namespace, with their English in stock-editor.ts, allocation-result.ts and removal-request.ts,
 * which are loaded on demand rather than with the element.
 */
export type AllocationFormMessages = typeof en &
  StockEditorMessages &
  AllocationResultMessages &
  RemovalRequestMessages;

declare module '../../shared/locale.js' {
  interface Translation {
    'allocation-form': AllocationFormMessages;
  }
}

/** The element's own keys: those of the modules loaded on demand come with them. */
export const allocationFormMessages: (locale: ResolvedLocale) => typeof en = defineMessages(
  'allocation-form',
  en as AllocationFormMessages,
);
