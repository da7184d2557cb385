/**
 * What an element that buys labels does with label storage: keeps every label it buys, and
 * offers again the labels already bought for its order(s) after a reload. The records' code
 * (`label-storage-records.ts`) is loaded with `import()` the first time it is needed, and never
 * when storage is turned off (`label-storage="none"` or `configure({ labelStorage: 'none' })`).
 */
import type { ReactiveController } from 'lit';
import type { ClientCore } from '../api/core.js';
import { onDemand } from '../api/load-on-demand.js';
import type { OpsHost } from '../shared/request-task.js';
import type { BoughtLabel } from './label-facts.js';
import { labelStorageEnabled } from './label-storage.js';
import type { StoredLabel } from './label-storage-records.js';

export type { StoredLabel };

/** The records' code, fetched the first time an element reads or keeps a label (again after a failed fetch). */
const loadRecords = onDemand('label-storage-records', () => import('./label-storage-records.js'));

/** An element whose labels are kept: its setting, and the orders it shows. */
export interface LabelStorageHost extends OpsHost {
  /** The element's `label-storage` attribute. */
  readonly labelStorage: string | undefined;
  /** The orders whose kept labels to offer, and whose unsettled bookings to find. */
  readonly labelOrderIds: ReadonlyArray<number | null | undefined>;
}

/** A bought label to keep, with the order it is for and the quote bought. */
export interface LabelToKeep extends BoughtLabel {
  orderId: number;
  rateId: string | null;
}

/** The orders of `host`, each once, without the ids it does not have yet. */
export function labelOrdersOf(host: Pick<LabelStorageHost, 'labelOrderIds'>): number[] {
  return [...new Set(host.labelOrderIds.filter((id): id is number => Number.isSafeInteger(id)))];
}

export class LabelStorageController implements ReactiveController {
  readonly #host: LabelStorageHost;
  #key = '';
  #api: ClientCore | undefined;
  #stored: readonly StoredLabel[] = [];
  #failed = false;

  constructor(host: LabelStorageHost) {
    this.#host = host;
    host.addController(this);
  }

  /** Labels kept for the element's orders, newest first. */
  get stored(): readonly StoredLabel[] {
    return this.#stored;
  }

  /** The page's first failure to keep a label happened here: the element says so once. */
  get failed(): boolean {
    return this.#failed;
  }

  #enabled(): boolean {
    return labelStorageEnabled(this.#host.labelStorage, this.#host.api);
  }

  /** Before each render: the orders, the client or the setting changed, so the labels are read again. */
  hostUpdate(): void {
    const api = this.#host.api;
    const orderIds = labelOrdersOf(this.#host);
    const key = JSON.stringify([api.baseUrl, this.#enabled(), orderIds]);
    // Another client on the same base URL may be another account (its own key or app token).
    if (key === this.#key && api === this.#api) return;
    this.#api = api;
    this.#key = key;
    this.#stored = [];
    if (orderIds.length === 0 || !this.#enabled()) return;
    void this.#read(api, orderIds, key);
  }

  async #read(api: ClientCore, orderIds: number[], key: string): Promise<void> {
    try {
      const records = await loadRecords();
      const labels = await records.keptLabels(api, this.#host.labelStorage, orderIds);
      if (key !== this.#key || api !== this.#api) return;
      this.#stored = labels;
      this.#host.requestUpdate();
    } catch {
      // Without the records' code (offline, a blocked chunk) there is nothing to offer again.
    }
  }

  /** Keeps a label just bought; never fails the purchase. */
  async keep(label: LabelToKeep): Promise<void> {
    if (!this.#enabled()) return;
    const { label: content, charges, ...facts } = label;
    try {
      const records = await loadRecords();
      const outcome = await records.keepLabel(this.#host.api, this.#host.labelStorage, {
        ...facts,
        content,
        charge: charges,
        boughtAt: Date.now(),
      });
      if (!outcome.ok && outcome.notice) this.#failed = true;
    } catch {
      this.#failed = true;
    }
    this.#host.requestUpdate();
  }
}

/** A stored label in the shape of a label just bought, for the same templates and files. */
export function boughtFromStore(stored: StoredLabel): BoughtLabel & { orderId: number } {
  return {
    orderId: Number(stored.orderId),
    trackingNumber: stored.trackingNumber,
    format: stored.format,
    charges: stored.charge,
    carrier: stored.carrier,
    service: stored.service,
    remoteShipmentId: stored.remoteShipmentId,
    label: stored.content,
    invoice: stored.invoice,
  };
}
