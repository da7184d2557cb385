/**
 * What an element that buys labels does with the label store: keeps every label it buys, and
 * offers again the labels already bought for its order(s) after a reload. The store's code is
 * loaded with `import()` the first time it is needed, and never when storage is turned off
 * (`label-storage="none"` or `configure({ labelStorage: 'none' })`).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ClientCore } from '../api/core.js';
import { onDemand } from '../api/load-on-demand.js';
import type { BoughtLabel } from './label-facts.js';
import { labelStorageEnabled } from './label-storage.js';
import type { StoredLabel } from './label-store.js';

export type { StoredLabel };

/** The store's code, fetched the first time an element reads or keeps a label (again after a failed fetch). */
const loadStore = onDemand('label-store', () => import('./label-store.js'));

export interface LabelKeeperOptions {
  api: () => ClientCore;
  /** The element's `label-storage` attribute. */
  setting: () => string | undefined;
  /** The orders whose stored labels to offer. */
  orderIds: () => ReadonlyArray<number | null | undefined>;
}

/** A bought label to keep, with the order it is for and the quote bought. */
export interface LabelToKeep extends BoughtLabel {
  orderId: number;
  rateId: string | null;
}

export class LabelKeeper implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #options: LabelKeeperOptions;
  #key = '';
  #api: ClientCore | undefined;
  #stored: readonly StoredLabel[] = [];
  #failed = false;

  constructor(host: ReactiveControllerHost, options: LabelKeeperOptions) {
    this.#host = host;
    this.#options = options;
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
    return labelStorageEnabled(this.#options.setting(), this.#options.api());
  }

  #orderIds(): number[] {
    return [...new Set(this.#options.orderIds().filter((id): id is number => Number.isSafeInteger(id)))];
  }

  /** Before each render: the orders, the client or the setting changed, so the labels are read again. */
  hostUpdate(): void {
    const api = this.#options.api();
    const orderIds = this.#orderIds();
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
      const store = await loadStore();
      const labels = await store.keptLabels(api, this.#options.setting(), orderIds);
      if (key !== this.#key || api !== this.#api) return;
      this.#stored = labels;
      this.#host.requestUpdate();
    } catch {
      // Without the store's code (offline, a blocked chunk) there is nothing to offer again.
    }
  }

  /** Keeps a label just bought; never fails the purchase. */
  async keep(label: LabelToKeep): Promise<void> {
    if (!this.#enabled()) return;
    const { label: content, charges, ...facts } = label;
    try {
      const store = await loadStore();
      const outcome = await store.keepLabel(this.#options.api(), this.#options.setting(), {
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
