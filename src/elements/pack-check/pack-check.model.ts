/**
 * What packing an order means, apart from the screen: the lines to count, how a scanned code
 * finds its line, what one scan does to the counts, and how progress is kept across a reload.
 */
import { numericId } from '../../api/ids.js';
import type { Order } from '../../api/index.js';
import { describeLineItem } from '../../shared/order-view.js';

export interface PackLine {
  /** The sellable's id as text: the key of its count. */
  key: string;
  sellableId: number | string;
  title: string;
  sku: string;
  /** The sellable's barcode (`upc_code`), empty when it has none. */
  barcode: string;
  /** How many of it go in the parcel: the order's quantity, summed over its lines. */
  expected: number;
}

/** sellable key → how many are counted. */
export type PackCounts = Readonly<Record<string, number>>;

/** The lines of an order to pack: one per sellable, in the order's order, quantities summed. */
export function packLines(order: Order): PackLine[] {
  const lines = new Map<string, PackLine>();
  for (const item of order.line_items ?? []) {
    const sellable = item.sellable;
    const quantity = Math.max(0, Math.floor(item.quantity ?? 0));
    if (!sellable || sellable.id === undefined || sellable.id === null || quantity === 0) continue;
    const key = String(sellable.id);
    const known = lines.get(key);
    if (known) {
      known.expected += quantity;
      continue;
    }
    const { title, sku } = describeLineItem(item);
    const barcode = typeof sellable.upc_code === 'string' ? sellable.upc_code.trim() : '';
    // An id some accounts send as a numeric string is a number in the events, as in request bodies.
    lines.set(key, { key, sellableId: numericId(sellable.id), title, sku, barcode, expected: quantity });
  }
  return [...lines.values()];
}

/** What a scanner or a person typed, as a code: whitespace and a trailing CR, LF or Tab trimmed. */
export function normaliseCode(raw: string): string {
  return raw.replace(/[\r\n\t]+$/, '').trim();
}

/** A GTIN (UPC-A, EAN-13, …): digits only, compared without leading zeros. */
function gtinOf(code: string): string | undefined {
  return /^\d{6,14}$/.test(code) ? code.replace(/^0+/, '') : undefined;
}

/**
 * The line a code names, first hit wins: a sellable's barcode (GTINs compare without leading
 * zeros, so a UPC-A read as EAN-13 matches), then its SKU, ignoring case.
 */
export function lineForCode(lines: readonly PackLine[], code: string): PackLine | undefined {
  const gtin = gtinOf(code);
  const byBarcode = lines.find(
    (line) =>
      line.barcode !== '' && (line.barcode === code || (gtin !== undefined && gtinOf(line.barcode) === gtin)),
  );
  if (byBarcode) return byBarcode;
  const lower = code.toLowerCase();
  return lines.find((line) => line.sku !== '' && line.sku.toLowerCase() === lower);
}

export type ScanOutcome =
  | { kind: 'counted'; line: PackLine; count: number; counts: PackCounts }
  | { kind: 'complete'; line: PackLine }
  | { kind: 'unknown'; code: string }
  /** The order's own number: its packing slip, scanned to check the parcel is this order's. */
  | { kind: 'slip'; orderNumber: string };

/** What counting one of `line` does: one more, unless it is complete already. */
export function countOne(line: PackLine, counts: PackCounts): ScanOutcome {
  const count = counts[line.key] ?? 0;
  if (count >= line.expected) return { kind: 'complete', line };
  return { kind: 'counted', line, count: count + 1, counts: { ...counts, [line.key]: count + 1 } };
}

/**
 * What a scan of `code` does to `counts`. The order's number (the barcode of its packing slip)
 * counts nothing: it says the slip is this order's, unless an item carries that code too.
 */
export function scan(
  lines: readonly PackLine[],
  counts: PackCounts,
  code: string,
  orderNumber?: string | null,
): ScanOutcome {
  const line = lineForCode(lines, code);
  if (line) return countOne(line, counts);
  const number = orderNumber?.trim();
  if (number && number.toUpperCase() === code.trim().toUpperCase())
    return { kind: 'slip', orderNumber: number };
  return { kind: 'unknown', code };
}

export function countedOf(lines: readonly PackLine[], counts: PackCounts): number {
  return lines.reduce((sum, line) => sum + Math.min(counts[line.key] ?? 0, line.expected), 0);
}

export function totalOf(lines: readonly PackLine[]): number {
  return lines.reduce((sum, line) => sum + line.expected, 0);
}

export function isVerified(lines: readonly PackLine[], counts: PackCounts): boolean {
  return lines.length > 0 && lines.every((line) => (counts[line.key] ?? 0) >= line.expected);
}

const STORAGE_PREFIX = 'commerce-ops-elements:pack-check:';

/**
 * Progress kept in the tab's `sessionStorage` per order, so a reload keeps the scans; only counts
 * of lines the order still has, and never more than it expects.
 */
export function readProgress(
  storage: Storage | undefined,
  orderId: number,
  lines: readonly PackLine[],
): Record<string, number> {
  let saved: unknown;
  try {
    saved = JSON.parse(storage?.getItem(`${STORAGE_PREFIX}${orderId}`) ?? 'null');
  } catch {
    return {};
  }
  if (typeof saved !== 'object' || saved === null) return {};
  const counts: Record<string, number> = {};
  for (const line of lines) {
    const value = (saved as Record<string, unknown>)[line.key];
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) {
      counts[line.key] = Math.min(value, line.expected);
    }
  }
  return counts;
}

export function writeProgress(storage: Storage | undefined, orderId: number, counts: PackCounts): void {
  try {
    storage?.setItem(`${STORAGE_PREFIX}${orderId}`, JSON.stringify(counts));
  } catch {
    // Storage full or refused (a private window): the scans still count, only a reload loses them.
  }
}

export function clearProgress(storage: Storage | undefined, orderId: number): void {
  try {
    storage?.removeItem(`${STORAGE_PREFIX}${orderId}`);
  } catch {
    // As above: nothing was kept.
  }
}
