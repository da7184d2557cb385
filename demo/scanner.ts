/**
 * "Simulate scanner": types a code the way a USB or Bluetooth scanner in keyboard mode does, a key
 * every 5 ms ended by Enter, at whatever has focus, so anyone can try `<pack-check>` without
 * hardware. Digits carry their key's position (`Digit0`–`Digit9`), as a scanner's do.
 */
import { getDefaultClient, ordersOf } from '../src/api/index.js';
import type { Order } from '../src/api/index.js';

const KEY_GAP_MS = 5;

/** The element that has focus, inside shadow roots too. */
function focused(): Element {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active ?? document.body;
}

function press(target: Element, key: string): void {
  const code = /^\d$/.test(key) ? `Digit${key}` : /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : key;
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key, code, bubbles: true, composed: true, cancelable: true }),
  );
  target.dispatchEvent(new KeyboardEvent('keyup', { key, code, bubbles: true, composed: true }));
}

export async function simulateScan(code: string): Promise<void> {
  const target = focused();
  for (const key of [...code, 'Enter']) {
    press(target, key);
    await new Promise((resolve) => setTimeout(resolve, KEY_GAP_MS));
  }
}

/** The codes a scanner could read for the order's items: each item's barcode, else its SKU. */
function codesOf(order: Order): Array<{ label: string; code: string }> {
  return (order.line_items ?? []).flatMap((item) => {
    const sellable = item.sellable;
    const code = sellable?.upc_code?.trim() || sellable?.sku_code?.trim();
    if (!sellable || !code) return [];
    const name = sellable.full_title?.trim() || sellable.title?.trim() || sellable.sku_code || code;
    return [{ label: `${name} (${code})`, code }];
  });
}

/**
 * Wires a "Simulate scanner" form: `select` lists the items of the order `orderId()` names, plus a
 * code of no item; the form's button types the chosen code.
 */
export function wireScannerForm(
  form: HTMLFormElement,
  select: HTMLSelectElement,
  orderId: () => number | undefined,
): () => void {
  let unsubscribe: (() => void) | undefined;
  const fill = (order: Order | undefined): void => {
    const options = order ? codesOf(order) : [];
    select.replaceChildren(
      ...[...options, { label: 'An item of another order (4006381333931)', code: '4006381333931' }].map(
        ({ label, code }) => {
          const option = document.createElement('option');
          option.value = code;
          option.textContent = label;
          return option;
        },
      ),
    );
  };
  const follow = (): void => {
    unsubscribe?.();
    const id = orderId();
    if (id === undefined) return fill(undefined);
    const store = ordersOf(getDefaultClient());
    fill(store.get(id));
    unsubscribe = store.subscribe(id, fill);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void simulateScan(select.value);
  });
  follow();
  return follow;
}
