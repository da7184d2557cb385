/**
 * Focus after an action that takes away the control it was started from: "Buy labels" and
 * "Refresh rates for …" are disabled or removed while they run, "Buy again for …" and "Read …
 * again" are gone once pressed, and the browser then leaves focus on the page's body. Whether
 * focus was in the element is noted as the action starts; after the update that shows what the
 * action came to, focus goes where the user can read it and carry on.
 */
import type { ReactiveElement } from 'lit';

/** Whether focus is in `host` (its shadow root included); noted as an action starts. */
export function hasFocus(host: Element): boolean {
  return host.matches(':focus-within');
}

/** Nothing has focus: what had it was removed or disabled. */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/**
 * After the host's pending update, focuses the first of `selectors` (in its render root) that
 * matches an element able to take focus, when focus was in the host as the action started (`had`)
 * and has not gone anywhere since. Focus the user moved elsewhere meanwhile stays where it is.
 */
export async function restoreFocus(
  host: ReactiveElement,
  had: boolean,
  selectors: readonly string[],
): Promise<void> {
  if (!had) return;
  await host.updateComplete;
  if (!focusLost()) return;
  for (const selector of selectors) {
    const target = host.renderRoot.querySelector<HTMLElement>(selector);
    if (target && !target.matches(':disabled')) {
      target.focus();
      return;
    }
  }
}

/** Selectors of one order's parts in the table (its row carries `data-order`). */
export const inRow = {
  outcome: (orderId: number) => `tr[data-order="${orderId}"] td.outcome`,
  rateSelect: (orderId: number) => `tr[data-order="${orderId}"] [part="rate-select"]`,
  refreshButton: (orderId: number) => `[part="refresh-button"][data-order="${orderId}"]`,
};
