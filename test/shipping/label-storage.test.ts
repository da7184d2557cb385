import { expect } from '@open-wc/testing';
import { configure } from '../../src/api/client.js';
import { ClientCore } from '../../src/api/core.js';
import { getDefaultClient, setDefaultClient } from '../../src/api/default-client.js';
import * as labelStore from '../../src/shipping/label-storage-records.js';
import type { LabelToStore } from '../../src/shipping/label-storage-records.js';
import { LABEL_DATABASE, labelStorageEnabled } from '../../src/shipping/label-storage.js';

type LabelStoreModule = typeof labelStore;

const DAY = 24 * 60 * 60 * 1000;
const BOUGHT = Date.UTC(2025, 4, 12, 9, 30);
const PDF_BASE64 = btoa('%PDF-1.4 label');

let instances = 0;

/**
 * The store as a page loads it after a reload: a new instance of the module, with no connection
 * and no cached partition of its own.
 */
async function reloadedStore(): Promise<LabelStoreModule> {
  instances += 1;
  const url = new URL(`../../src/shipping/label-storage-records.ts?instance=${instances}`, import.meta.url);
  return (await import(url.href)) as LabelStoreModule;
}

function label(orderId: number | string, overrides: Partial<LabelToStore> = {}): LabelToStore {
  return {
    orderId,
    format: 'PDF',
    content: PDF_BASE64,
    invoice: null,
    trackingNumber: `TRK${orderId}`,
    carrier: 'Royal Mail',
    service: 'Tracked 24',
    charge: { value: 4.15, unit: 'GBP' },
    remoteShipmentId: `shipment-${orderId}`,
    rateId: `rate-${orderId}`,
    boughtAt: BOUGHT,
    ...overrides,
  };
}

async function databaseExists(): Promise<boolean> {
  const databases = await indexedDB.databases();
  return databases.some((database) => database.name === LABEL_DATABASE);
}

