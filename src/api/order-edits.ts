/**
 * New versions of an order after a change made elsewhere: an allocation removed, a stock level
 * corrected, a product edited. Each returns a new order (or the same one when nothing changes),
 * for the order store.
 */
import type { Sellable, StockEntry } from './schemas/catalog.js';
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

/** What a product edit saved, for the orders that carry the edited sellable or its product. */
export interface SellableEdit {
  sellableId: number | string;
  /** The sellable's product: its other sellables take the product's fields too. */
  productId?: number | string | null;
  /** Product fields as saved (`title`, `description`, `notes`, `origin_country`, `hs_tariff_number`). */
  product?: Readonly<Record<string, unknown>>;
  /** Variant fields as saved (`sku_code`, `price`, `cost_price`, `weight_grams`). */
  sellable?: Readonly<Record<string, unknown>>;
  /** Property values saved, keyed by the id of their `variant_property_specifics` (or option) entry. */
  properties?: Readonly<Record<string, string>>;
  /** Bundle quantities saved, keyed by kit content id. */
  kitContents?: Readonly<Record<string, number>>;
}

/** Grams in one unit of a sellable's or allocation's weight; undefined for a unit not known here. */
const GRAMS: Readonly<Record<string, number>> = { g: 1, kg: 1000, oz: 28.349523125, lb: 453.59237 };
const gramsPer = (unit: unknown): number | undefined =>
  GRAMS[typeof unit === 'string' && unit.trim() ? unit.trim().toLowerCase() : 'g'];

function gramsOf(sellable: Sellable): number | undefined {
  if (typeof sellable.weight_grams === 'number') return sellable.weight_grams;
  const per = gramsPer(sellable.weight_unit);
  return typeof sellable.weight === 'number' && per !== undefined ? sellable.weight * per : undefined;
}

type Entry = Record<string, unknown>;

/** `entries` with the value (or quantity) of those `changes` names by id; the same array when none is named. */
function withEntries(
  entries: unknown,
  changes: Readonly<Record<string, unknown>> | undefined,
  field: string,
) {
  if (!changes || !Array.isArray(entries)) return entries;
  let changed = false;
  const next = (entries as unknown[]).map((entry) => {
    if (!isEntry(entry) || !Object.hasOwn(changes, String(entry['id']))) return entry;
    changed = true;
    return { ...entry, [field]: changes[String(entry['id'])] };
  });
  return changed ? next : entries;
}

function isEntry(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The sellable as the edit leaves it; the same object when the edit is not about it. */
export function sellableWithEdit(sellable: Sellable, edit: SellableEdit): Sellable {
  const isEdited = String(sellable.id) === String(edit.sellableId);
  const sameProduct =
    edit.productId !== undefined &&
    edit.productId !== null &&
    sellable.product?.['id'] !== undefined &&
    String(sellable.product['id']) === String(edit.productId);
  if (!isEdited && !sameProduct) return sellable;
  let next: Sellable = { ...sellable };
  if (edit.product && sellable.product) {
    next.product = { ...sellable.product, ...edit.product };
    const title = edit.product['title'];
    if (typeof title === 'string') {
      next.product_title = title;
      if (typeof sellable.full_title === 'string') {
        next.full_title = [title, sellable.title].filter(Boolean).join(' ');
      }
    }
  }
  next.variant_property_specifics = withEntries(
    sellable['variant_property_specifics'],
    edit.properties,
    'value',
  );
  if (isEdited) {
    next = { ...next, ...edit.sellable };
    const grams = edit.sellable?.['weight_grams'];
    const per = gramsPer(sellable.weight_unit);
    if (typeof grams === 'number' && per !== undefined) next.weight = grams / per;
    next.variant_option_specifics = withEntries(
      sellable['variant_option_specifics'],
      edit.properties,
      'value',
    );
    next['kit_contents'] = withEntries(sellable['kit_contents'], edit.kitContents, 'quantity');
  }
  return next;
}

/**
 * The order with what a product edit saved in every line item (and allocation line) selling the
 * edited sellable, and the product's fields in those of its other sellables; an allocation's
 * stated weight follows a new sellable weight. The same order when it carries neither.
 */
export function withSellableEdit(order: Order, edit: SellableEdit): Order {
  let changed = false;
  const edited = <T extends { sellable?: Sellable | null }>(item: T): T => {
    const sellable = item.sellable;
    if (!sellable) return item;
    const next = sellableWithEdit(sellable, edit);
    if (next === sellable) return item;
    changed = true;
    return { ...item, sellable: next };
  };
  const line_items = order.line_items?.map(edited);
  const newGrams = edit.sellable?.['weight_grams'];
  const allocations = order.allocations?.map((allocation) => {
    const lines = allocation.line_items?.map(edited);
    if (!lines || lines.every((line, at) => line === allocation.line_items?.[at])) return allocation;
    let totalWeight = allocation.total_weight;
    const per = gramsPer(allocation.weight_unit);
    if (typeof newGrams === 'number' && typeof totalWeight === 'number' && per !== undefined) {
      for (const line of allocation.line_items ?? []) {
        const before = line.sellable;
        if (!before || String(before.id) !== String(edit.sellableId)) continue;
        const oldGrams = gramsOf(before) ?? 0;
        totalWeight += ((newGrams - oldGrams) * (line.quantity ?? 0)) / per;
      }
    }
    return { ...allocation, line_items: lines, total_weight: totalWeight };
  });
  return changed ? { ...order, line_items, allocations } : order;
}
