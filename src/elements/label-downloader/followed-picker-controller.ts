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

export interface FollowedPickerOptions {
  /** The `for` attribute: the id of the picker to follow. */
  id: () => string | undefined;
  /** Whether the host holds a choice already (then the picker's earlier one is not taken over). */
  hasChoice: () => boolean;
  /** The picker chose a quote or changed its options; `undefined` when it withdrew its choice. */
  onChoice: (selection: RateSelection | undefined) => void;
}

export class FollowedPicker implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: FollowedPickerOptions;
  #root: Document | ShadowRoot | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, options: FollowedPickerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    const root = this.#host.getRootNode();
    if (root instanceof Document || root instanceof ShadowRoot) {
      this.#root = root;
      root.addEventListener('rate-selected', this.#onRateSelected);
      root.addEventListener('rate-cleared', this.#onRateCleared);
    }
    this.adopt();
  }

  hostDisconnected(): void {
    this.#root?.removeEventListener('rate-selected', this.#onRateSelected);
    this.#root?.removeEventListener('rate-cleared', this.#onRateCleared);
    this.#root = undefined;
  }

  /** The followed rate picker, when `for` names one in the host's root. */
  get picker(): FollowedRatePicker | null {
    const id = this.#options.id();
    if (!id) return null;
    const root = this.#root ?? this.#host.getRootNode();
    return root instanceof Document || root instanceof ShadowRoot ? root.getElementById(id) : null;
  }

  /** Takes over what the followed picker has chosen already (it may have chosen before we connected). */
  adopt(): void {
    if (this.#options.hasChoice()) return;
    const chosen = this.picker?.selection;
    if (chosen) this.#options.onChoice(chosen);
  }

  #fromFollowedPicker(event: Event): boolean {
    const id = this.#options.id();
    const target = event.target;
    return Boolean(id) && target instanceof Element && target.id === id;
  }

  #onRateSelected = (event: Event): void => {
    if (this.#fromFollowedPicker(event)) this.#options.onChoice((event as CustomEvent<RateSelection>).detail);
  };

  #onRateCleared = (event: Event): void => {
    if (this.#fromFollowedPicker(event)) this.#options.onChoice(undefined);
  };
}