/** Runs `body` with `globalThis.indexedDB` read as `stub`, then puts the browser's back. */
async function withIndexedDb(stub: IDBFactory | undefined, body: () => Promise<void>): Promise<void> {
  const own = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');
  Object.defineProperty(globalThis, 'indexedDB', { configurable: true, get: () => stub });
  try {
    await body();
  } finally {
    if (own) Object.defineProperty(globalThis, 'indexedDB', own);
    else delete (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  }
}

const SHOP = 'https://ops.example.com proxy';

describe('label store', () => {
  beforeEach(async () => {
    expect(await labelStore.clearStoredLabels()).to.deep.equal({ ok: true });
  });

  it('keeps a bought label, invoice included, through a reload', async () => {
    const invoice = btoa('%PDF-1.4 invoice');
    const saved = await labelStore.saveLabel(SHOP, label(13359601, { invoice }), { now: BOUGHT });
    expect(saved).to.deep.equal({ ok: true, stored: true });

    const reloaded = await reloadedStore();
    expect(reloaded).not.to.equal(labelStore);
    const [found, ...others] = await reloaded.labelsForOrders(SHOP, [13359601], { now: BOUGHT + DAY });
    expect(others).to.be.empty;
    expect(found).to.deep.equal({ ...label(13359601, { invoice }), orderId: '13359601' });
    expect(atob(found!.content!)).to.equal('%PDF-1.4 label');
  });

  it('finds the labels of several orders, newest first, whether ids are numbers or text', async () => {
    await labelStore.saveLabel(SHOP, label(1, { boughtAt: BOUGHT }), { now: BOUGHT });
    await labelStore.saveLabel(SHOP, label('2', { boughtAt: BOUGHT + 2000 }), { now: BOUGHT });
    // A second label for order 1, bought after the first was thought lost.
    await labelStore.saveLabel(SHOP, label(1, { boughtAt: BOUGHT + 1000, trackingNumber: 'TRK1-B' }), {
      now: BOUGHT,
    });
    await labelStore.saveLabel(SHOP, label(3), { now: BOUGHT });

    const found = await labelStore.labelsForOrders(SHOP, ['1', 2, 1], { now: BOUGHT + 5000 });
    expect(found.map((stored) => stored.trackingNumber)).to.deep.equal(['TRK2', 'TRK1-B', 'TRK1']);
    expect(await labelStore.labelsForOrders(SHOP, [4], { now: BOUGHT })).to.deep.equal([]);
    expect(await labelStore.labelsForOrders(SHOP, [], { now: BOUGHT })).to.deep.equal([]);
  });

  it('keeps a label 14 days, then drops and deletes it', async () => {
    await labelStore.saveLabel(SHOP, label(7), { now: BOUGHT });

    const lastMoment = BOUGHT + 14 * DAY - 1;
    expect(await labelStore.labelsForOrders(SHOP, [7], { now: lastMoment })).to.have.length(1);
    expect(await labelStore.labelsForOrders(SHOP, [7], { now: BOUGHT + 14 * DAY })).to.deep.equal([]);
    // Gone from the database, not only from the answer: an earlier clock finds nothing either.
    const reloaded = await reloadedStore();
    expect(await reloaded.labelsForOrders(SHOP, [7], { now: BOUGHT })).to.deep.equal([]);
  });

  it('deletes the expired labels of every order and partition when it saves another', async () => {
    await labelStore.saveLabel(SHOP, label(8), { now: BOUGHT });
    await labelStore.saveLabel('https://other.example.com proxy', label(9), { now: BOUGHT });

    await labelStore.saveLabel(SHOP, label(10, { boughtAt: BOUGHT + 15 * DAY }), { now: BOUGHT + 15 * DAY });

    expect(await labelStore.labelsForOrders(SHOP, [8, 10], { now: BOUGHT })).to.have.length(1);
    expect(
      await labelStore.labelsForOrders('https://other.example.com proxy', [9], { now: BOUGHT }),
    ).to.deep.equal([]);
  });

  it('keeps partitions apart: base URLs and accounts do not see each other', async () => {
    const shopA = new ClientCore({ baseUrl: 'https://ops.example.com', appToken: 'app-token-of-account-a' });
    const shopB = new ClientCore({ baseUrl: 'https://ops.example.com', appToken: 'app-token-of-account-b' });
    const proxy = new ClientCore({ baseUrl: '/ops-api' });
    const partitionA = await labelStore.labelPartition(shopA);
    const partitionB = await labelStore.labelPartition(shopB);
    const partitionProxy = await labelStore.labelPartition(proxy);
    expect(new Set([partitionA, partitionB, partitionProxy]).size).to.equal(3);
    // The same account reads the same partition after a reload; no secret is part of it.
    const reloaded = await reloadedStore();
    expect(
      await reloaded.labelPartition(
        new ClientCore({ baseUrl: 'https://ops.example.com', appToken: 'app-token-of-account-a' }),
      ),
    ).to.equal(partitionA);
    expect(partitionA).not.to.contain('app-token-of-account-a');

    await labelStore.saveLabel(partitionA, label(5, { trackingNumber: 'TRK-A' }), { now: BOUGHT });
    await labelStore.saveLabel(partitionB, label(5, { trackingNumber: 'TRK-B' }), { now: BOUGHT });

    const read = async (partition: string) =>
      (await labelStore.labelsForOrders(partition, [5], { now: BOUGHT })).map(
        (stored) => stored.trackingNumber,
      );
    expect(await read(partitionA)).to.deep.equal(['TRK-A']);
    expect(await read(partitionB)).to.deep.equal(['TRK-B']);
    expect(await read(partitionProxy)).to.deep.equal([]);
  });

  it('clearStoredLabels deletes every label of every partition, even with the store open', async () => {
    await labelStore.saveLabel(SHOP, label(11), { now: BOUGHT });
    await labelStore.saveLabel('https://other.example.com direct', label(12), { now: BOUGHT });
    // A second instance holds a connection too, as another copy of the library on the page would.
    const other = await reloadedStore();
    expect(await other.labelsForOrders(SHOP, [11], { now: BOUGHT })).to.have.length(1);

    expect(await labelStore.clearStoredLabels()).to.deep.equal({ ok: true });

    expect(await databaseExists()).to.equal(false);
    expect(await other.labelsForOrders(SHOP, [11], { now: BOUGHT })).to.deep.equal([]);
    expect(
      await labelStore.labelsForOrders('https://other.example.com direct', [12], { now: BOUGHT }),
    ).to.deep.equal([]);
    // The store still works afterwards.
    expect(await labelStore.saveLabel(SHOP, label(13), { now: BOUGHT })).to.deep.equal({
      ok: true,
      stored: true,
    });
    expect(await labelStore.labelsForOrders(SHOP, [13], { now: BOUGHT })).to.have.length(1);
  });

  it('clearStoredLabels creates nothing where nothing was stored', async () => {
    expect(await databaseExists()).to.equal(false);
    expect(await labelStore.clearStoredLabels()).to.deep.equal({ ok: true });
    expect(await databaseExists()).to.equal(false);
  });

  describe('when the browser cannot store', () => {
    it('resolves not-ok with the error, and gives the notice once per page', async () => {
      const refused = new DOMException('The user denied permission to access the database.', 'SecurityError');
      const throwing = {
        open() {
          throw refused;
        },
        deleteDatabase() {
          throw refused;
        },
      } as unknown as IDBFactory;
      const store = await reloadedStore();
      const another = await reloadedStore();

      await withIndexedDb(throwing, async () => {
        expect(labelStore.labelStorageFailure()).to.equal(undefined);
        expect(await store.saveLabel(SHOP, label(20), { now: BOUGHT })).to.deep.equal({
          ok: false,
          error: refused,
          notice: true,
        });
        // Another element, or another copy of the library, failing next gives no second notice.
        expect(await another.saveLabel(SHOP, label(21), { now: BOUGHT })).to.include({
          ok: false,
          notice: false,
        });
        expect(store.labelStorageFailure()).to.equal(refused);
        expect(await store.labelsForOrders(SHOP, [20], { now: BOUGHT })).to.deep.equal([]);
        expect(await store.clearStoredLabels()).to.deep.equal({ ok: false, error: refused });
      });
    });

    it('resolves not-ok where IndexedDB is missing', async () => {
      const store = await reloadedStore();
      await withIndexedDb(undefined, async () => {
        const outcome = await store.saveLabel(SHOP, label(22), { now: BOUGHT });
        expect(outcome.ok).to.equal(false);
        expect(await store.labelsForOrders(SHOP, [22], { now: BOUGHT })).to.deep.equal([]);
        // Nothing can have been stored, so there is nothing to clear.
        expect(await store.clearStoredLabels()).to.deep.equal({ ok: true });
      });
    });

    it('resolves not-ok when the disk is full, and keeps nothing of that label', async () => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
      try {
        const outcome = await labelStore.saveLabel(SHOP, label(23), { now: BOUGHT });
        expect(outcome.ok).to.equal(false);
        expect(outcome.ok === false && outcome.error.name).to.equal('QuotaExceededError');
      } finally {
        IDBObjectStore.prototype.put = put;
      }
      expect(await labelStore.labelsForOrders(SHOP, [23], { now: BOUGHT })).to.deep.equal([]);
    });

    it('resolves not-ok when a newer version of the library holds the database', async () => {
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(LABEL_DATABASE, 99);
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
      });
      const store = await reloadedStore();
      const outcome = await store.saveLabel(SHOP, label(24), { now: BOUGHT });
      expect(outcome.ok === false && outcome.error.name).to.equal('VersionError');
    });
  });

  describe('turned off', () => {
    let previous: ClientCore;
    beforeEach(() => {
      previous = getDefaultClient();
    });
    afterEach(() => {
      setDefaultClient(previous);
    });

    it("configure({ labelStorage: 'none' }) stores nothing and finds nothing", async () => {
      configure({ baseUrl: '/ops-api', labelStorage: 'none' });
      const client = getDefaultClient();
      expect(client.labelStorage).to.equal('none');
      expect(labelStorageEnabled(undefined, client)).to.equal(false);

      expect(await labelStore.keepLabel(client, undefined, label(30))).to.deep.equal({
        ok: true,
        stored: false,
      });
      expect(await databaseExists()).to.equal(false);
      expect(await labelStore.keptLabels(client, undefined, [30])).to.deep.equal([]);
    });

    it('label-storage="none" on an element stores nothing, whatever the client says', async () => {
      configure({ baseUrl: '/ops-api' });
      const client = getDefaultClient();
      expect(labelStorageEnabled(undefined, client)).to.equal(true);
      expect(labelStorageEnabled('none', client)).to.equal(false);
      expect(labelStorageEnabled(' NONE ', client)).to.equal(false);
      expect(
        labelStorageEnabled('indexeddb', new ClientCore({ baseUrl: '', labelStorage: 'none' })),
      ).to.equal(false);

      expect(await labelStore.keepLabel(client, 'none', label(31))).to.deep.equal({
        ok: true,
        stored: false,
      });
      expect(await databaseExists()).to.equal(false);

      // The same client with storage on keeps it, and the element setting decides what it sees.
      const now = Date.now();
      expect(await labelStore.keepLabel(client, null, label(31, { boughtAt: now }))).to.deep.equal({
        ok: true,
        stored: true,
      });
      expect(await labelStore.keptLabels(client, undefined, [31])).to.have.length(1);
      expect(await labelStore.keptLabels(client, 'none', [31])).to.deep.equal([]);
    });
  });
});
