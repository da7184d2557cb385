import { expect, fixture, html } from '@open-wc/testing';
import { createClient } from '../../src/api/index.js';
import '../../src/order-card.js';
import type { OrderCard } from '../../src/order-card.js';
import { SEED_IDS } from '../../src/sandbox/seed-ids.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import { waitFor } from '../helpers/elements.js';

/** Styles a typical admin page might carry: broad element and class selectors. */
const HOST_PAGE_CSS = `
  body { color: rgb(200, 0, 0); font-family: serif; }
  button { display: none; }
  h2 { font-size: 60px; }
  table td { padding: 40px; }
  .card { border: 6px solid rgb(0, 200, 0); }
  .theme-probe {
    --ops-color-primary: #8fb0ff;
    --ops-color-on-primary: #0b1020;
    --ops-color-text: rgb(230, 233, 238);
    --ops-color-muted: #a3adba;
    --ops-color-surface: rgb(23, 28, 35);
    --ops-color-surface-alt: #202732;
    --ops-color-border: #2c3440;
    --ops-color-focus: #8fb0ff;
    --ops-radius: 0px;
  }
  order-card::part(add-note-button) { text-transform: uppercase; }
`;

describe('theming and style isolation', () => {
  let style: HTMLStyleElement;

  beforeEach(() => {
    style = document.createElement('style');
    style.textContent = HOST_PAGE_CSS;
    document.head.append(style);
  });

  afterEach(() => style.remove());

  async function mountCard(): Promise<{ wrapper: HTMLDivElement; card: OrderCard }> {
    const sandbox = createTestSandbox();
    const client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
    const wrapper = await fixture<HTMLDivElement>(html`
      <div>
        <button class="button" type="button">The page's own button</button>
        <div class="theme-probe">
          <order-card .client=${client} order-id=${SEED_IDS.orders.unallocated}></order-card>
        </div>
      </div>
    `);
    const card = wrapper.querySelector('order-card')!;
    await waitFor(() => card.shadowRoot!.querySelector('h2'), 'the order did not render');
    return { wrapper, card };
  }

  it("keeps the host page's styles out and its own styles in", async () => {
    const { wrapper, card } = await mountCard();
    await expect(card).to.be.accessible();
    const root = card.shadowRoot!;

    const addNote = root.querySelector<HTMLButtonElement>('[part="add-note-button"]')!;
    expect(getComputedStyle(addNote).display).not.to.equal('none');
    expect(parseFloat(getComputedStyle(root.querySelector('h2')!).fontSize)).to.be.below(30);
    expect(getComputedStyle(root.querySelector('td')!).paddingTop).not.to.equal('40px');
    expect(getComputedStyle(root.querySelector('.card')!).borderTopWidth).not.to.equal('6px');
    // Inherited page colour and font stop at the element's own tokens.
    expect(
      getComputedStyle(root.querySelector('.muted') ?? root.querySelector('h2')!).fontFamily,
    ).not.to.equal('serif');

    // The element's `.button` styles do not leak onto the page's own `.button`.
    const pageButton = wrapper.querySelector<HTMLButtonElement>('button.button')!;
    expect(getComputedStyle(pageButton).display).to.equal('none');
    expect(getComputedStyle(pageButton).backgroundColor).not.to.equal(
      getComputedStyle(addNote).backgroundColor,
    );
  });

  it('takes --ops-* tokens from an ancestor and styles exposed parts', async () => {
    const { card } = await mountCard();
    await expect(card).to.be.accessible();
    const root = card.shadowRoot!;
    const surface = getComputedStyle(root.querySelector('.card')!);
    expect(surface.backgroundColor).to.equal('rgb(23, 28, 35)');
    expect(surface.borderTopLeftRadius).to.equal('0px');
    expect(getComputedStyle(root.querySelector('h2')!).color).to.equal('rgb(230, 233, 238)');
    const addNote = root.querySelector<HTMLButtonElement>('[part="add-note-button"]')!;
    expect(getComputedStyle(addNote).textTransform).to.equal('uppercase');
  });
});
