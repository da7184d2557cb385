/**
 * The browser's IndexedDB database of what was bought and what is being bought: label storage's
 * records (`label-storage-records.ts`, every bought label for 14 days) and the booking intents
 * (`booking-intents.ts`, a booking written down before it is sent). One database per origin
 * (`LABEL_DATABASE`), its records kept apart by partition, one per API base URL and account
 * (`labelPartition(client)`). Raw IndexedDB, no Lit and no element code; loaded with the modules
 * that use it.
 */
import type { ClientCore } from '../api/core.js';
import { LABEL_DATABASE } from './label-storage.js';

/** Version 2 added the booking intents beside the labels. */
const VERSION = 2;

/** The object stores: bought labels, and bookings written down before they are sent. */
export const LABELS = 'labels';
export const INTENTS = 'intents';
/** The labels' index by purchase time, for deleting those past their 14 days. */
export const BOUGHT_AT = 'boughtAt';
/** The intents' index by the time they were written. */
export const WRITTEN_AT = 'at';

let connection: Promise<IDBDatabase> | undefined;

function openDatabase(onGone: () => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    // Reading `indexedDB` can throw (some browsers with storage disabled), and it may be missing.
    const factory: IDBFactory | undefined = globalThis.indexedDB;
    if (factory === undefined) throw new Error('IndexedDB is not available in this browser');
    const request = factory.open(LABEL_DATABASE, VERSION);
    request.onupgradeneeded = (event) => {
      const db = request.result;
      if (event.oldVersion < 1) {
        const labels = db.createObjectStore(LABELS, {
          keyPath: ['partition', 'orderId', 'boughtAt', 'ident'],
        });
        labels.createIndex(BOUGHT_AT, BOUGHT_AT);
      }
      if (event.oldVersion < 2) {
        const intents = db.createObjectStore(INTENTS, { keyPath: ['partition', 'orderId', 'target'] });
        intents.createIndex(WRITTEN_AT, WRITTEN_AT);
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      // clearStoredLabels() (from any tab or copy) deletes the database, and a newer copy of the
      // library may upgrade it: let either.
      db.onversionchange = () => {
        db.close();
        onGone();
      };
      // The browser closed it (storage cleared by the user, say): open anew next time.
      db.onclose = onGone;
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
}

/** The page's connection, opened on first use and again after it was closed. */
export function database(): Promise<IDBDatabase> {
  if (connection !== undefined) return connection;
  const forget = (): void => {
    if (connection === opening) connection = undefined;
  };
  const opening = openDatabase(forget);
  opening.catch(forget);
  connection = opening;
  return opening;
}

/**
 * Runs `work` in one transaction on `store`; resolves once the transaction has committed, rejects
 * with its error when it aborts (a full disk, say) or `work` throws. A read-write transaction is
 * the only one on its store while it runs, in every tab: what `work` reads it can write on.
 */
export function transact(
  db: IDBDatabase,
  store: typeof LABELS | typeof INTENTS,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    try {
      work(transaction.objectStore(store));
    } catch (error) {
      try {
        transaction.abort();
      } catch {
        // Finished already: the rejection below is what counts.
      }
      reject(error);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// By client

/** What `labelPartition` reads of a client: members every copy of the library's clients have. */
export type PartitionClient = Pick<ClientCore, 'baseUrl' | 'hasCredentials' | 'appToken'>;

const partitions = new WeakMap<PartitionClient, Promise<string>>();

/** The first 16 hex digits of the SHA-256 of `text`, or null where Web Crypto is not offered (plain http). */
async function digest(text: string): Promise<string | null> {
  const subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle;
  if (subtle === undefined) return null;
  try {
    const hash = await subtle.digest('SHA-256', new TextEncoder().encode(`commerce-ops-elements:${text}`));
    return Array.from(new Uint8Array(hash).subarray(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join(
      '',
    );
  } catch {
    return null;
  }
}

/**
 * The partition of a client's records: its base URL, whether it sends a credential of its own or
 * goes through a proxy, and a SHA-256 digest of its application token when it has one. No secret
 * is ever part of it. Behind a proxy the account is the host's signed-in user, which the browser
 * cannot see: the host clears the labels at sign-out (`clearStoredLabels()`).
 */
export function labelPartition(client: PartitionClient): Promise<string> {
  let partition = partitions.get(client);
  if (partition === undefined) {
    const parts = [client.baseUrl, client.hasCredentials ? 'direct' : 'proxy'];
    const appToken = client.appToken;
    partition =
      appToken === undefined || appToken === ''
        ? Promise.resolve(parts.join(' '))
        : digest(appToken).then((hash) => [...parts, hash === null ? 'app' : `app:${hash}`].join(' '));
    partitions.set(client, partition);
  }
  return partition;
}
