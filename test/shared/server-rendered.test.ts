import { expect } from '@open-wc/testing';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../src/sandbox/seed-ids.js';
import { $, shadow, textOf, waitFor, waitForValue } from '../helpers/elements.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import type { TestSandbox } from '../helpers/sandbox.js';
import { buyButton, chooseRate } from '../helpers/shipping.js';

/**
 * Elements rendered on the server by `@lit-labs/ssr` (the test server renders the page, as a
 * Next.js or Astro host would) and hydrated in the browser by `@lit-labs/ssr-client`: the HTML
 * carries a declarative shadow root, hydration says nothing, and the element then loads and works
 * as when it was rendered in the browser.
 */
const O = SEED_IDS.orders;
const N = SEED_ORDER_NUMBERS;

interface AxeResults {
  violations: { id: string; help: string; nodes: unknown[] }[];
}

interface ServerRenderedWindow extends Window {
  said: string[];
  hydrated?: boolean;
  axe?: { run(context: Element): Promise<AxeResults> };
}

/** The axe check, run inside the page's frame (axe checks the document it runs in; the page loads it). */
async function expectAccessibleIn(page: ServerRenderedWindow, element: Element): Promise<void> {
  await waitFor(() => page.axe, 'axe-core did not load in the page');
  const { violations } = await page.axe!.run(element);
  expect(
    violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`),
    'axe violations',
  ).to.deep.equal([]);
}

let sandbox: TestSandbox;
let frame: HTMLIFrameElement | undefined;

/** Opens the server-rendered page of `tag` in a frame; resolves once the frame has loaded its HTML. */
async function openServerRendered(
  tag: string,
  attributes: Record<string, string>,
): Promise<ServerRenderedWindow> {
  const query = new URLSearchParams({ ...attributes, 'base-url': sandbox.baseUrl });
  frame = document.createElement('iframe');
  frame.title = `${tag}, rendered on the server`;
  frame.style.cssText = 'width: 1000px; height: 800px; border: 0';
  const loaded = new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
  frame.src = `/__server-rendered/${tag}.html?${query}`;
  document.body.append(frame);
  await loaded;
  return frame.contentWindow as ServerRenderedWindow;
}

/** What the page said while it hydrated, but for Lit's "dev mode" notice. */
function saidOf(page: ServerRenderedWindow): string[] {
  return page.said.filter((line) => !/Lit is in dev mode/.test(line));
}

describe('server-rendered elements hydrate and work', function () {
  this.timeout(60_000);

  beforeEach(() => {
    sandbox = createTestSandbox();
  });

  afterEach(() => {
    frame?.remove();
    frame = undefined;
  });

  it('order-card: the HTML shows the loading state in a declarative shadow root, then the order loads', async () => {
    const page = await openServerRendered('order-card', { 'order-id': String(O.allocated) });
    const card = page.document.querySelector('order-card')!;
    // Before the element's code runs, the browser has built its shadow root from the HTML.
    const html = await (await fetch(frame!.src)).text();
    expect(html).to.match(/<order-card[^>]*><template shadowroot="open" shadowrootmode="open">/);
    expect(html).to.contain('Loading order…');
    await expectAccessibleIn(page, card);
    await waitFor(() => page.hydrated === true, 'the page did not hydrate');
    await waitFor(() => textOf(card.shadowRoot?.querySelector('h2')).includes(N.allocated), 'no order');
    expect(saidOf(page), 'warnings and errors while hydrating').to.deep.equal([]);
    expect(
      card.shadowRoot!.querySelectorAll('[part="card"]'),
      'one card: hydrated, not rendered twice',
    ).to.have.length(1);
    await expectAccessibleIn(page, card);
  });

  it('order-card: a server render in German hydrates in German', async () => {
    const page = await openServerRendered('order-card', { 'order-id': String(O.allocated), lang: 'de' });
    const card = page.document.querySelector('order-card')!;
    await expectAccessibleIn(page, card);
    expect(textOf(card.shadowRoot?.querySelector('[role="status"]'))).to.contain('Bestellung wird geladen');
    await waitFor(() => page.hydrated === true, 'the page did not hydrate');
    await waitFor(() => textOf(card.shadowRoot?.querySelector('h2')).includes(N.allocated), 'no order');
    expect(saidOf(page)).to.deep.equal([]);
  });

  it('ship-order: hydrates, then rates and one label bought, as when rendered in the browser', async () => {
    const page = await openServerRendered('ship-order', { 'order-id': String(O.allocated) });
    const ship = page.document.querySelector('ship-order')!;
    expect(ship.shadowRoot, 'a declarative shadow root').to.not.equal(null);
    await expectAccessibleIn(page, ship);
    await waitFor(() => page.hydrated === true, 'the page did not hydrate');
    const picker = await waitForValue(
      () =>
        shadow(ship).querySelector('rate-picker')?.shadowRoot
          ? shadow(ship).querySelector('rate-picker')
          : null,
      'no rates step',
    );
    await waitFor(() => $(picker as HTMLElement, '[part="header"]'), 'the picker did not load');
    await chooseRate(picker as never);
    const downloader = await waitForValue(
      () => shadow(ship).querySelector('label-downloader'),
      'no downloader',
    );
    await waitFor(
      () => buyButton(downloader as never) && !buyButton(downloader as never)!.disabled,
      'no Buy',
    );
    buyButton(downloader as never)!.click();
    await waitFor(() => $(ship, '[part="done"]'), 'no label bought');
    expect(textOf($(ship, '[part="tracking"]'))).to.match(/\w{6,}/);
    const bookings = (await sandbox.requests()).filter(
      (entry) => entry.method === 'POST' && entry.path === '/shipping/api/v1/shipments',
    );
    expect(bookings).to.have.length(1);
    expect(saidOf(page)).to.deep.equal([]);
    await expectAccessibleIn(page, ship);
  });
});
