/**
 * Browser-test helpers for `<pick-list>`: waiting for its tables and reading them as a picker
 * reads them.
 */
import type { PickList } from '../../../src/pick-list.js';
import { $, $$, textOf, waitFor } from '../../helpers/elements.js';

/** The orders are read: no loading status, and the tables, an empty text or an error on screen. */
export async function pickListLoaded(el: PickList): Promise<void> {
  await waitFor(
    () => !$(el, '[part="loading"]') && $(el, 'table, p.muted, [role="alert"]') !== null,
    '<pick-list> did not load',
  );
  await el.updateComplete;
}

/** Each table's caption, in page order. */
export function tableNames(el: PickList): string[] {
  return $$(el, 'table caption').map((caption) => textOf(caption));
}

export function tableNamed(el: PickList, name: string): HTMLTableElement {
  const table = $$<HTMLTableElement>(el, 'table').find((candidate) => textOf(candidate.caption) === name);
  if (!table) throw new Error(`No table "${name}"`);
  return table;
}

/** A table's rows as the picker reads them: bin, item, quantity, orders (each order's share apart). */
export function rowTexts(table: HTMLTableElement): string[][] {
  return [...table.tBodies[0]!.rows].map((row) =>
    [...row.cells].map((cell) => {
      const items = [...cell.querySelectorAll('li')];
      return items.length > 0 ? items.map((item) => textOf(item)).join(' ') : textOf(cell);
    }),
  );
}

/** Every row's "Picked …" checkbox, in page order. */
export function checkboxes(el: PickList): HTMLInputElement[] {
  return $$<HTMLInputElement>(el, 'input[type="checkbox"][part="picked-checkbox"]');
}

/** The one checkbox named `name` (in `table`, when given). */
export function checkbox(el: PickList, name: string, table?: HTMLTableElement): HTMLInputElement {
  const found = checkboxes(el).filter(
    (candidate) => candidate.getAttribute('aria-label') === name && (!table || table.contains(candidate)),
  );
  if (found.length !== 1) throw new Error(`${found.length} checkboxes "${name}", not one`);
  return found[0]!;
}

export function progressText(el: PickList): string {
  return textOf($(el, '[part="progress"]'));
}

/** What the element's shadow root has focused. */
export function focused(el: PickList): Element | null {
  return el.shadowRoot?.activeElement ?? null;
}
