import { defineMessages } from '../../shared/locale.js';

/** `count` is the number the words agree with; `shown` is the same number formatted for the locale. */
type Counted = (count: number, shown: string) => string;

const itemsEn: Counted = (count, shown) => (count === 1 ? '1 item' : `${shown} items`);
const itemsDe: Counted = (count, shown) => (count === 1 ? '1 Artikel' : `${shown} Artikel`);

export const allocationFormMessages = defineMessages({
  en: {
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
    confirmRemove: (warehouse: string) =>
      `Remove the allocation at ${warehouse}? Its items go back into stock.`,
    remove: 'Remove',
    cancel: 'Cancel',
    removing: 'Removing allocation…',
    allocationRemoved: 'Allocation removed.',
    notRemoved: 'The allocation was not removed.',
  },
  de: {
    loadingOrder: 'Bestellung wird geladen …',
    noOrder: 'Wählen Sie eine Bestellung, um ihren Bestand hier zuzuweisen.',
    heading: (number: string) => `Bestand für Bestellung ${number} zuweisen`,
    warehouse: 'Lager',
    warehouseHint: 'Der angezeigte Bestand bezieht sich auf die noch zuzuweisenden Artikel.',
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
          ? `${name} — ${wanted === 1 ? 'der Artikel ist' : `alle ${shownWanted} Artikel`} vorrätig`
          : inStock === 0
            ? `${name} — nichts vorrätig`
            : `${name} — ${shownInStock} von ${shownWanted} Artikeln vorrätig`,
    noWarehouses:
      'Keiner dieser Artikel ist in einem Lager vorrätig, daher kann noch nichts zugewiesen werden.',
    quantities: 'Zuzuweisende Mengen',
    quantityFor: (item: string) => `Menge für ${item}`,
    lineSummary: (ordered: string, allocated: string) => `${ordered} bestellt · ${allocated} zugewiesen`,
    availableAt: (available: string, warehouse: string) => `${available} verfügbar in ${warehouse}`,
    unlimitedAt: (warehouse: string) => `In ${warehouse} immer vorrätig`,
    notStockedAt: (warehouse: string) => `In ${warehouse} nicht geführt`,
    lineAllocated: 'Vollständig zugewiesen',
    orderAllocated: 'Alles in dieser Bestellung ist zugewiesen.',
    allocate: 'Zuweisen',
    allocating: 'Wird zugewiesen …',
    errorWholeNumber: 'Geben Sie eine ganze Zahl ein, zum Beispiel 2.',
    errorNegative: 'Die Menge darf nicht unter 0 liegen.',
    errorMoreThanUnallocated: (count: number, shown: string) =>
      count === 0 ? 'Hier ist nichts mehr zuzuweisen.' : `Nur noch ${shown} zuzuweisen.`,
    errorMoreThanAvailable: (count: number, shown: string, warehouse: string) =>
      count === 0 ? `In ${warehouse} ist nichts verfügbar.` : `Nur ${shown} verfügbar in ${warehouse}.`,
    errorNothingChosen: 'Geben Sie für mindestens einen Artikel eine Menge über 0 ein.',
    notAllocated: 'Es wurde nichts zugewiesen.',
    items: itemsDe,
    resultComplete: (items: string, warehouse: string) =>
      `${items} in ${warehouse} zugewiesen. Die Bestellung ist vollständig zugewiesen.`,
    resultPartial: (items: string, warehouse: string) => `${items} in ${warehouse} zugewiesen.`,
    stillToAllocate: 'Noch zuzuweisen:',
    remainingLine: (quantity: string, item: string) => `${quantity} × ${item}`,
    andMore: (count: string) => `und ${count} weitere`,
    allocations: 'Zuweisungen',
    noAllocations: 'Noch nichts zugewiesen.',
    removeAllocation: 'Zuweisung entfernen',
    confirmRemove: (warehouse: string) =>
      `Die Zuweisung in ${warehouse} entfernen? Ihre Artikel gehen zurück in den Bestand.`,
    remove: 'Entfernen',
    cancel: 'Abbrechen',
    removing: 'Zuweisung wird entfernt …',
    allocationRemoved: 'Zuweisung entfernt.',
    notRemoved: 'Die Zuweisung wurde nicht entfernt.',
  },
});
