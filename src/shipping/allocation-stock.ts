/**
 * What an order's items have in stock, read from the order alone: one row per sellable with what is
 * ordered, already allocated and still to allocate, and per warehouse how much it could give; the
 * warehouses that could take the order (those stocking any item, then the store's own), with how
 * much of what is still to allocate each could take. The allocation form is built on it, and
 * "Before shipping" says from it why an item is not allocated.
 */
import type { Allocation, LineItem, Order, StockEntry } from '../api/index.js';
import { describeLineItem, memberOf } from '../shared/order-view.js';

/** Units one warehouse can give of one sellable; `Infinity` for infinite stock. */
export type Availability = number;

export interface AllocationRow {
  /** The sellable id as text, the key of the row's field. */
  key: string;
  sellableId: number | string;
  title: string;
  sku: string;
  ordered: number;
  allocated: number;
  /** Ordered minus what existing allocations hold, never below 0. */
  unallocated: number;
  /** Available units per warehouse key; a warehouse missing here does not stock the sellable. */
  stock: Map<string, Availability>;
  /** The stock entry behind each of `stock`'s numbers, by warehouse key. */
  entries: Map<string, StockEntry>;
}

export interface WarehouseChoice {
  key: string;
  id: number | string;
  name: string;
  /** Units still to allocate across the order that this warehouse could take now. */
  unitsInStock: number;
  /** Units still to allocate across the order. */
  unitsWanted: number;
}

const toCount = (value: number | null | undefined): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

function sellableKey(sellable: { id?: unknown } | null | undefined, fallback?: unknown): string | undefined {
  const id = sellable?.id ?? fallback;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
}

function availableUnits(entry: StockEntry): Availability {
  if (entry.infinite) return Infinity;
  const available =
    entry.available_stock_level ?? toCount(entry.physical_stock_level) - toCount(entry.allocated_stock_level);
  return Math.max(0, toCount(available));
}

/** Units of each sellable in `allocations`. */
function unitsBySellable(allocations: readonly Allocation[]): Map<string, number> {
  const held = new Map<string, number>();
  for (const allocation of allocations) {
    for (const line of allocation.line_items ?? []) {
      const key = sellableKey(line.sellable, (line as { sellable_id?: unknown }).sellable_id);
      if (key !== undefined) held.set(key, (held.get(key) ?? 0) + toCount(line.quantity));
    }
  }
  return held;
}

/** Units each sellable holds in the order's existing allocations. */
function allocatedBySellable(order: Order): Map<string, number> {
  return unitsBySellable(order.allocations ?? []);
}

/**
 * What goes in the parcel of `allocation`: the order's line items it holds, each with the quantity
 * it holds of it. Every line item when the allocation lists none.
 */
export function allocationLineItems(order: Order, allocation: Allocation): LineItem[] {
  const lines = order.line_items ?? [];
  const held = unitsBySellable([allocation]);
  if (held.size === 0) return lines;
  return lines.flatMap((line) => {
    const key = sellableKey(line.sellable);
    const left = key === undefined ? 0 : (held.get(key) ?? 0);
    const quantity = Math.min(left, toCount(line.quantity ?? 1));
    if (quantity <= 0 || key === undefined) return [];
    held.set(key, left - quantity);
    return [quantity === line.quantity ? line : { ...line, quantity }];
  });
}

/**
 * One row per sellable, in the order's line order. Lines selling the same sellable share a row,
 * because the API allocates by sellable.
 */
export function allocationRows(order: Order): AllocationRow[] {
  const held = allocatedBySellable(order);
  const rows = new Map<string, AllocationRow>();
  for (const item of order.line_items ?? []) {
    const sellable = item.sellable;
    const key = sellableKey(sellable);
    if (!sellable || key === undefined) continue;
    const existing = rows.get(key);
    if (existing) {
      existing.ordered += toCount(item.quantity);
      continue;
    }
    const { title, sku } = describeLineItem(item);
    const stock = new Map<string, Availability>();
    const entries = new Map<string, StockEntry>();
    for (const entry of sellable.stock_entries ?? []) {
      const warehouseKey = sellableKey(entry.warehouse, entry.warehouse_id);
      if (warehouseKey === undefined) continue;
      stock.set(warehouseKey, availableUnits(entry));
      entries.set(warehouseKey, entry);
    }
    rows.set(key, {
      key,
      sellableId: sellable.id,
      title,
      sku,
      ordered: toCount(item.quantity),
      allocated: 0,
      unallocated: 0,
      stock,
      entries,
    });
  }
  for (const row of rows.values()) {
    row.allocated = held.get(row.key) ?? 0;
    row.unallocated = Math.max(0, row.ordered - row.allocated);
  }
  return [...rows.values()];
}

