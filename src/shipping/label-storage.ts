/**
 * What a page needs of label storage without loading it: whether an element keeps the labels
 * it buys, and `clearStoredLabels()`, which deletes them without opening the database. The
 * records (`label-storage-records.ts`) are loaded with `import()` when an element has a label to keep or
 * looks for the labels of its orders.
 */
import type { LabelStorage } from '../api/core.js';

/** The IndexedDB database that holds the stored labels of every partition, one per origin. */
export const LABEL_DATABASE = 'commerce-ops-elements.labels';

/** What the store came to: it never throws, and a failure carries the browser's error. */
export type LabelStoreOutcome = { ok: true } | { ok: false; error: Error };

/** `value` as an `Error`: IndexedDB fails with `DOMException`s, a stub may throw anything. */
export function asError(value: unknown): Error {
  if (value instanceof Error) return value;
  return new Error(typeof value === 'string' ? value : 'IndexedDB failed');
}

/**
 * Whether an element keeps the labels it buys: not when its `label-storage` attribute says
 * `none`, nor when its client was made with `labelStorage: 'none'` (`configure()` or
 * `createClient()`). Either one turns it off; an attribute cannot turn it back on.
 */
export function labelStorageEnabled(
  elementSetting: string | null | undefined,
  client: { readonly labelStorage?: LabelStorage | undefined } | undefined,
): boolean {
  if (elementSetting?.trim().toLowerCase() === 'none') return false;
  return client?.labelStorage !== 'none';
}

/**
 * Deletes every stored label, of every base URL and account, in this origin: for a host to call
 * when its user signs out. It deletes the database without opening it, so it is cheap, and
 * creates nothing where nothing was stored. Connections that the library holds open (in this tab
 * or another) close when asked, so it resolves as soon as the browser has deleted it.
 *
 * Never rejects: `{ ok: false, error }` when the browser refused (IndexedDB disabled, say).
 */
export function clearStoredLabels(): Promise<LabelStoreOutcome> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      const factory: IDBFactory | undefined = globalThis.indexedDB;
      // Without IndexedDB nothing can have been stored.
      if (factory === undefined) {
        resolve({ ok: true });
        return;
      }
      request = factory.deleteDatabase(LABEL_DATABASE);
    } catch (error) {
      resolve({ ok: false, error: asError(error) });
      return;
    }
    request.onsuccess = () => resolve({ ok: true });
    request.onerror = () => resolve({ ok: false, error: asError(request.error) });
  });
}
