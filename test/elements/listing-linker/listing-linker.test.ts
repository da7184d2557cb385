import '../../../src/locales/de.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/listing-linker.js';
import type { ListingLinker } from '../../../src/listing-linker.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { button, labelled, shadow, typeInto, waitFor } from '../../helpers/elements.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { LoggedRequest, TestSandbox } from '../../helpers/sandbox.js';

const MAKERS_MARKET = SEED_IDS.channels.makersMarket;
const SEEDED_SKUS = ['MM-BEANIE-CHA', 'MM-MUG-WHT'];

function chooseMode(el: HTMLElement, label: string): void {
  const radio = labelled(el, label);
  radio.click();
}

function tableSkus(el: HTMLElement): string[] {
  return [...shadow(el).querySelectorAll('[part="listings-table"] tbody tr')].map((row) =>
    row.querySelector('.sku')!.textContent!.trim(),
  );
}

function pagerText(el: HTMLElement): string {
  return shadow(el).querySelector('[part="pager"] .position')!.textContent!.replace(/\s+/g, ' ').trim();
}

function errorOf(el: HTMLElement, input: HTMLElement): string {
  expect(input.getAttribute('aria-invalid')).to.equal('true');
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  const messages = ids
    .map((id) => shadow(el).getElementById(id))
    .filter((node): node is HTMLElement => node?.classList.contains('field-error') ?? false);
  expect(messages, 'an error message described by the field').to.have.length(1);
  return messages[0]!.textContent!.trim();
}

/** Waits for a control to be marked invalid. */
async function invalid(control: HTMLElement): Promise<void> {
  await waitFor(
    () => control.getAttribute('aria-invalid') === 'true',
    `#${control.id} was not marked invalid`,
  );
}

async function listed(el: ListingLinker, predicate: (skus: string[]) => boolean = (s) => s.length > 0) {
  await waitFor(
    () => shadow(el).querySelector('[part="listings-table"][aria-busy="false"]') && predicate(tableSkus(el)),
    'the listings did not show',
  );
}

async function posts(sandbox: TestSandbox): Promise<LoggedRequest[]> {
  return (await sandbox.requests()).filter(
    (r) => r.method === 'POST' && r.path === '/api/v2/channel_sellables',
  );
}

