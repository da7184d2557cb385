/**
 * What a pick list is, apart from the screen: which orders, the rows to pick at each warehouse
 * (quantities summed over the orders' allocations there, kits taken apart into their components,
 * in walking order), what is not allocated yet, the progress kept for a reload, and what the PDF
 * is made of.
 */
import { numericId } from '../../api/ids.js';
import type { Allocation, Order } from '../../api/index.js';
import { defaultPaper } from '../../documents/paper.js';
import type { PickListPdfInput } from '../../documents/pick-list-pdf.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { describeLineItem } from '../../shared/order-view.js';

/** The most orders one pick list takes, as a label batch. */
export const MAX_PICK_ORDERS = 100;

type Id = number | string;
type Json = Record<string, unknown>;

/** One order's share of a row. */
export interface PickOrderShare {
  orderId: Id;
  number: string;
  quantity: number;
}

/** What one row is of: a sellable picked loose, or a component of a kit. */
export interface PickKit {
  sellableId: Id;
  /** The kit's title, else its SKU. */
  name: string;
}

/** One row of a warehouse's table: one sellable (loose, or as a part of one kit) to take from its bin. */
export interface PickRow {
  /** Stable across reloads: `<warehouse>/<sellable>/<kit or ''>`. */
  key: string;
  warehouseId: Id;
  sellableId: Id;
  title: string;
  sku: string;
  /** The stock entry's `location` at this warehouse; null when it has none. */
  location: string | null;
  quantity: number;
  orders: PickOrderShare[];
  /** The kit the row is a component of; null for a sellable picked as it is. */
  kit: PickKit | null;
}

export interface PickSection {
  warehouseId: Id;
  warehouseName: string;
  rows: PickRow[];
}

/** Units of an order not allocated at any warehouse yet. */
export interface NotAllocatedItem {
  orderId: Id;
  number: string;
  sellableId: Id;
  title: string;
  sku: string;
  quantity: number;
}

export interface PickList {
  sections: PickSection[];
  notAllocated: NotAllocatedItem[];
}

// Reading what the API sent, leniently

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function entriesOf(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isJson) : [];
}

function idOf(value: unknown): Id | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') return numericId(value.trim());
  return undefined;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A whole number of units of at least 0; anything else counts as none. */
function unitsOf(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? Math.floor(number) : 0;
}

const same = (a: Id | undefined, b: Id | undefined): boolean =>
  a !== undefined && b !== undefined && String(a) === String(b);

// Which orders

/** The ids given, each once, in the order given, at most `MAX_PICK_ORDERS`. */
export function pickOrderIds(ids: readonly number[]): number[] {
  return [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))].slice(0, MAX_PICK_ORDERS);
}

// Building the list

/** Compares bins as people read them: "A-2" before "A-10", case ignored. */
const binOrder = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The stock entry's `location` of `sellable` at `warehouseId`, or null. */
function locationAt(sellable: Json | null | undefined, warehouseId: Id): string | null {
  for (const entry of entriesOf(sellable?.['stock_entries'])) {
    const at =
      idOf(entry['warehouse_id']) ?? idOf(isJson(entry['warehouse']) ? entry['warehouse']['id'] : undefined);
    if (!same(at, warehouseId)) continue;
    const location = textOf(entry['location']);
    return location || null;
  }
  return null;
}

/** The allocation's warehouse: its id and name (from a stock entry when the allocation has none). */
function warehouseOf(allocation: Allocation): { id: Id; name: string } | undefined {
  const id = idOf(allocation.warehouse?.id) ?? idOf((allocation as Json)['warehouse_id']);
  if (id === undefined) return undefined;
  return { id, name: textOf(allocation.warehouse?.name) };
}

/** What one component of a kit is, from the kit's `kit_contents`. */
interface Component {
  sellableId: Id;
  sellable: Json | undefined;
  title: string;
  sku: string;
  /** Units of it in one kit. */
  perKit: number;
}

