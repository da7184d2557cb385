/**
 * What an element that buys labels does with the bookings this browser left unsettled for its
 * order(s) (`booking-intents.ts`): a reload or a crash while a booking was in flight, a batch page
 * closed mid-booking, or another tab's booking now. It finds them when the element comes to the
 * orders and settles each by reading its order once (`one-label.ts`): bought, as the order shows,
 * or still unclear, its label held until the user confirms a second one. The intents' code is
 * loaded with `import()`, the order reading only when one is found.
 */
import type { ReactiveController } from 'lit';
import type { ClientCore } from '../api/core.js';
import { onDemand } from '../api/load-on-demand.js';
import type { BookingIntent } from './booking-intents.js';
import { labelOrdersOf } from './label-storage-controller.js';
import type { LabelStorageHost } from './label-storage-controller.js';
import type { LabelShown } from './one-label.js';

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

/** An element whose bookings are looked for: the client, and the orders it shows (`labelOrderIds`). */
export type UnsettledBookingsHost = Pick<
  LabelStorageHost,
  'api' | 'labelOrderIds' | 'addController' | 'requestUpdate'
>;

const sameLabel = (a: BookingIntent, b: BookingIntent): boolean =>
  a.orderId === b.orderId && a.target === b.target;

export class UnsettledBookings implements ReactiveController {
  readonly #host: UnsettledBookingsHost;
  #key = '';
  #api: ClientCore | undefined;
  #found: readonly Unsettled[] = [];

  constructor(host: UnsettledBookingsHost) {
    this.#host = host;
    host.addController(this);
  }

  /** The bookings found unsettled for the element's orders, as far as they are checked. */
  get found(): readonly Unsettled[] {
    return this.#found;
  }

  /** Before each render: the orders or the client changed, so they are looked for again. */
  hostUpdate(): void {
    const api = this.#host.api;
    const orderIds = labelOrdersOf(this.#host);
    const key = JSON.stringify([api.baseUrl, orderIds]);
    if (key === this.#key && api === this.#api) return;
    this.#api = api;
    this.#key = key;
    this.#found = [];
    if (orderIds.length > 0) void this.#find(api, orderIds, key);
  }

  /** The user has seen to one (confirmed a second label, or it was just booked here): it goes. */
  forget(orderId: string, target: string): void {
    this.#found = this.#found.filter(
      (entry) => entry.intent.orderId !== orderId || entry.intent.target !== target,
    );
    this.#host.requestUpdate();
  }

  /** "Read the order again" for one whose order could not be read. */
  recheck(orderId: string): void {
    const intents = this.#found
      .filter((entry) => entry.intent.orderId === orderId)
      .map((entry) => entry.intent);
    this.#found = this.#found.map((entry) =>
      intents.includes(entry.intent) ? { ...entry, check: 'reading' } : entry,
    );
    this.#host.requestUpdate();
    if (this.#api) void this.#settle(this.#api, intents, this.#key);
  }

  #current(api: ClientCore, key: string): boolean {
    return key === this.#key && api === this.#api;
  }

  async #find(api: ClientCore, orderIds: number[], key: string): Promise<void> {
    try {
      const intents = await (await loadIntents()).openBookings(api, orderIds);
      if (intents.length === 0 || !this.#current(api, key)) return;
      this.#found = intents.map((intent) => ({ intent, check: 'reading', label: null }));
      this.#host.requestUpdate();
      await this.#settle(api, intents, key);
    } catch {
      // Without the intents' code there is nothing found to settle; the check before buying remains.
    }
  }

  async #settle(api: ClientCore, intents: readonly BookingIntent[], key: string): Promise<void> {
    let checked: readonly Unsettled[];
    try {
      checked = await (await loadOneLabel()).checkUnsettled(api, intents);
    } catch {
      checked = intents.map((intent) => ({ intent, check: 'unread', label: null }));
    }
    if (!this.#current(api, key)) return;
    this.#found = this.#found.map(
      (entry) => checked.find(({ intent }) => sameLabel(intent, entry.intent)) ?? entry,
    );
    this.#host.requestUpdate();
  }
}
