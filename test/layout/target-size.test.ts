import { expect, fixture, html } from '@open-wc/testing';
import { createClient } from '../../src/api/index.js';
import type { OpsClient } from '../../src/api/index.js';
import '../../src/all.js';
import { SEED_IDS } from '../../src/sandbox/seed-ids.js';
import { $, $$, shadow, waitFor } from '../helpers/elements.js';
import { createTestSandbox } from '../helpers/sandbox.js';

/** WCAG 2.2's minimum pointer target (2.5.8): 24 × 24 CSS px. */
const MIN = 24;
const O = SEED_IDS.orders;

/**
 * The pointer targets of an element too small to hit: buttons, links, selects, fields, and
 * checkboxes and radios with their label (a click on the label sets them, so the two are one
 * target). Each finding names the target and its size.
 */
function smallTargets(host: Element): string[] {
  const found: string[] = [];
  const root = shadow(host);
  const targets = [
    ...root.querySelectorAll<HTMLElement>('button, a[href], select, input, textarea, summary'),
  ];
  for (const target of targets) {
    if (target.offsetParent === null && getComputedStyle(target).position !== 'fixed') continue;
    const box =
      target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio')
        ? (target.closest('label') ?? target)
        : target;
    const { width, height } = box.getBoundingClientRect();
    if (width + 0.5 < MIN || height + 0.5 < MIN) {
      const name = target.getAttribute('aria-label') ?? box.textContent?.trim().slice(0, 40) ?? '';
      found.push(
        `<${host.localName}> ${target.localName}${target instanceof HTMLInputElement ? `[${target.type}]` : ''} "${name}": ${Math.round(width)} × ${Math.round(height)}`,
      );
    }
  }
  return found;
}

describe('every pointer target is at least 24 × 24 px', () => {
  let client: OpsClient;

  beforeEach(() => {
    const sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
  });

  it('rate-picker: the carrier checkboxes, the parcel fields and the quotes', async () => {
    const el = await fixture<HTMLElement>(
      html`<rate-picker .client=${client} order-id=${O.allocated}></rate-picker>`,
    );
    await waitFor(() => $(el, '[part="carriers"] input'), 'no carriers');
    await expect(el).to.be.accessible();
    $<HTMLButtonElement>(el, '[part="get-rates-button"]')!.click();
    await waitFor(() => $$(el, 'input[type="radio"]').length > 0, 'no quotes');
    expect(smallTargets(el)).to.deep.equal([]);
  });

  it('order-list with checkboxes, pack-check and order-card', async () => {
    const page = await fixture<HTMLElement>(
      html`<div>
        <order-list .client=${client} page-size="5" selectable></order-list>
        <pack-check .client=${client} order-id=${O.partlyAllocated}></pack-check>
        <order-card .client=${client} order-id=${O.allocated}></order-card>
      </div>`,
    );
    const [list, pack, card] = [...page.children] as HTMLElement[];
    await waitFor(() => $$(list!, '[part="order-button"]').length > 0, 'no orders');
    await waitFor(() => $(pack!, '[part="lines"]') && $(card!, '[part="line-items"]'), 'not loaded');
    await expect(page).to.be.accessible();
    expect([...smallTargets(list!), ...smallTargets(pack!), ...smallTargets(card!)]).to.deep.equal([]);
  });
});
