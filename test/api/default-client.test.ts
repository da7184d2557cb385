import { expect, fixture, html } from '@open-wc/testing';
import {
  ClientCore,
  configure,
  getDefaultClient,
  getOrder,
  onDefaultClientChange,
  ordersOf,
  OpsClient,
  setDefaultClient,
} from '../../src/api/index.js';
import '../../src/order-card.js';
import { SANDBOX_CREDENTIALS, SEED_IDS, SEED_ORDER_NUMBERS } from '../../src/sandbox/seed-ids.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import { StubFetch } from './stub-fetch.js';
import { waitFor } from '../helpers/elements.js';

/**
 * Stands in for a proxy on the page's own origin: requests to the page origin go to the sandbox
 * tenant at `sandboxBaseUrl`, with the API key added on the way, as `createApiProxy` would.
 */
function sameOriginProxy(sandboxBaseUrl: string): { restore: () => void; paths: string[] } {
  const pageFetch = window.fetch;
  const paths: string[] = [];
  window.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), location.href);
    if (url.origin !== location.origin || url.pathname.startsWith('/sandbox/')) return pageFetch(input, init);
    paths.push(url.pathname);
    const headers = new Headers(init.headers);
    headers.set('x-api-key', SANDBOX_CREDENTIALS.apiKey);
    return pageFetch(`${sandboxBaseUrl}${url.pathname}${url.search}`, { ...init, headers });
  };
  return {
    paths,
    restore: () => {
      window.fetch = pageFetch;
    },
  };
}

describe('default client', () => {
  it('before configure() is a bare client core on the page origin, without credentials', async () => {
    const client = getDefaultClient();
    expect(client).to.be.instanceOf(ClientCore);
    // No method per endpoint: an element alone does not bring in every endpoint.
    expect(client).not.to.be.instanceOf(OpsClient);
    expect(client.baseUrl).to.equal('');
    expect(getDefaultClient()).to.equal(client);
  });

  it('before configure(), the bare core and an element without a client reach the API behind the page origin', async () => {
    const sandbox = createTestSandbox();
    const proxy = sameOriginProxy(sandbox.baseUrl);
    try {
      const order = await getOrder(getDefaultClient(), SEED_IDS.orders.unallocated, { cache: 'reload' });
      expect(order.number).to.equal(SEED_ORDER_NUMBERS.unallocated);

      const el = await fixture<HTMLElement>(
        html`<order-card order-id=${SEED_IDS.orders.withNotes}></order-card>`,
      );
      await waitFor(
        () => el.shadowRoot?.querySelector('h2')?.textContent?.includes(SEED_ORDER_NUMBERS.withNotes),
        'the order did not render',
      );
      await expect(el).to.be.accessible();
      expect(ordersOf(getDefaultClient()).get(SEED_IDS.orders.withNotes)?.number).to.equal(
        SEED_ORDER_NUMBERS.withNotes,
      );
      expect(proxy.paths).to.deep.equal([
        `/orders/${SEED_IDS.orders.unallocated}`,
        `/orders/${SEED_IDS.orders.withNotes}`,
      ]);
      const served = await sandbox.requests();
      expect(served.map((request) => `${request.method} ${request.path} ${request.status}`)).to.deep.equal([
        `GET /orders/${SEED_IDS.orders.unallocated} 200`,
        `GET /orders/${SEED_IDS.orders.withNotes} 200`,
      ]);
    } finally {
      proxy.restore();
    }
  });

  it('configure() replaces it and tells the listeners, until they unsubscribe', async () => {
    const stub = new StubFetch().replyJson({ id: 3 });
    const seen: ClientCore[] = [];
    const stop = onDefaultClientChange((client) => seen.push(client));

    const configured = configure({
      baseUrl: 'https://proxy.example.test',
      fetch: stub.fetch,
      rateLimit: false,
    });
    expect(configured).to.be.instanceOf(OpsClient);
    expect(seen).to.deep.equal([configured]);
    expect(getDefaultClient()).to.equal(configured);
    await getOrder(getDefaultClient(), 3);
    expect(stub.last.url.href).to.equal('https://proxy.example.test/orders/3');
    expect(stub.last.headers.has('x-api-key')).to.equal(false);
    expect(stub.last.headers.has('authorization')).to.equal(false);

    stop();
    configure({ baseUrl: '' });
    expect(seen).to.have.length(1);
  });

  it('setDefaultClient() makes a client made elsewhere the default, and elements follow it', async () => {
    const stub = new StubFetch().replyJson({ id: 5, number: 'SET-5', line_items: [] });
    const seen: ClientCore[] = [];
    const stop = onDefaultClientChange((client) => seen.push(client));
    const card = await fixture(html`<order-card></order-card>`);
    await expect(card).to.be.accessible();
    try {
      const core = new ClientCore({
        baseUrl: 'https://core.example.test',
        fetch: stub.fetch,
        rateLimit: false,
      });
      setDefaultClient(core);
      expect(seen).to.deep.equal([core]);
      expect(getDefaultClient()).to.equal(core);
      card.setAttribute('order-id', '5');
      await waitFor(() => card.shadowRoot?.textContent?.includes('SET-5'), 'the card shows the order');
      expect(stub.last.url.href).to.equal('https://core.example.test/orders/5');
    } finally {
      stop();
      configure({ baseUrl: '' });
    }
  });
});
