/**
 * What the allocation form sends and checks: the lines of an allocation request, the quantity a
 * field holds, and what an allocation did. The rows and warehouses it shows are read from the order in
 * `src/shipping/allocation-stock.ts`.
 */
import type { Order } from '../../api/index.js';
import { allocationRows } from '../../shipping/allocation-stock.js';
import type { WarehouseChoice } from '../../shipping/allocation-stock.js';

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

export type ParsedQuantity = { ok: true; quantity: number } | { ok: false; negative: boolean };

/** A field's text as a whole number of units; an empty field means none. */
export function parseQuantity(value: string): ParsedQuantity {
  const trimmed = value.trim();
  if (trimmed === '') return { ok: true, quantity: 0 };
  if (/^\+?\d+$/.test(trimmed)) return { ok: true, quantity: Number(trimmed) };
  return { ok: false, negative: /^-\s*\d/.test(trimmed) };
}

/** What the last allocation did, kept as numbers so it reads right in any locale. */
export interface AllocationResult {
  units: number;
  warehouseName: string;
  remaining: Array<{ quantity: number; title: string; sku: string }>;
}

/** What sending `lines` to `warehouse` did, by the order the API answered with. */
export function allocationResultOf(
  lines: AllocationLine[],
  warehouse: WarehouseChoice,
  updated: Order,
): AllocationResult {
  return {
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
    warehouseName: warehouse.name,
    remaining: allocationRows(updated)
      .filter((row) => row.unallocated > 0)
      .map((row) => ({ quantity: row.unallocated, title: row.title, sku: row.sku })),
  };
}