function componentsOf(kit: Json | null | undefined): Component[] {
  const components: Component[] = [];
  for (const entry of entriesOf(kit?.['kit_contents'])) {
    const variant = isJson(entry['product_variant']) ? entry['product_variant'] : undefined;
    const sellableId = idOf(entry['product_variant_id']) ?? idOf(variant?.['id']);
    const perKit = unitsOf(entry['quantity']);
    if (sellableId === undefined || perKit === 0) continue;
    const described = describeLineItem({
      sellable: variant as Parameters<typeof describeLineItem>[0]['sellable'],
    });
    const sku = textOf(entry['sku_code']) || described.sku;
    const title = textOf(entry['title']) || (variant ? described.title : '') || sku || String(sellableId);
    components.push({ sellableId, sellable: variant, title, sku, perKit });
  }
  return components;
}

/** A kit's name on a row: its title, else its SKU. */
function nameOf(view: { title: string; sku: string }): string {
  return view.title && view.title !== '—' ? view.title : view.sku;
}

/**
 * The pick list of `orders`: for each warehouse they are allocated at (only `warehouseId` when
 * given), one row per sellable with its quantity summed over the orders' allocations there, a kit
 * (a sellable carrying `kit_contents`) as its components, rows in walking order; and the units
 * not allocated yet. An allocation with a label bought has left the warehouse, and is not picked.
 */
export function buildPickList(orders: readonly Order[], warehouseId?: Id): PickList {
  const sections = new Map<string, PickSection & { position: number }>();
  const notAllocated: NotAllocatedItem[] = [];

  const add = (
    section: PickSection,
    row: Omit<PickRow, 'key' | 'orders' | 'quantity'>,
    share: PickOrderShare,
  ) => {
    const key = `${String(section.warehouseId)}/${String(row.sellableId)}/${row.kit ? String(row.kit.sellableId) : ''}`;
    let known = section.rows.find((candidate) => candidate.key === key);
    if (!known) {
      known = { ...row, key, quantity: 0, orders: [] };
      section.rows.push(known);
    }
    known.quantity += share.quantity;
    const order = known.orders.find((candidate) => same(candidate.orderId, share.orderId));
    if (order) order.quantity += share.quantity;
    else known.orders.push({ ...share });
  };

  for (const order of orders) {
    const number = textOf(order.number) || String(order.id);
    const allocated = new Map<string, number>();
    for (const allocation of order.allocations ?? []) {
      const lines = allocation.line_items ?? [];
      for (const line of lines) {
        const id = idOf(line.sellable?.id);
        if (id !== undefined)
          allocated.set(String(id), (allocated.get(String(id)) ?? 0) + unitsOf(line.quantity));
      }
      if (allocation.shipment) continue;
      const warehouse = warehouseOf(allocation);
      if (!warehouse || (warehouseId !== undefined && !same(warehouse.id, warehouseId))) continue;
      const sectionKey = String(warehouse.id);
      let section = sections.get(sectionKey);
      if (!section) {
        section = {
          warehouseId: warehouse.id,
          warehouseName: warehouse.name,
          rows: [],
          position: allocation.warehouse?.display_position ?? Number.MAX_SAFE_INTEGER,
        };
        sections.set(sectionKey, section);
      }
      for (const line of lines) {
        const quantity = unitsOf(line.quantity);
        // The order's own line carries the sellable when the allocation's does not say enough.
        const ordered = order.line_items?.find((item) =>
          same(idOf(item.sellable?.id), idOf(line.sellable?.id)),
        );
        const sellable = (line.sellable ?? ordered?.sellable) as Json | null | undefined;
        const sellableId = idOf(sellable?.['id']);
        if (sellableId === undefined || quantity === 0) continue;
        const view = describeLineItem({ sellable: line.sellable ?? ordered?.sellable });
        const own = componentsOf(sellable);
        const components = own.length > 0 ? own : componentsOf(ordered?.sellable as Json | null | undefined);
        if (components.length === 0) {
          add(
            section,
            {
              warehouseId: warehouse.id,
              sellableId,
              title: view.title,
              sku: view.sku,
              location:
                locationAt(sellable, warehouse.id) ?? locationAt(ordered?.sellable as Json, warehouse.id),
              kit: null,
            },
            { orderId: order.id, number, quantity },
          );
          continue;
        }
        const kit = { sellableId, name: nameOf(view) || String(sellableId) };
        for (const component of components) {
          add(
            section,
            {
              warehouseId: warehouse.id,
              sellableId: component.sellableId,
              title: component.title,
              sku: component.sku,
              location: locationAt(component.sellable, warehouse.id),
              kit,
            },
            { orderId: order.id, number, quantity: component.perKit * quantity },
          );
        }
      }
    }
    const counted = new Set<string>();
    for (const item of order.line_items ?? []) {
      const sellableId = idOf(item.sellable?.id);
      if (sellableId === undefined || counted.has(String(sellableId))) continue;
      counted.add(String(sellableId));
      const ordered = (order.line_items ?? [])
        .filter((other) => same(idOf(other.sellable?.id), sellableId))
        .reduce((sum, other) => sum + unitsOf(other.quantity), 0);
      const missing = ordered - (allocated.get(String(sellableId)) ?? 0);
      if (missing <= 0) continue;
      const { title, sku } = describeLineItem(item);
      notAllocated.push({ orderId: order.id, number, sellableId, title, sku, quantity: missing });
    }
  }

  const ordered = [...sections.values()].sort(
    (a, b) => a.position - b.position || binOrder.compare(a.warehouseName, b.warehouseName),
  );
  return {
    sections: ordered.map(({ warehouseId: id, warehouseName, rows }) => ({
      warehouseId: id,
      warehouseName,
      rows: rows.sort(walkingOrder),
    })),
    notAllocated,
  };
}

