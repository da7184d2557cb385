/**
 * Where focus goes after an action: the one way every element does it.
 *
 * An action often takes away the control it was started from: a button disabled while its request
 * runs, a form that closes, a row that is replaced. The browser then leaves focus on the page's
 * body. After the update that shows what the action came to, focus goes where the user can read it
 * and carry on, but only when it was with the element: inside it, or lost. Focus the user moved
 * elsewhere on the page, meanwhile or before, stays where it is.
 */
import type { ReactiveElement } from 'lit';

/** Nothing has focus: what had it was removed or disabled. */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/**
 * Whether focus is with `host`: inside it (its shadow root included) or lost. Noted as an action
 * starts, when the control that starts it is about to be disabled or removed.
 */
export function focusIsWith(host: Element): boolean {
  // `:focus-within` does not match in a window that is not focused (Firefox, while a popup has the
  // focus); the shadow root still knows what is focused in it.
  return host.matches(':focus-within') || Boolean(host.shadowRoot?.activeElement) || focusLost();
}

export interface FocusAfterOptions {
  /** Whether focus was with the host as the action started (`focusIsWith`); asked now when unset. */
  had?: boolean;
  /**
   * The element focus must be with, when not the host: a composite that hands the next step of its
   * work to an element it is built from (ship-order's "Buy label" after the rule chose a rate).
   */
  within?: Element | undefined;
}

/**
 * After `host`'s pending update, focuses the first of `targets` (selectors in its render root, or
 * an element) that is there and enabled, when focus is with the host (and was, as the action
 * started, when `had` says so). Returns what took focus.
 */
export async function focusAfter(
  host: ReactiveElement,
  targets: string | readonly (string | HTMLElement | null | undefined)[],
  options: FocusAfterOptions = {},
): Promise<HTMLElement | undefined> {
  const within = options.within ?? host;
  if (options.had === false || (options.had === undefined && !focusIsWith(within))) return undefined;
  await host.updateComplete;
  if (!focusIsWith(within)) return undefined;
  for (const candidate of typeof targets === 'string' ? [targets] : targets) {
    const target =
      typeof candidate === 'string' ? host.renderRoot.querySelector<HTMLElement>(candidate) : candidate;
    if (target?.isConnected && !target.matches(':disabled')) {
      target.focus();
      return target;
    }
  }
  return undefined;
}
