/**
 * Booking intents: before a label is booked, what it is for (the order, the allocation it ships,
 * the quote, the time) is written to IndexedDB, beside the stored labels, where a reload, a crash and
 * another tab of the same browser find it. Once the answer is in, the intent goes (the label was
 * bought and is in label storage, or it was not bought), or it stays as `unclear` (the answer did
 * not say). An intent still there is a booking that may have bought a label: no element of this
 * browser books that label again until the order has been read and the user has confirmed.
 *
 * Writing one is a read-write transaction, which IndexedDB runs alone on its store in every tab of
 * the origin: two tabs pressing "Buy label" at the same moment cannot both write theirs.
 *
 * An intent holds no label and nothing of the customer: ids, the order number, the rate id and
 * times. It is kept whatever `label-storage` says (it keeps labels, not bookings), 14 days at most.
 * Every call resolves: where IndexedDB cannot be used the intent is not written (`written: false`),
 * and the order read just before the booking is what keeps a label from being bought twice.
 */
import type { OrderId } from '../api/core.js';
import { database, INTENTS, labelPartition, transact, WRITTEN_AT } from './label-storage-database.js';
import type { PartitionClient } from './label-storage-database.js';

/** How long an intent is kept at most, from the time it was written: 14 days, as a label. */
const INTENT_RETENTION_MS = 14 * 24 * 60 * 60 * 1000;

/** What a label ships: one allocation of its order (its id), or the whole order. */
export const WHOLE_ORDER = '*';

/** A booking written down before it was sent. */
export interface BookingIntent {
  /** The order, as text. */
  orderId: string;
  /** The allocation the label ships (its id as text), or `WHOLE_ORDER`. */
  target: string;
  orderNumber: string | null;
  rateId: string | null;
  /** When it was written, in milliseconds since the epoch. */
  at: number;
  /** `booking`: sent, no answer yet (or the page went before it came); `unclear`: the answer did not say. */
  state: 'booking' | 'unclear';
}

/** A booking to write down: a `BookingIntent` whose order id may be a number. */
export type IntentToWrite = Omit<BookingIntent, 'orderId' | 'state'> & { orderId: OrderId };

/** What writing an intent came to: written (or not, without IndexedDB), or held by an earlier one. */
export type ClaimOutcome = { ok: true; written: boolean } | { ok: false; held: BookingIntent };

interface Row extends BookingIntent {
  partition: string;
}

function isRow(value: unknown): value is Row {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Partial<Row>;
  return typeof row.orderId === 'string' && typeof row.target === 'string' && typeof row.at === 'number';
}

function intentOf(row: Row): BookingIntent {
  const { partition: _partition, ...intent } = row;
  return intent;
}

/** Whether two labels of one order ship something in common: the same allocation, or the whole order. */
export function overlaps(a: string, b: string): boolean {
  return a === b || a === WHOLE_ORDER || b === WHOLE_ORDER;
}

/** Deletes every intent older than 14 days, of every partition. */
function deleteExpired(store: IDBObjectStore, now: number): void {
  const cursor = store.index(WRITTEN_AT).openCursor(IDBKeyRange.upperBound(now - INTENT_RETENTION_MS));
  cursor.onsuccess = () => {
    const current = cursor.result;
    if (current === null) return;
    current.delete();
    current.continue();
  };
}

/** Every key of one order's intents: [partition, orderId, target] sorts below […, []]. */
function orderRange(partition: string, orderId: string): IDBKeyRange {
  return IDBKeyRange.bound([partition, orderId], [partition, orderId, []]);
}

/**
 * Writes down `intents` (one per label about to be booked), each unless an intent of its order
 * already there ships something of it (`overlaps`): that one holds it, and it is not written.
 * With `replace` (the user's second confirmation) they are written over what is there. One
 * transaction for all, so another tab sees all of them or none. The outcomes are in `intents`' order.
 */