/**
 * Walking order: by bin, compared naturally with case ignored, rows with no bin last; in one bin,
 * by title, the loose items before those for kits.
 */
export function walkingOrder(a: PickRow, b: PickRow): number {
  if (a.location !== b.location) {
    if (a.location === null) return 1;
    if (b.location === null) return -1;
    const byBin = binOrder.compare(a.location, b.location);
    if (byBin !== 0) return byBin;
  }
  return (
    binOrder.compare(a.title, b.title) ||
    Number(a.kit !== null) - Number(b.kit !== null) ||
    binOrder.compare(a.kit?.name ?? '', b.kit?.name ?? '')
  );
}

/** Every row of the list. */
export function rowsOf(list: PickList): PickRow[] {
  return list.sections.flatMap((section) => section.rows);
}

// Progress, kept in the tab for a reload

const STORAGE_PREFIX = 'commerce-ops:pick-list:';

/** Where the progress of one pick list is kept: its orders (sorted) and its warehouse. */
export function progressKey(orderIds: readonly number[], warehouseId: Id | undefined): string {
  return `${STORAGE_PREFIX}${[...orderIds].sort((a, b) => a - b).join(',')}@${warehouseId ?? '*'}`;
}

/** The keys of the rows ticked, as kept; only those of `rows`. */
export function readPicked(storage: Storage | undefined, key: string, rows: readonly PickRow[]): Set<string> {
  let saved: unknown;
  try {
    saved = JSON.parse(storage?.getItem(key) ?? 'null');
  } catch {
    return new Set();
  }
  if (!Array.isArray(saved)) return new Set();
  const known = new Set(rows.map((row) => row.key));
  return new Set(saved.filter((value): value is string => typeof value === 'string' && known.has(value)));
}

export function writePicked(storage: Storage | undefined, key: string, picked: ReadonlySet<string>): void {
  try {
    if (picked.size === 0) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify([...picked]));
  } catch {
    // Storage full or refused (a private window): the ticks still count, only a reload loses them.
  }
}

// The PDF

/** `pick-list-<yyyy-mm-dd>.pdf`, in the day of the browser's clock. */
export function pdfFileName(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `pick-list-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.pdf`;
}

/** What the pick-list PDF is made of, as the documents layer draws it. */
export function pdfInput(
  list: PickList,
  locale: ResolvedLocale,
  date: Date,
  warehouseName: (section: PickSection) => string,
): PickListPdfInput {
  return {
    sections: list.sections.map((section) => ({
      warehouseName: warehouseName(section),
      rows: section.rows.map((row) => ({
        location: row.location,
        sku: row.sku,
        title: row.title,
        quantity: row.quantity,
        orders: row.orders.map(({ number, quantity }) => ({ number, quantity })),
        inKit: row.kit?.name ?? null,
      })),
    })),
    notAllocated: list.notAllocated.map(({ number, sku, title, quantity }) => ({
      number,
      sku,
      title,
      quantity,
    })),
    date,
    locale: locale.tag,
    paper: defaultPaper(locale.tag),
  };
}
