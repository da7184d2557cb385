/**
 * What an element that buys labels does with the label store: keeps every label it buys, and
 * offers again the labels already bought for its order(s) after a reload. The store's code is
 * loaded with `import()` the first time it is needed, and never when storage is turned off
 * (`label-storage="none"` or `configure({ labelStorage: 'none' })`).
 *
 * It also finds the bookings of this browser left unsettled for those orders (a reload or a crash
 * while a booking was in flight, or another tab's booking: `booking-intents.ts`), and settles each
 * by reading its order once (`one-label.ts`): bought, as the order shows, or still unclear, its
 * label held until the user confirms a second one. Those are kept whatever `label-storage` says.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ClientCore } from '../api/core.js';
import { onDemand } from '../api/load-on-demand.js';
import type { BoughtLabel } from './label-facts.js';
import { labelStorageEnabled } from './label-storage.js';
import type { StoredLabel } from './label-store.js';
import type { BookingIntent } from './booking-intents.js';
import type { LabelShown } from './one-label.js';

export type { StoredLabel };

/** The store's code, fetched the first time an element reads or keeps a label (again after a failed fetch). */
const loadStore = onDemand('label-store', () => import('./label-store.js'));
/** The intents' code, fetched with the first order an element shows. */
const loadIntents = onDemand('booking-intents', () => import('./booking-intents.js'));
/** Reading an order to settle an intent, fetched only when one is found. */
const loadOneLabel = onDemand('one-label', () => import('./one-label.js'));

/**
 * A booking of this browser found unsettled: `reading` while its order is read; then `shipped`
 * (the order shows its label, `label`), `clear` (it shows none: the label stays held) or `unread`.
 */
export interface Unsettled {
  intent: BookingIntent;
  check: 'reading' | 'shipped' | 'clear' | 'unread';
  label: LabelShown | null;
}

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
  #unsettled: readonly Unsettled[] = [];
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

  /** Bookings of this browser found unsettled for the element's orders, as far as they are checked. */
  get unsettled(): readonly Unsettled[] {
    return this.#unsettled;
  }

  /** The user has seen to an unsettled booking (confirmed a second label, say): it is no longer shown. */
  forget(orderId: string, target: string): void {
    this.#unsettled = this.#unsettled.filter(
      (entry) => entry.intent.orderId !== orderId || entry.intent.target !== target,
    );
    this.#host.requestUpdate();
  }

  /** "Read the order again" for an unsettled booking whose order could not be read. */
  recheck(orderId: string): void {
    const api = this.#options.api();
    const key = this.#key;
    const intents = this.#unsettled
      .filter((entry) => entry.intent.orderId === orderId)
      .map((entry) => entry.intent);
    this.#setChecks(intents, 'reading');
    void this.#settle(api, intents, key);
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
    this.#unsettled = [];
    if (orderIds.length === 0) return;
    void this.#findUnsettled(api, orderIds, key);
    if (!this.#enabled()) return;
    void this.#read(api, orderIds, key);
  }

  async #findUnsettled(api: ClientCore, orderIds: number[], key: string): Promise<void> {
    try {
      const intents = await (await loadIntents()).openBookings(api, orderIds);
      if (intents.length === 0 || key !== this.#key || api !== this.#api) return;
      this.#unsettled = intents.map((intent) => ({ intent, check: 'reading', label: null }));
      this.#host.requestUpdate();
      await this.#settle(api, intents, key);
    } catch {
      // Without the intents' code there is nothing found to settle; the check before buying remains.
    }
  }

  async #settle(api: ClientCore, intents: readonly BookingIntent[], key: string): Promise<void> {
    let settled: Array<{ intent: BookingIntent; label: LabelShown | null; read: boolean }> = [];
    try {
      const oneLabel = await loadOneLabel();
      const orders = new Set<string>();
      const read = async (ids: readonly number[]) => {
        const found = await oneLabel.readEach(api)(ids);
        for (const id of found.keys()) orders.add(String(id));
        return found;
      };
      settled = (await oneLabel.settleOpenBookings(api, intents, read)).map((entry) => ({
        ...entry,
        read: orders.has(entry.intent.orderId),
      }));
    } catch {
      settled = intents.map((intent) => ({ intent, label: null, read: false }));
    }
    if (key !== this.#key || api !== this.#api) return;
    const outcome = new Map(
      settled.map((entry) => [`${entry.intent.orderId} ${entry.intent.target}`, entry]),
    );
    this.#unsettled = this.#unsettled.map((entry) => {
      const found = outcome.get(`${entry.intent.orderId} ${entry.intent.target}`);
      if (!found) return entry;
      const check = found.label ? 'shipped' : found.read ? 'clear' : 'unread';
      return { intent: entry.intent, check, label: found.label };
    });
    this.#host.requestUpdate();
  }

  #setChecks(intents: readonly BookingIntent[], check: Unsettled['check']): void {
    const keys = new Set(intents.map((intent) => `${intent.orderId} ${intent.target}`));
    this.#unsettled = this.#unsettled.map((entry) =>
      keys.has(`${entry.intent.orderId} ${entry.intent.target}`) ? { ...entry, check } : entry,
    );
    this.#host.requestUpdate();
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
