/**
 * Browser-test helpers for the shipping pair: a `rate-picker` and a `label-downloader` that
 * follows it, placed as a page places them, and driving them as a user does.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { OpsClient } from '../../src/api/index.js';
import '../../src/label-downloader.js';
import type { LabelDownloader } from '../../src/label-downloader.js';
import '../../src/rate-picker.js';
import type { RatePicker, RateSelectedDetail } from '../../src/rate-picker.js';
import { $, $$, shadow, textOf, waitFor } from './elements.js';

/** Attributes of the label downloader of a pair; each is left out when not given. */
export interface DownloaderAttributes {
  labelFormat?: string;
  serviceCode?: string;
  labelStorage?: string;
  printer?: string;
  autoPrint?: string;
}

export interface ShippingPair {
  picker: RatePicker;
  downloader: LabelDownloader;
}

/** The quotes listed by the picker, one radio row each. */
export function rateRows(picker: RatePicker): HTMLLabelElement[] {
  return $$<HTMLLabelElement>(picker, '[part="rate"]');
}

/** The downloader's "Buy label" button, or null while it offers none. */
export function buyButton(downloader: LabelDownloader): HTMLButtonElement | null {
  return shadow(downloader).querySelector<HTMLButtonElement>('[part="buy-button"]');
}

/**
 * A rate picker (`id="picker"`) for `orderId` and a label downloader with `for="picker"`, in one
 * wrapper; resolves once the picker has drawn its header (the form, or the notice of an order
 * that cannot be quoted).
 */
export async function renderPair(
  client: OpsClient,
  orderId: number,
  attributes: DownloaderAttributes = {},
): Promise<ShippingPair> {
  const wrapper = await fixture<HTMLDivElement>(
    html`<div>
      <rate-picker id="picker" .client=${client} order-id=${orderId}></rate-picker>
      <label-downloader
        for="picker"
        .client=${client}
        label-format=${ifDefined(attributes.labelFormat)}
        service-code=${ifDefined(attributes.serviceCode)}
        label-storage=${ifDefined(attributes.labelStorage)}
        printer=${ifDefined(attributes.printer)}
        auto-print=${ifDefined(attributes.autoPrint)}
      ></label-downloader>
    </div>`,
  );
  const picker = wrapper.querySelector('rate-picker')!;
  const downloader = wrapper.querySelector('label-downloader')!;
  await waitFor(() => $(picker, '[part="header"]'), 'the picker did not load');
  return { picker, downloader };
}

/**
 * Chooses the quote of `service` (gets rates first when none are listed) and resolves with the
 * picker's `rate-selected` detail.
 */
export async function chooseRate(
  picker: RatePicker,
  service = 'Parcelway Standard',
): Promise<RateSelectedDetail> {
  if (rateRows(picker).length === 0) {
    $(picker, '[part="get-rates-button"]')!.click();
    await waitFor(() => rateRows(picker).length > 0, 'no quotes');
  }
  const row = rateRows(picker).find((candidate) => textOf(candidate).includes(service));
  if (!row) throw new Error(`No quote for ${service}`);
  const selected = oneEvent(picker, 'rate-selected');
  row.querySelector('input')!.click();
  return (await selected).detail;
}

/** A picker and its downloader for the order, with the picker's quote of `service` chosen and shown by both. */
export async function renderChosen(
  client: OpsClient,
  orderId: number,
  attributes: DownloaderAttributes = {},
  service?: string,
): Promise<ShippingPair & { selection: RateSelectedDetail }> {
  const pair = await renderPair(client, orderId, attributes);
  const selection = await chooseRate(pair.picker, service);
  await pair.downloader.updateComplete;
  return { ...pair, selection };
}

/**
 * A node as a failed check names it: `tag[part="…"] "its text"`, or `nothing`. (Handing the
 * element itself to a failing check makes the runner serialise it, which can stall the page.)
 */
export function describeNode(node: Element | null | undefined): string {
  if (!node) return 'nothing';
  const part = node.getAttribute('part');
  return `${node.localName}${part ? `[part="${part}"]` : ''} "${textOf(node).slice(0, 60)}"`;
}

/** What has focus inside the element's shadow root, described; `nothing` when focus is not in it. */
export function focusIn(el: Element): string {
  return describeNode(shadow(el).activeElement);
}

/** Checks that `target`, in the element's shadow root, is shown and has focus. */
export function expectFocus(el: Element, target: Element | null | undefined, what: string): void {
  expect(Boolean(target), `${what} is shown`).to.equal(true);
  expect(shadow(el).activeElement === target, `${what} has focus, not ${focusIn(el)}`).to.equal(true);
}