interface FoundWarehouse {
  id: number | string;
  name: string;
  position: number;
}

/** A warehouse as the API gives it, read defensively: an id, else nothing. */
function readWarehouse(value: unknown): (FoundWarehouse & { key: string }) | undefined {
  const id = memberOf(value, 'id');
  if (typeof id !== 'number' && typeof id !== 'string') return undefined;
  const name = memberOf(value, 'name');
  const position = memberOf(value, 'display_position');
  return {
    key: String(id),
    id,
    name: (typeof name === 'string' && name.trim()) || String(id),
    position: typeof position === 'number' ? position : Number.MAX_SAFE_INTEGER,
  };
}

/**
 * The warehouses of the order's store: its default warehouse and its ranked store warehouses. An
 * item stocked nowhere can still get stock at one of them.
 */
function storeWarehouses(order: Order): Array<FoundWarehouse & { key: string }> {
  const channel: unknown = order.channel;
  const ranked = memberOf(channel, 'channel_warehouses');
  const found = [memberOf(channel, 'default_warehouse')];
  if (Array.isArray(ranked)) for (const link of ranked as unknown[]) found.push(memberOf(link, 'warehouse'));
  return found.map(readWarehouse).filter((warehouse) => warehouse !== undefined);
}

/**
 * Warehouses named by the rows' stock entries, then the store's own warehouses, in display order,
 * with what each could take.
 */
export function warehouseChoices(order: Order, rows: AllocationRow[]): WarehouseChoice[] {
  const found = new Map<string, FoundWarehouse>();
  for (const item of order.line_items ?? []) {
    for (const entry of item.sellable?.stock_entries ?? []) {
      const key = sellableKey(entry.warehouse, entry.warehouse_id);
      const id = entry.warehouse?.id ?? entry.warehouse_id;
      if (key === undefined || id === null || id === undefined || found.has(key)) continue;
      found.set(key, {
        id,
        name: entry.warehouse?.name?.trim() || String(id),
        position: entry.warehouse?.display_position ?? Number.MAX_SAFE_INTEGER,
      });
    }
  }
  for (const { key, ...warehouse } of storeWarehouses(order)) if (!found.has(key)) found.set(key, warehouse);
  const unitsWanted = rows.reduce((sum, row) => sum + row.unallocated, 0);
  return [...found]
    .sort(([, a], [, b]) => a.position - b.position)
    .map(([key, warehouse]) => ({
      key,
      id: warehouse.id,
      name: warehouse.name,
      unitsWanted,
      unitsInStock: rows.reduce((sum, row) => sum + Math.min(row.unallocated, row.stock.get(key) ?? 0), 0),
    }));
}

/** The warehouse that could take the most of what is still to allocate (the first on a tie). */
export function bestWarehouse(choices: WarehouseChoice[]): WarehouseChoice | undefined {
  return choices.reduce<WarehouseChoice | undefined>(
    (best, choice) => (best === undefined || choice.unitsInStock > best.unitsInStock ? choice : best),
    undefined,
  );
}

/** Why an item still to allocate is not allocated, as far as the order's stock tells. */
export type StockReason =
  /** No warehouse has a stock entry for it. */
  | { kind: 'notStocked' }
  /** Warehouses stock it, and none has any available. */
  | { kind: 'outOfStock' }
  /** The warehouse with the most available has fewer than still to allocate. */
  | { kind: 'short'; available: number; warehouse: string }
  /** A warehouse has enough: it can be allocated now. */
  | { kind: 'inStock'; warehouse: string };

export interface UnallocatedItem {
  sellableId: string;
  /** The item's title, else its SKU. */
  item: string;
  ordered: number;
  unallocated: number;
  reason: StockReason;
}

/** The items of the order still to allocate, in line order, each with why it is not allocated. */
export function unallocatedItems(order: Order): UnallocatedItem[] {
  const rows = allocationRows(order);
  const names = new Map(warehouseChoices(order, rows).map((choice) => [choice.key, choice.name]));
  return rows
    .filter((row) => row.unallocated > 0)
    .map((row) => {
      let best: [string, number] | undefined;
      for (const [key, available] of row.stock) if (!best || available > best[1]) best = [key, available];
      const warehouse = best ? (names.get(best[0]) ?? best[0]) : '';
      const reason: StockReason = !best
        ? { kind: 'notStocked' }
        : best[1] <= 0
          ? { kind: 'outOfStock' }
          : best[1] < row.unallocated
            ? { kind: 'short', available: best[1], warehouse }
            : { kind: 'inStock', warehouse };
      return {
        sellableId: row.key,
        item: row.title || row.sku || row.key,
        ordered: row.ordered,
        unallocated: row.unallocated,
        reason,
      };
    });
}
