import type { ReactiveController, ReactiveElement } from 'lit';

/** The elements `<ship-order>` is built from. */
const INNER_TAGS = 'order-card, allocation-form, pack-check, rate-picker, label-downloader, product-editor';

/** The events of the elements it is built from. */
const INNER_EVENTS = [
  'note-added',
  'customer-updated',
  'delivery-method-updated',
  'product-updated',
  'allocation-created',
  'allocation-deleted',
  'stock-updated',
  'item-scanned',
  'scan-rejected',
  'pack-verified',
  'rate-selected',
  'rate-cleared',
  'label-purchased',
  'rates-requested',
  'request-error',
] as const;

/**
 * Sends on the events of `<ship-order>`'s inner elements that would otherwise reach no one. The
 * events are composed, so those of an element still inside reach the page by themselves; one sent
 * by an element the flow has just removed (the allocation form, once its allocation covers the
 * order) is dispatched again from the host, once its own dispatch is over.
 */
export class InnerEventRelay implements ReactiveController {
  readonly #host: ReactiveElement;
  /** Inner elements listened to, and their events already sent on. */
  readonly #relayed = new WeakSet<EventTarget | Event>();

  constructor(host: ReactiveElement) {
    this.#host = host;
    host.addController(this);
  }

  /** After each render, each inner element new to the flow is listened to. */
  hostUpdated(): void {
    for (const element of this.#host.renderRoot.querySelectorAll(INNER_TAGS)) {
      if (this.#relayed.has(element)) continue;
      this.#relayed.add(element);
      for (const type of INNER_EVENTS) element.addEventListener(type, this.#relay);
    }
  }

  readonly #relay = (event: Event): void => {
    const element = event.currentTarget as Element;
    if (element.isConnected || !this.#host.isConnected || this.#relayed.has(event)) return;
    this.#relayed.add(event);
    queueMicrotask(() => this.#host.dispatchEvent(event));
  };
}
