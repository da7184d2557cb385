/**
 * Browser-test helpers for `<allocation-form>`: render it for an order and read or drive its
 * shadow DOM the way a user would (labels, descriptions, typing, choosing a warehouse).
 */
import { fixture, html } from '@open-wc/testing';
import type { OpsClient } from '../../src/api/index.js';
import '../../src/allocation-form.js';
import type { AllocationForm } from '../../src/allocation-form.js';
import { loaded, shadow, textOf, typeInto } from './elements.js';

export async function render(client: OpsClient, orderId: number): Promise<AllocationForm> {
  const el = await fixture<AllocationForm>(
    html`<allocation-form .client=${client} order-id=${orderId}></allocation-form>`,
  );
  await loaded(el);
  return el;
}

export function select(el: AllocationForm): HTMLSelectElement {
  return shadow(el).querySelector<HTMLSelectElement>('[part="warehouse-select"]')!;
}

export function labelOf(el: AllocationForm, input: HTMLInputElement): string {
  return textOf(shadow(el).querySelector(`label[for="${input.id}"]`));
}

/** The texts that `aria-describedby` points the field to. */
export function descriptionOf(el: AllocationForm, control: Element): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => textOf(shadow(el).getElementById(id)))
    .join(' | ');
}

export async function type(el: AllocationForm, input: HTMLInputElement, value: string): Promise<void> {
  typeInto(input, value);
  await el.updateComplete;
}

export async function chooseWarehouse(el: AllocationForm, warehouseId: number): Promise<void> {
  typeInto(select(el), String(warehouseId));
  await el.updateComplete;
}