export async function claimIntents(
  partition: string,
  intents: readonly IntentToWrite[],
  options: { replace?: boolean; now?: number } = {},
): Promise<ClaimOutcome[]> {
  const now = options.now ?? Date.now();
  const outcomes: ClaimOutcome[] = intents.map(() => ({ ok: true, written: false }));
  try {
    const db = await database();
    await transact(db, INTENTS, 'readwrite', (store) => {
      deleteExpired(store, now);
      const byOrder = new Map<string, number[]>();
      intents.forEach((intent, index) => {
        const orderId = String(intent.orderId);
        byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), index]);
      });
      for (const [orderId, indexes] of byOrder) {
        const request = store.getAll(orderRange(partition, orderId));
        request.onsuccess = () => {
          const there = (request.result as unknown[])
            .filter(isRow)
            .filter((row) => row.at > now - INTENT_RETENTION_MS);
          for (const index of indexes) {
            const intent = intents[index];
            if (!intent) continue;
            const held = options.replace
              ? undefined
              : there.find((row) => overlaps(row.target, intent.target));
            if (held) {
              outcomes[index] = { ok: false, held: intentOf(held) };
              continue;
            }
            const row: Row = { ...intent, orderId, partition, state: 'booking' };
            store.put(row);
            there.push(row);
            outcomes[index] = { ok: true, written: true };
          }
        };
      }
    });
  } catch {
    // Without IndexedDB nothing is written: the order read before booking still guards it.
    return intents.map(() => ({ ok: true, written: false }));
  }
  return outcomes;
}

/** A booking answered: the intent goes (`done`: bought or not bought), or stays as `unclear`. */
export async function settleIntents(
  partition: string,
  settled: ReadonlyArray<{ orderId: OrderId; target: string; outcome: 'done' | 'unclear' }>,
): Promise<void> {
  if (settled.length === 0) return;
  try {
    const db = await database();
    await transact(db, INTENTS, 'readwrite', (store) => {
      for (const { orderId, target, outcome } of settled) {
        const key = [partition, String(orderId), target];
        if (outcome === 'done') {
          store.delete(key);
          continue;
        }
        const request = store.get(key);
        request.onsuccess = () => {
          const row: unknown = request.result;
          if (isRow(row)) store.put({ ...row, state: 'unclear' });
        };
      }
    });
  } catch {
    // Nothing to settle where nothing could be written.
  }
}

/** The intents kept for any of `orderIds`, oldest first; `[]` when there are none or they cannot be read. */
export async function intentsForOrders(
  partition: string,
  orderIds: readonly OrderId[],
  options: { now?: number } = {},
): Promise<BookingIntent[]> {
  const now = options.now ?? Date.now();
  const wanted = [...new Set(orderIds.map(String))];
  if (wanted.length === 0) return [];
  const found: BookingIntent[] = [];
  try {
    const db = await database();
    await transact(db, INTENTS, 'readonly', (store) => {
      for (const orderId of wanted) {
        const request = store.getAll(orderRange(partition, orderId));
        request.onsuccess = () => {
          for (const row of request.result as unknown[]) {
            if (isRow(row) && row.at > now - INTENT_RETENTION_MS) found.push(intentOf(row));
          }
        };
      }
    });
  } catch {
    return [];
  }
  return found.sort((a, b) => a.at - b.at);
}

// ---------------------------------------------------------------------------------------------
// By client

/** `claimIntents` in the client's partition. */
export async function claimBookings(
  client: PartitionClient,
  intents: readonly IntentToWrite[],
  options: { replace?: boolean; now?: number } = {},
): Promise<ClaimOutcome[]> {
  return claimIntents(await labelPartition(client), intents, options);
}

/** `settleIntents` in the client's partition. */
export async function settleBookings(
  client: PartitionClient,
  settled: ReadonlyArray<{ orderId: OrderId; target: string; outcome: 'done' | 'unclear' }>,
): Promise<void> {
  return settleIntents(await labelPartition(client), settled);
}

/** `intentsForOrders` in the client's partition. */
export async function openBookings(
  client: PartitionClient,
  orderIds: readonly OrderId[],
): Promise<BookingIntent[]> {
  return intentsForOrders(await labelPartition(client), orderIds);
}
