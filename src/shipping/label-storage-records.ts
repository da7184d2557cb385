/**
 * Label storage's records: every label an element buys is kept in the browser's IndexedDB for 14 days,
 * so a reload, a crash or a jammed printer never loses a label that was paid for (the API cannot
 * hand a label out again). Labels are kept apart by partition, one per API base URL and account
 * (`labelPartition(client)`), and read back by order.
 *
 * Storing is never part of the purchase: every call resolves, a failure (private browsing, a full
 * disk, IndexedDB missing or refusing) comes back as `{ ok: false, error }`, and the page's first
 * failure says so once (`notice`) for an element to tell the user to download the label now.
 *
 * Elements load this module with `import()`: it holds no Lit and no element code (eslint keeps it
 * so), and uses the raw IndexedDB API.
 */
import type { ClientCore, OrderId } from '../api/core.js';
import type { LabelFormat } from './label-facts.js';
import { BOUGHT_AT, database, LABELS, labelPartition, transact } from './label-storage-database.js';
import type { PartitionClient } from './label-storage-database.js';
import { asError, labelStorageEnabled } from './label-storage.js';

export { labelPartition } from './label-storage-database.js';
export type { PartitionClient } from './label-storage-database.js';

export { clearStoredLabels, labelStorageEnabled, LABEL_DATABASE } from './label-storage.js';
export type { LabelStoreOutcome } from './label-storage.js';

/** How long a stored label is kept, from the time it was bought: 14 days. */
const LABEL_RETENTION_MS = 14 * 24 * 60 * 60 * 1000;

/** A bought label as the store keeps it. Documents are Base64, as the API sends them. */
export interface StoredLabel {
  /** The order the label is for, as text (`'13359601'`), however it was given. */
  orderId: string;
  format: LabelFormat;
  /** The label file (PDF or ZPL), Base64; null when the booking answer carried none. */
  content: string | null;
  /** The customs invoice (PDF, Base64) when the booking came with one. */
  invoice: string | null;
  trackingNumber: string | null;
  carrier: string | null;
  service: string | null;
  charge: { value: number | null; unit: string | null };
  /** The rates request's shipment the label was bought for, and the quote bought. */
  remoteShipmentId: string | null;
  rateId: string | null;
  /** When it was bought, in milliseconds since the epoch; it is kept 14 days from then. */
  boughtAt: number;
}

/** A label to keep: a `StoredLabel` whose order id may be a number. */
export type LabelToStore = Omit<StoredLabel, 'orderId'> & { orderId: OrderId };

/**
 * What saving came to. A failure carries the browser's error, and `notice` is true for the first
 * failure on the page (shared by every copy of the library): the one an element tells the user of.
 */
export type SaveLabelOutcome = { ok: true; stored: boolean } | { ok: false; error: Error; notice: boolean };

/** The clock, for tests: `now` in milliseconds since the epoch. */
export interface LabelStorageOptions {
  now?: number;
}

/** A record of the object store: the label under its key fields. */
interface Row {
  partition: string;
  orderId: string;
  boughtAt: number;
  /** Tells apart two labels of one order bought in the same millisecond. */
  ident: string;
  label: StoredLabel;
}

// ---------------------------------------------------------------------------------------------
// Failures, once per page

const FAILURE = Symbol.for('commerce-ops-elements.label-store-failure');

/** The page's first failure to save a label, kept on `globalThis` so copies of the library share it. */
function pageFailure(): { error: Error } | undefined {
  return (globalThis as unknown as Record<symbol, { error: Error } | undefined>)[FAILURE];
}

function saveFailed(error: unknown): SaveLabelOutcome {
  const holder = globalThis as unknown as Record<symbol, { error: Error } | undefined>;
  const failure = { error: asError(error) };
  const notice = holder[FAILURE] === undefined;
  holder[FAILURE] ??= failure;
  return { ok: false, error: failure.error, notice };
}

/**
 * Whether saving a label has failed on this page, so that an element shown later can say labels
 * are not being kept. The error is the first failure's.
 */
export function labelStorageFailure(): Error | undefined {
  return pageFailure()?.error;
}

/** Labels bought at or before this time are 14 days old by `now`. */
function expiredBy(now: number): number {
  return now - LABEL_RETENTION_MS;
}

