/**
 * Reading and driving an element's shadow DOM in browser tests, the way a user finds things:
 * by visible text, by label, by part.
 */

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
 * (`change` for a select, `input` otherwise), bubbling and crossing shadow roots.
 */
export function typeInto(
  field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  value: string,
): void {
  field.value = value;
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true, composed: true }),
  );
}