describe('listing-linker', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;

  beforeEach(() => {
    sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
  });

  it('offers only custom_integration stores, preselecting the only one, and lists its listings', async () => {
    const el = await fixture<ListingLinker>(html`<listing-linker .client=${client}></listing-linker>`);
    expect(shadow(el).querySelector('[role="status"]')!.textContent).to.contain('Loading stores');
    await listed(el);
    await expect(el).to.be.accessible();

    const select = labelled<HTMLSelectElement>(el, 'Store');
    expect(select.getAttribute('part')).to.equal('store-select');
    expect([...select.options].map((o) => o.textContent!.trim())).to.deep.equal(['Makers Market (GBP)']);
    expect(select.value).to.equal(String(MAKERS_MARKET));
    expect(tableSkus(el)).to.have.members(SEEDED_SKUS);
    const text = shadow(el).querySelector('[part="listings-table"]')!.textContent!.replace(/\s+/g, ' ');
    expect(text).to.contain('£19.00');
    expect(text).to.contain('Merino Beanie');
    expect(text).to.contain('Active');
    expect(pagerText(el)).to.equal('Page 1 of 1 · 2 listings');
    const listingQueries = (await sandbox.requests()).filter((r) => r.path === '/api/v2/channel_sellables');
    expect(listingQueries.at(-1)!.query['filter[channel_id]']).to.equal(String(MAKERS_MARKET));
  });

  it('asks for a store when there are several, and loads the chosen one', async () => {
    const second = await client.createChannel({
      name: 'Craft Fair',
      type_code: 'custom_integration',
      currency_code: 'EUR',
    });
    await client.createChannel({ name: 'Pop-up Till', type_code: 'point_of_sale' });
    const el = await fixture<ListingLinker>(html`<listing-linker .client=${client}></listing-linker>`);
    await waitFor(() => shadow(el).querySelector('[part="store-select"]'), 'no store select');
    await expect(el).to.be.accessible();

    const select = labelled<HTMLSelectElement>(el, 'Store');
    expect([...select.options].map((o) => o.textContent!.trim())).to.deep.equal([
      'Choose a store',
      'Makers Market (GBP)',
      'Craft Fair (EUR)',
    ]);
    expect(shadow(el).querySelector('[part="listings"]')).to.be.null;

    typeInto(labelled(el, 'Remote SKU'), 'CF-1');
    button(el, 'Link listing').click();
    await invalid(select);
    expect(errorOf(el, select)).to.equal('Choose the store the listing belongs to.');
    expect(await posts(sandbox)).to.have.length(0);

    select.value = String(second.id);
    select.dispatchEvent(new Event('change'));
    await waitFor(() => shadow(el).querySelector('.empty'), 'the empty store did not show');
    expect(shadow(el).querySelector('.empty')!.textContent).to.contain('no listings yet');
    expect(labelled(el, 'Remote SKU').value).to.equal('CF-1');
  });

  it('explains that listings need a custom_integration store when there is none', async () => {
    await sandbox.fault({ method: 'GET', path: '/channels', status: 200, body: [] });
    const el = await fixture<ListingLinker>(html`<listing-linker .client=${client}></listing-linker>`);
    await waitFor(() => shadow(el).querySelector('[part="notice"]'), 'no explanation');
    await expect(el).to.be.accessible();
    const notice = shadow(el).querySelector('[part="notice"]')!.textContent!.replace(/\s+/g, ' ');
    expect(notice).to.contain('No store can take listings yet.');
    expect(notice).to.contain('custom integration');
    expect(shadow(el).querySelector('[part="store-select"]')).to.be.null;
    expect(shadow(el).querySelector('[part="link-button"]')).to.be.null;
  });

  it('links by SKU: sends autolink with every attribute, clears the form and shows the new listing first', async () => {
    const el = await fixture<ListingLinker>(
      html`<listing-linker .client=${client} channel-id=${MAKERS_MARKET}></listing-linker>`,
    );
    await listed(el);
    await expect(el).to.be.accessible();
    expect(shadow(el).querySelector('[part="store-select"]')).to.be.null;
    const autolink = labelled(el, 'By SKU (recommended)');
    expect(autolink.checked).to.be.true;

    typeInto(labelled(el, 'Remote SKU'), 'MM-TOTE-NAT');
    typeInto(labelled(el, 'Remote title'), 'Canvas tote, natural');
    typeInto(labelled(el, 'Remote price'), '24,50');
    typeInto(labelled(el, 'Remote id'), 'mm-2001');
    typeInto(labelled(el, 'Barcode (UPC)'), '012345678905');
    typeInto(labelled(el, 'Weight (grams)'), '180');
    const linked = oneEvent(el, 'listing-linked');
    button(el, 'Link listing').click();
    const event = await linked;
    expect(event.bubbles && event.composed).to.be.true;
    expect(event.detail.listing.remote_sku).to.equal('MM-TOTE-NAT');
    expect(event.detail.listing.remote_price).to.equal(24.5);
    expect(event.detail.listing.relationships['channel']).to.deep.include({ id: String(MAKERS_MARKET) });

    const [post] = await posts(sandbox);
    expect(post!.status).to.equal(201);
    expect(post!.body).to.deep.equal({
      data: {
        type: 'channel_sellable',
        attributes: {
          channel_id: MAKERS_MARKET,
          remote_sku: 'MM-TOTE-NAT',
          remote_title: 'Canvas tote, natural',
          remote_price: 24.5,
          remote_id: 'mm-2001',
          remote_barcode: '012345678905',
          remote_grams: 180,
          autolink: true,
        },
      },
    });

    await listed(el, (skus) => skus[0] === 'MM-TOTE-NAT');
    const firstRow = shadow(el).querySelector('[part="listings-table"] tbody tr')!;
    expect(firstRow.textContent).to.contain('New');
    expect(firstRow.textContent).to.contain('Canvas tote, natural');
    expect(pagerText(el)).to.contain('3 listings');
    expect(shadow(el).querySelector('[part="notice"]')!.textContent).to.equal(
      'Listing MM-TOTE-NAT “Canvas tote, natural” linked.',
    );
    for (const label of ['Remote SKU', 'Remote title', 'Remote price', 'Remote id', 'Barcode (UPC)']) {
      expect(labelled(el, label).value, label).to.equal('');
    }
    expect(labelled(el, 'By SKU (recommended)').checked).to.be.true;
  });

  it('links to an existing channel product through the relationship', async () => {
    const el = await fixture<ListingLinker>(
      html`<listing-linker .client=${client} channel-id=${MAKERS_MARKET}></listing-linker>`,
    );
    await listed(el);
    await expect(el).to.be.accessible();
    chooseMode(el, 'To an existing channel product');
    await el.updateComplete;
    typeInto(labelled(el, 'Remote SKU'), 'MM-BEANIE-MUS');
    typeInto(labelled(el, 'Product variant id'), String(SEED_IDS.sellables.beanieMustard));
    typeInto(labelled(el, 'Channel product id'), String(SEED_IDS.channelProducts.beanie));
    const linked = oneEvent(el, 'listing-linked');
    button(el, 'Link listing').click();
    const event = await linked;
    expect(event.detail.listing.relationships['channel_product']).to.deep.equal({
      id: String(SEED_IDS.channelProducts.beanie),
      type: 'channel_product',
    });

    const [post] = await posts(sandbox);
    expect(post!.body).to.deep.equal({
      data: {
        type: 'channel_sellable',
        attributes: {
          channel_id: MAKERS_MARKET,
          remote_sku: 'MM-BEANIE-MUS',
          sellable_id: SEED_IDS.sellables.beanieMustard,
        },
        relationships: {
          channel_product: { data: { id: String(SEED_IDS.channelProducts.beanie), type: 'channel_product' } },
        },
      },
    });
    await listed(el, (skus) => skus[0] === 'MM-BEANIE-MUS');
    // The mode stays for the next listing of the same kind; its fields are cleared.
    expect(labelled(el, 'To an existing channel product').checked).to.be.true;
    expect(labelled(el, 'Channel product id').value).to.equal('');
  });

  it('links to a new channel product with its title and description', async () => {
    const el = await fixture<ListingLinker>(
      html`<listing-linker .client=${client} channel-id=${MAKERS_MARKET}></listing-linker>`,
    );
    await listed(el);
    await expect(el).to.be.accessible();
    chooseMode(el, 'To a new channel product');
    await el.updateComplete;
    typeInto(labelled(el, 'Remote SKU'), 'MM-CANDLE-L');
    typeInto(labelled(el, 'Product variant id'), String(SEED_IDS.sellables.candleLarge));
    typeInto(labelled(el, 'Channel product title'), 'Soy candle, large');
    typeInto(labelled(el, 'Channel product description'), 'Hand poured, 60 hours.');
    const linked = oneEvent(el, 'listing-linked');
    button(el, 'Link listing').click();
    await linked;

    const [post] = await posts(sandbox);
    expect(post!.body).to.deep.equal({
      data: {
        type: 'channel_sellable',
        attributes: {
          channel_id: MAKERS_MARKET,
          remote_sku: 'MM-CANDLE-L',
          sellable_id: SEED_IDS.sellables.candleLarge,
          channel_product_attributes: {
            remote_title: 'Soy candle, large',
            remote_description: 'Hand poured, 60 hours.',
          },
        },
      },
    });
    await listed(el, (skus) => skus[0] === 'MM-CANDLE-L');
    // The listing has no title of its own: the new channel product's title stands in.
    expect(shadow(el).querySelector('[part="listings-table"] tbody tr')!.textContent).to.contain(
      'Soy candle, large',
    );
  });

  it('checks the input at the fields before sending anything', async () => {
    const el = await fixture<ListingLinker>(
      html`<listing-linker .client=${client} channel-id=${MAKERS_MARKET}></listing-linker>`,
    );
    await listed(el);
    await expect(el).to.be.accessible();
    typeInto(labelled(el, 'Remote price'), '-3');
    typeInto(labelled(el, 'Weight (grams)'), 'heavy');
    chooseMode(el, 'To an existing channel product');
    await el.updateComplete;
    button(el, 'Link listing').click();
    const sku = labelled(el, 'Remote SKU');
    // The checks load on the first input (or press): the errors show once they have run.
    await invalid(sku);
    await waitFor(() => shadow(el).activeElement === sku, 'focus did not go to the first field in error');

    expect(errorOf(el, sku)).to.equal('Enter the SKU the listing has in the store.');
    expect(errorOf(el, labelled(el, 'Remote price'))).to.contain('0 or more');
    expect(errorOf(el, labelled(el, 'Weight (grams)'))).to.contain('0 or more');
    expect(errorOf(el, labelled(el, 'Product variant id'))).to.contain('product variant');
    expect(errorOf(el, labelled(el, 'Channel product id'))).to.contain('channel product');
    expect(shadow(el).activeElement).to.equal(sku);
    expect(labelled(el, 'Remote price').value).to.equal('-3');
    await expect(el).to.be.accessible();

    chooseMode(el, 'To a new channel product');
    await el.updateComplete;
    typeInto(sku, 'MM-X');
    typeInto(labelled(el, 'Remote price'), '5');
    typeInto(labelled(el, 'Weight (grams)'), '10');
    typeInto(labelled(el, 'Product variant id'), '1');
    button(el, 'Link listing').click();
    await invalid(labelled(el, 'Channel product title'));
    expect(errorOf(el, labelled(el, 'Channel product title'))).to.equal(
      'Enter a title for the new channel product.',
    );
    expect(sku.getAttribute('aria-invalid')).to.equal('false');
    expect(await posts(sandbox)).to.have.length(0);
  });

  it('shows a 422 at the field its pointer names and keeps what was typed', async () => {
    const el = await fixture<ListingLinker>(
      html`<listing-linker .client=${client} channel-id=${MAKERS_MARKET}></listing-linker>`,
    );
    await listed(el);
    await expect(el).to.be.accessible();
    // A SKU the store already has: the sandbox rejects it at /data/attributes/remote_sku.
    typeInto(labelled(el, 'Remote SKU'), 'MM-BEANIE-CHA');
    typeInto(labelled(el, 'Remote title'), 'Another beanie');
    const failed = oneEvent(el, 'request-error');
    button(el, 'Link listing').click();
    expect((await failed).detail.error.code).to.equal('validation');
    await waitFor(() => labelled(el, 'Remote SKU').getAttribute('aria-invalid') === 'true');
    expect(errorOf(el, labelled(el, 'Remote SKU'))).to.equal('has already been taken in this store');
    expect(shadow(el).activeElement).to.equal(labelled(el, 'Remote SKU'));
    expect(labelled(el, 'Remote SKU').value).to.equal('MM-BEANIE-CHA');
    expect(labelled(el, 'Remote title').value).to.equal('Another beanie');
    const alert = shadow(el).querySelector('[part="form"] [role="alert"]')!;
    expect(alert.textContent).to.contain('Check the marked fields.');
    expect(alert.textContent).not.to.contain('has already been taken');
    await expect(el).to.be.accessible();
  });

  it('puts 422 errors for attributes without a field in the alert', async () => {
    const el = await fixture<ListingLinker>(
      html`<listing-linker .client=${client} channel-id=${MAKERS_MARKET}></listing-linker>`,
    );
    await listed(el);
    await expect(el).to.be.accessible();
    await sandbox.fault({
      method: 'POST',
      path: '/api/v2/channel_sellables',
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            detail: 'must be at least 0',
            source: { pointer: '/data/attributes/remote_grams' },
          },
          { status: '422', detail: 'is not supported', source: { pointer: '/data/attributes/cost_price' } },
        ],
      },
    });
    typeInto(labelled(el, 'Remote SKU'), 'MM-NEW');
    typeInto(labelled(el, 'Weight (grams)'), '250');
    button(el, 'Link listing').click();
    await oneEvent(el, 'request-error');
    await el.updateComplete;
    expect(errorOf(el, labelled(el, 'Weight (grams)'))).to.equal('must be at least 0');
    const alert = shadow(el).querySelector('[part="form"] [role="alert"]')!;
    expect(alert.textContent).to.contain('Cost price: is not supported');
    expect(alert.textContent).not.to.contain('must be at least 0');
    expect(labelled(el, 'Weight (grams)').value).to.equal('250');
  });

  it('shows a 404 for an unknown channel product as an alert, keeping the input', async () => {
    const el = await fixture<ListingLinker>(
      html`<listing-linker .client=${client} channel-id=${MAKERS_MARKET}></listing-linker>`,
    );
    await listed(el);
    await expect(el).to.be.accessible();
    chooseMode(el, 'To an existing channel product');
    await el.updateComplete;
    typeInto(labelled(el, 'Remote SKU'), 'MM-TOWEL-OAT');
    typeInto(labelled(el, 'Product variant id'), String(SEED_IDS.sellables.teaTowelOat));
    typeInto(labelled(el, 'Channel product id'), '999999');
    const failed = oneEvent(el, 'request-error');
    button(el, 'Link listing').click();
    expect((await failed).detail.error.code).to.equal('not_found');
    await el.updateComplete;
    const alert = shadow(el).querySelector('[part="form"] [role="alert"]')!;
    expect(alert.textContent).to.contain('The listing was not linked.');
    expect(alert.textContent).to.contain('Channel product 999999 not found');
    expect(labelled(el, 'Remote SKU').value).to.equal('MM-TOWEL-OAT');
    expect(labelled(el, 'Channel product id').value).to.equal('999999');
    expect(labelled(el, 'To an existing channel product').checked).to.be.true;
    expect(tableSkus(el)).not.to.include('MM-TOWEL-OAT');
    await expect(el).to.be.accessible();
  });

  it('pages through the listings with a page size choice and the totals', async () => {
    for (let n = 1; n <= 12; n += 1) {
      await client.createChannelSellable({
        channel_id: MAKERS_MARKET,
        remote_sku: `MM-BULK-${String(n).padStart(2, '0')}`,
        autolink: true,
      });
    }
    const el = await fixture<ListingLinker>(
      html`<listing-linker .client=${client} channel-id=${MAKERS_MARKET} page-size="10"></listing-linker>`,
    );
    await listed(el);
    await expect(el).to.be.accessible();
    expect(tableSkus(el)).to.have.length(10);
    expect(tableSkus(el)[0]).to.equal('MM-BULK-12');
    expect(pagerText(el)).to.equal('Page 1 of 2 · 14 listings');
    expect(button(el, 'Previous page').getAttribute('aria-disabled')).to.equal('true');

    button(el, 'Next page').click();
    await listed(el, (skus) => skus.length === 4);
    expect(pagerText(el)).to.equal('Page 2 of 2 · 14 listings');
    expect(tableSkus(el)).to.include.members(SEEDED_SKUS);
    expect(button(el, 'Next page').getAttribute('aria-disabled')).to.equal('true');

    const size = labelled<HTMLSelectElement>(el, 'Listings per page');
    expect([...size.options].map((o) => o.value)).to.deep.equal(['10', '25', '50', '100']);
    size.value = '25';
    size.dispatchEvent(new Event('change'));
    await listed(el, (skus) => skus.length === 14);
    expect(pagerText(el)).to.equal('Page 1 of 1 · 14 listings');
    const last = (await sandbox.requests()).filter((r) => r.path === '/api/v2/channel_sellables').at(-1)!;
    expect(last.query['page[size]']).to.equal('25');
    expect(last.query['page[number]']).to.equal('1');
  });

  it('filters by remote SKU on Enter, and a new listing shows even from a filtered later page', async () => {
    for (let n = 1; n <= 11; n += 1) {
      await client.createChannelSellable({
        channel_id: MAKERS_MARKET,
        remote_sku: `MM-F-${n}`,
        autolink: true,
      });
    }
    const el = await fixture<ListingLinker>(
      html`<listing-linker .client=${client} channel-id=${MAKERS_MARKET} page-size="10"></listing-linker>`,
    );
    await listed(el);
    await expect(el).to.be.accessible();

    const search = labelled(el, 'Find by remote SKU');
    search.focus();
    await sendKeys({ type: 'MM-MUG-WHT' });
    await sendKeys({ press: 'Enter' });
    await listed(el, (skus) => skus.length === 1);
    expect(tableSkus(el)).to.deep.equal(['MM-MUG-WHT']);
    expect(pagerText(el)).to.equal('Page 1 of 1 · 1 listing');
    const query = (await sandbox.requests()).filter((r) => r.path === '/api/v2/channel_sellables').at(-1)!;
    expect(query.query['filter[remote_sku]']).to.equal('MM-MUG-WHT');

    typeInto(search, 'NOPE');
    button(el, 'Find').click();
    await waitFor(() => shadow(el).querySelector('.empty'), 'no empty message');
    expect(shadow(el).querySelector('.empty')!.textContent).to.contain('No listing has the remote SKU NOPE.');

    button(el, 'Show all').click();
    await listed(el, (skus) => skus.length === 10);
    button(el, 'Next page').click();
    await listed(el, (skus) => skus.length === 3);
    typeInto(search, 'MM-F-1');
    button(el, 'Find').click();
    await listed(el, (skus) => skus.length === 1);

    // Keyboard only: Enter in a form field links the listing.
    const sku = labelled(el, 'Remote SKU');
    sku.focus();
    await sendKeys({ type: 'MM-ENTER-1' });
    const linked = oneEvent(el, 'listing-linked');
    await sendKeys({ press: 'Enter' });
    await linked;
    await listed(el, (skus) => skus[0] === 'MM-ENTER-1');
    expect(search.value).to.equal('');
    expect(pagerText(el)).to.equal('Page 1 of 2 · 14 listings');
  });

  it('shows a failed listing load with a working Retry', async () => {
    await sandbox.fault({ method: 'GET', path: '/api/v2/channel_sellables', status: 500, body: 'html' });
    const noRetry = createClient({
      baseUrl: sandbox.baseUrl,
      credentials: { apiKey: sandbox.apiKey },
      retry: { retries: 0 },
    });
    const el = await fixture<ListingLinker>(
      html`<listing-linker .client=${noRetry} channel-id=${MAKERS_MARKET}></listing-linker>`,
    );
    const failed = await oneEvent(el, 'request-error');
    expect(failed.detail.error.code).to.equal('server');
    await waitFor(() => shadow(el).querySelector('[part="listings"] [role="alert"]'), 'no alert');
    await expect(el).to.be.accessible();
    const alert = shadow(el).querySelector('[part="listings"] [role="alert"]')!;
    expect(alert.textContent).to.contain('The listings could not be loaded.');
    alert.querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
    await listed(el);
    expect(tableSkus(el)).to.have.members(SEEDED_SKUS);
  });

  it('speaks German under lang="de"', async () => {
    const el = await fixture<ListingLinker>(
      html`<listing-linker lang="de" .client=${client}></listing-linker>`,
    );
    await listed(el);
    await expect(el).to.be.accessible();
    expect(labelled<HTMLSelectElement>(el, 'Shop').value).to.equal(String(MAKERS_MARKET));
    expect(labelled(el, 'Über die SKU (empfohlen)').checked).to.be.true;
    expect(button(el, 'Angebot verknüpfen')).to.exist;
    expect(pagerText(el)).to.equal('Seite 1 von 1 · 2 Angebote');
    const table = shadow(el).querySelector('[part="listings-table"]')!.textContent!;
    expect(table.replace(/[\u00a0\u202f]/g, ' ')).to.contain('19,00 £');
  });
});
