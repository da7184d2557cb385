/**
 * The one module browser tests find, drive and wait for elements with, the way a user finds
 * things: by visible text, by label, by part; and how long any wait may take, set here once.
 */
import { waitUntil } from '@open-wc/testing';

// Finding and driving

/** The element's open shadow root; throws when it has none. */
export function shadow(el: Element): ShadowRoot {
  if (!el.shadowRoot) throw new Error(`<${el.localName}> has no shadow root`);
  return el.shadowRoot;
}

/** The text of a node with runs of white space folded to one space and trimmed; '' for none. */
export function textOf(node: Element | ShadowRoot | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The first match of `selector` in the element's shadow root. */
export function $<T extends Element = HTMLElement>(el: Element, selector: string): T | null {
  return shadow(el).querySelector<T>(selector);
}

/** Every match of `selector` in the element's shadow root, as an array. */
export function $$<T extends Element = HTMLElement>(el: Element, selector: string): T[] {
  return [...shadow(el).querySelectorAll<T>(selector)];
}

/** Presence as a boolean, so a failing check reports plainly instead of serialising an element. */
export function has(el: Element, selector: string): boolean {
  return $(el, selector) !== null;
}

/** The button whose visible text (white space folded) is `name`; throws when there is none. */
export function button(el: Element, name: string): HTMLButtonElement {
  const found = $$<HTMLButtonElement>(el, 'button').find((candidate) => textOf(candidate) === name);
  if (!found) throw new Error(`<${el.localName}> has no button "${name}"`);
  return found;
}

/**
 * The control that exactly one `<label for>` with the visible text `label` names; throws when no
 * label or more than one has that text, or when the label points at nothing.
 */
export function labelled<T extends HTMLElement = HTMLInputElement>(el: Element, label: string): T {
  const labels = $$<HTMLLabelElement>(el, 'label').filter((candidate) => textOf(candidate) === label);
  if (labels.length !== 1) {
    throw new Error(`<${el.localName}> has ${labels.length} labels "${label}", not one`);
  }
  const control = shadow(el).getElementById(labels[0]!.htmlFor);
  if (!control) throw new Error(`<${el.localName}> has no control labelled "${label}"`);
  return control as T;
}

/**
 * Types into a field as a user does: the value, then the event the browser fires for it
 * (`change` for a select, `input` otherwise), bubbling and crossing shadow roots. Gives what the
 * field now holds (a field may refuse some of it, as a number input refuses letters).
 */
export function typeInto(
  field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  value: string,
): string {
  field.value = value;
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true, composed: true }),
  );
  return field.value;
}

// Waiting

/**
 * How long a wait on the network or a render may take before the test fails: the runner's machine
 * may be a loaded one of two cores running two suites side by side (`npm test`), where a sandbox
 * answer and the render after it can take several seconds. Every wait of the browser tests goes through `waitFor`, so this is the one place
 * it is set (below the runner's limit for a test, so the wait's own message is what fails).
 */
export const SETTLE_TIMEOUT_MS = 15_000;

/** How often a wait looks again: often enough that a passing test hardly waits on the look itself. */
const POLL_MS = 15;

/**
 * `waitUntil` of `@open-wc/testing` with the timeout of every browser test (`SETTLE_TIMEOUT_MS`);
 * `interval` for a test that must see a state that lasts only a few milliseconds.
 */
export function waitFor(
  predicate: () => unknown,
  message?: string,
  options: { interval?: number } = {},
): Promise<void> {
  return waitUntil(predicate, message, { interval: POLL_MS, ...options, timeout: SETTLE_TIMEOUT_MS });
}

/** Waits until `get` gives something (as `waitFor`), and gives it. */
export async function waitForValue<T>(get: () => T | null | undefined | false, message?: string): Promise<T> {
  let value: T | null | undefined | false;
  await waitFor(() => (value = get()), message);
  return value as T;
}

/**
 * What each element shows once it has loaded what it shows: a selector in its shadow root, or a
 * check. An element not listed has loaded when it shows its heading (`h2`).
 */
const LOADED: Record<string, string | ((el: Element) => boolean)> = {
  'product-editor': 'form',
  'pack-check': '[part="lines"]',
  // No load under way and the rows, the empty text or an error on screen.
  'order-list': (el) =>
    !has(el, '[role="status"]') && has(el, 'button[part="order-button"], [part="empty"], [role="alert"]'),
};

/** Waits until the element has loaded what it shows (`LOADED`). */
export async function loaded(el: Element): Promise<void> {
  const ready = LOADED[el.localName] ?? 'h2';
  await waitFor(
    () => (typeof ready === 'string' ? has(el, ready) : ready(el)),
    `<${el.localName}> did not load`,
  );
}
