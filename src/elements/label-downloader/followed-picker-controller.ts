/**
 * The rate picker a label downloader follows through its `for` attribute: the element of that id
 * in the downloader's document or shadow root, whose `rate-selected` and `rate-cleared` events
 * (heard at that root) set the downloader's choice. The picker is known only by what it offers,
 * not by its class: an element never imports another element's folder.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RateSelection } from '../../shipping/selection.js';

/** What a followed `rate-picker` offers. */
export interface FollowedRatePicker extends HTMLElement {
  /** The chosen quote, or undefined while none is chosen. */
  selection?: RateSelection;
  orderId?: number;
  refreshRates?: () => Promise<void>;
}

/** A label downloader, as the picker it follows sees it: the `for` it names, and the choice it holds. */
export interface FollowedPickerHost extends ReactiveControllerHost, HTMLElement {
  /** The `for` attribute: the id of the picker to follow. */
  readonly for: string | undefined;
  /** The choice: set when the picker chooses a quote or changes its options, `undefined` when it withdraws it. */
  selection: RateSelection | RateSelection[] | undefined;
}

export class FollowedPicker implements ReactiveController {
  readonly #host: FollowedPickerHost;
  #root: Document | ShadowRoot | undefined;

  constructor(host: FollowedPickerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    const root = this.#host.getRootNode();
    if (root instanceof Document || root instanceof ShadowRoot) {
      this.#root = root;
      root.addEventListener('rate-selected', this.#onRateSelected);
      root.addEventListener('rate-cleared', this.#onRateCleared);
    }
    this.#adopt();
  }

  hostDisconnected(): void {
    this.#root?.removeEventListener('rate-selected', this.#onRateSelected);
    this.#root?.removeEventListener('rate-cleared', this.#onRateCleared);
    this.#root = undefined;
  }

  /** The followed rate picker, when `for` names one in the host's root. */
  get picker(): FollowedRatePicker | null {
    const id = this.#host.for;
    if (!id) return null;
    const root = this.#root ?? this.#host.getRootNode();
    return root instanceof Document || root instanceof ShadowRoot ? root.getElementById(id) : null;
  }

  /** What the followed picker has chosen, when `for` names one: the host takes it over as `for` changes. */
  get chosen(): RateSelection | undefined {
    return this.picker?.selection;
  }

  /** Takes over what the picker chose before the host was connected. */
  #adopt(): void {
    this.#host.selection ??= this.chosen;
  }

  #fromFollowedPicker(event: Event): boolean {
    const id = this.#host.for;
    const target = event.target;
    return Boolean(id) && target instanceof Element && target.id === id;
  }

  #onRateSelected = (event: Event): void => {
    if (this.#fromFollowedPicker(event)) this.#host.selection = (event as CustomEvent<RateSelection>).detail;
  };

  #onRateCleared = (event: Event): void => {
    if (this.#fromFollowedPicker(event)) this.#host.selection = undefined;
  };
}
