import type { ReactiveElement } from 'lit';

/** Gives the focus to what `selector` finds in the host, once it has updated. */
export function focusAfterUpdate(host: ReactiveElement, selector: string): void {
  host.requestUpdate();
  void host.updateComplete.then(() => host.renderRoot.querySelector<HTMLElement>(selector)?.focus());
}

/** The "Edit product …" button of `sellableId`. */
export const productButton = (sellableId: number | string): string =>
  `[part="edit-product-button"][data-sellable="${CSS.escape(String(sellableId))}"]`;