/** Deletes every label older than 14 days, of every partition. */
function deleteExpired(store: IDBObjectStore, now: number): void {
  const cursor = store.index(BOUGHT_AT).openCursor(IDBKeyRange.upperBound(expiredBy(now)));
  cursor.onsuccess = () => {
    const current = cursor.result;
    if (current === null) return;
    current.delete();
    current.continue();
  };
}

function isRow(value: unknown): value is Row {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Partial<Row>;
  return typeof row.boughtAt === 'number' && typeof row.label === 'object' && row.label !== null;
}

// ---------------------------------------------------------------------------------------------
// The store

/**
 * Keeps `label` in `partition` for 14 days from its `boughtAt`, and deletes every label older than
 * that. Resolves `{ ok: true, stored: true }`, or `{ ok: false, error, notice }`; never rejects.
 */
export async function saveLabel(
  partition: string,
  label: LabelToStore,
  options: LabelStorageOptions = {},
): Promise<SaveLabelOutcome> {
  const now = options.now ?? Date.now();
  const stored: StoredLabel = { ...label, orderId: String(label.orderId) };
  const row: Row = {
    partition,
    orderId: stored.orderId,
    boughtAt: stored.boughtAt,
    ident: stored.trackingNumber ?? stored.remoteShipmentId ?? stored.rateId ?? '',
    label: stored,
  };
  try {
    const db = await database();
    await transact(db, LABELS, 'readwrite', (store) => {
      deleteExpired(store, now);
      store.put(row);
    });
    return { ok: true, stored: true };
  } catch (error) {
    return saveFailed(error);
  }
}

/**
 * The labels kept in `partition` for any of `orderIds`, newest first. Labels older than 14 days
 * are left out and deleted. Resolves `[]` when there are none or the store cannot be read.
 */
export async function labelsForOrders(
  partition: string,
  orderIds: readonly OrderId[],
  options: LabelStorageOptions = {},
): Promise<StoredLabel[]> {
  const now = options.now ?? Date.now();
  const wanted = [...new Set(orderIds.map(String))];
  if (wanted.length === 0) return [];
  const found: StoredLabel[] = [];
  try {
    const db = await database();
    await transact(db, LABELS, 'readwrite', (store) => {
      deleteExpired(store, now);
      for (const orderId of wanted) {
        // Every key of the order: [partition, orderId, boughtAt, ident] sorts below […, []].
        const request = store.getAll(IDBKeyRange.bound([partition, orderId], [partition, orderId, []]));
        request.onsuccess = () => {
          for (const row of request.result) {
            if (isRow(row) && row.boughtAt > expiredBy(now)) found.push(row.label);
          }
        };
      }
    });
  } catch {
    return [];
  }
  return found.sort((a, b) => b.boughtAt - a.boughtAt);
}

// ---------------------------------------------------------------------------------------------
// By client

/** A client as `keepLabel` and `keptLabels` read it: its partition and its `labelStorage`. */
export type StoreClient = PartitionClient & {
  readonly labelStorage?: ClientCore['labelStorage'] | undefined;
};

/**
 * Keeps a label an element bought with `client`, unless the element's `label-storage` setting or
 * the client's `labelStorage` is `none` (then `{ ok: true, stored: false }`, and IndexedDB is not
 * touched). See `saveLabel`.
 */
export async function keepLabel(
  client: StoreClient,
  elementSetting: string | null | undefined,
  label: LabelToStore,
  options: LabelStorageOptions = {},
): Promise<SaveLabelOutcome> {
  if (!labelStorageEnabled(elementSetting, client)) return { ok: true, stored: false };
  return saveLabel(await labelPartition(client), label, options);
}

/**
 * The labels kept for `orderIds` with `client`, newest first; `[]` when storage is off for the
 * element or the client. See `labelsForOrders`.
 */
export async function keptLabels(
  client: StoreClient,
  elementSetting: string | null | undefined,
  orderIds: readonly OrderId[],
  options: LabelStorageOptions = {},
): Promise<StoredLabel[]> {
  if (!labelStorageEnabled(elementSetting, client)) return [];
  return labelsForOrders(await labelPartition(client), orderIds, options);
}
