/**
 * New versions of an order after a change made elsewhere: an allocation removed, a stock level
 * corrected. Each returns a new order (or the same one when nothing changes), for the order store.
 */
import type { StockEntry } from './schemas/catalog.js';
import type { Order } from './schemas/order.js';

/** The order without allocation `allocationId` (ids compared as text). */
export function withoutAllocation(order: Order, allocationId: number | string): Order {
  return {
    ...order,
    allocations: (order.allocations ?? []).filter(
      (allocation) => String(allocation.id) !== String(allocationId),
    ),
  };
}

const warehouseKeyOf = (entry: StockEntry): string => String(entry.warehouse?.id ?? entry.warehouse_id);

/**
 * The order with `entry` as the stock of sellable `sellableId` at warehouse `warehouseId` in its
 * line items (merged over the entry it replaces, so fields only the old one had stay); the same
 * order when no line item sells that sellable.
 */
export function withStockEntry(
  order: Order,
  sellableId: number | string,
  warehouseId: number | string,
  entry: StockEntry,
): Order {
  const items = order.line_items;
  if (!items?.some((item) => item.sellable && String(item.sellable.id) === String(sellableId))) return order;
  const warehouse = String(warehouseId);
  return {
    ...order,
    line_items: items.map((item) => {
      const sellable = item.sellable;
      if (!sellable || String(sellable.id) !== String(sellableId)) return item;
      const entries = sellable.stock_entries ?? [];
      const index = entries.findIndex((candidate) => warehouseKeyOf(candidate) === warehouse);
      const previous = entries[index];
      const merged: StockEntry = previous
        ? {
            ...previous,
            ...entry,
            warehouse:
              previous.warehouse && entry.warehouse
                ? { ...previous.warehouse, ...entry.warehouse }
                : (entry.warehouse ?? previous.warehouse),
          }
        : entry;
      const stock_entries = previous
        ? entries.map((candidate, at) => (at === index ? merged : candidate))
        : [...entries, merged];
      return { ...item, sellable: { ...sellable, stock_entries } };
    }),
  };
}
