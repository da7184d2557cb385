/**
 * What the allocation form sends and checks: the lines of an allocation request and the quantity a
 * field holds. The rows and warehouses it shows are read from the order in
 * `src/shipping/allocation-stock.ts`.
 */
import type { Order } from '../../api/index.js';
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
