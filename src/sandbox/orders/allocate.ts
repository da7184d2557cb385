/**
 * Allocation rules: an allocation reserves units of an order's line items at one warehouse, moving
 * them from available to allocated in that warehouse's stock entries; deleting it moves them back.
 */
import { allocatedQuantities } from '../serialize.js';
import { availableStock } from '../state.js';
import type { SandboxState } from '../state.js';
import type { Allocation, Order } from '../types.js';

export interface AllocationLine {
  sellableId: number;
  quantity: number;
}

export interface AllocationInput {
  id: number;
  warehouseId: number;
  lines: AllocationLine[];
  userId: number;
  at: string;
}

/** Why an allocation request cannot be carried out, or null when it can. */
export function allocationProblems(
  state: SandboxState,
  order: Order,
  warehouseId: number,
  lines: AllocationLine[],
): string[] {
  const warehouse = state.warehouses.get(warehouseId);
  if (!warehouse) return [`Warehouse ${warehouseId} does not exist`];
  if (lines.length === 0) return ['Choose at least one line item to allocate'];
  const problems: string[] = [];
  const alreadyAllocated = allocatedQuantities(order);
  for (const line of lines) {
    const orderLines = order.line_items.filter((item) => item.sellable_id === line.sellableId);
    const sellable = state.sellables.get(line.sellableId);
    const sku = sellable?.sku_code ?? String(line.sellableId);
    if (orderLines.length === 0) {
      problems.push(`Sellable ${line.sellableId} is not a line item of order ${order.number}`);
      continue;
    }
    if (!Number.isInteger(line.quantity) || line.quantity < 1) {
      problems.push(`Quantity for ${sku} must be a whole number of at least 1`);
      continue;
    }
    const ordered = orderLines.reduce((sum, item) => sum + item.quantity, 0);
    const unallocated = ordered - (alreadyAllocated.get(line.sellableId) ?? 0);
    if (line.quantity > unallocated) {
      problems.push(
        `Quantity for ${sku} (${line.quantity}) is more than the ${unallocated} still unallocated`,
      );
      continue;
    }
    const entry = state.stockEntry(line.sellableId, warehouseId);
    if (entry?.infinite) continue;
    const available = entry ? availableStock(entry) : 0;
    if (line.quantity > available) {
      problems.push(
        `Not enough stock of ${sku} at ${warehouse.name}: ${available} available, ${line.quantity} wanted`,
      );
    }
  }
  return problems;
}

/** Merges repeated sellables so each is checked against stock once. */
export function mergeLines(lines: AllocationLine[]): AllocationLine[] {
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line.sellableId, (merged.get(line.sellableId) ?? 0) + line.quantity);
  return [...merged].map(([sellableId, quantity]) => ({ sellableId, quantity }));
}

/** Records the allocation and moves the stock; the caller has checked `allocationProblems`. */
export function applyAllocation(state: SandboxState, order: Order, input: AllocationInput): Allocation {
  const allocation: Allocation = {
    id: input.id,
    order_id: order.id,
    warehouse_id: input.warehouseId,
    allocated_by_id: input.userId,
    line_items: input.lines.map((line) => ({
      id: state.nextId(),
      sellable_id: line.sellableId,
      quantity: line.quantity,
      created_at: input.at,
      updated_at: input.at,
    })),
    shipment: null,
    created_at: input.at,
    updated_at: input.at,
  };
  for (const line of input.lines) {
    const entry = state.stockEntry(line.sellableId, input.warehouseId);
    if (entry && !entry.infinite) {
      entry.allocated += line.quantity;
      entry.updated_at = input.at;
    }
    touchSellable(state, line.sellableId, input.at);
  }
  order.allocations.push(allocation);
  order.updated_at = input.at;
  return allocation;
}

export function removeAllocation(
  state: SandboxState,
  order: Order,
  allocation: Allocation,
  at: string,
): void {
  for (const line of allocation.line_items) {
    const entry = state.stockEntry(line.sellable_id, allocation.warehouse_id);
    // A shipped allocation's units have left the warehouse: nothing goes back to stock.
    if (entry && !entry.infinite && !allocation.shipment) {
      entry.allocated = Math.max(0, entry.allocated - line.quantity);
      entry.updated_at = at;
    }
    touchSellable(state, line.sellable_id, at);
  }
  order.allocations = order.allocations.filter((candidate) => candidate !== allocation);
  order.updated_at = at;
}

function touchSellable(state: SandboxState, sellableId: number, at: string): void {
  const sellable = state.sellables.get(sellableId);
  if (sellable) sellable.updated_at = at;
}
