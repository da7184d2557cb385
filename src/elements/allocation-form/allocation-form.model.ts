/**
 * What the allocation form shows, derived from an order: one row per sellable with what is ordered,
 * already allocated and still to allocate, and the warehouses that stock any of them with how much
 * of what is still to allocate each could take. Pure functions, so the element stays about UI.
 */
import type { Order, StockEntry } from '../../api/index.js';
import { describeLineItem } from '../../shared/order-view.js';

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

/** One line of an allocation request. */
export interface AllocationLine {
  sellableId: number | string;
  quantity: number;
}

/** An allocation the API made: what was sent, and the order it answered with. */
export interface AllocationDone {
  orderId: number;
  warehouse: WarehouseChoice;
  lines: AllocationLine[];
  /** Ids (as text) of the allocations the order had before, to find the new one. */
  before: Set<string>;
  updated: Order;
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

/** Units each sellable holds in the order's existing allocations. */
function allocatedBySellable(order: Order): Map<string, number> {
  const held = new Map<string, number>();
  for (const allocation of order.allocations ?? []) {
    for (const line of allocation.line_items ?? []) {
      const key = sellableKey(line.sellable, (line as { sellable_id?: unknown }).sellable_id);
      if (key !== undefined) held.set(key, (held.get(key) ?? 0) + toCount(line.quantity));
    }
  }
  return held;
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

/** Warehouses named by the rows' stock entries, in display order, with what each could take. */
export function warehouseChoices(order: Order, rows: AllocationRow[]): WarehouseChoice[] {
  const found = new Map<string, { id: number | string; name: string; position: number }>();
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

export type ParsedQuantity = { ok: true; quantity: number } | { ok: false; negative: boolean };

/** A field's text as a whole number of units; an empty field means none. */
export function parseQuantity(value: string): ParsedQuantity {
  const trimmed = value.trim();
  if (trimmed === '') return { ok: true, quantity: 0 };
  if (/^\+?\d+$/.test(trimmed)) return { ok: true, quantity: Number(trimmed) };
  return { ok: false, negative: /^-\s*\d/.test(trimmed) };
}
