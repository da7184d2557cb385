import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/listing-linker.js';
import type { ListingLinker } from '../../../src/listing-linker.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { button, labelled, shadow, textOf, typeInto, waitFor } from '../../helpers/elements.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { LoggedRequest, TestSandbox } from '../../helpers/sandbox.js';

/** "Create store" of a listing linker without `channel-id`: "Store name", "Save store", "Cancel". */

async function storeSelectShown(el: ListingLinker): Promise<void> {
  await waitFor(() => shadow(el).querySelector('[part="create-store-button"]'), 'no "Create store"');
}

async function openForm(el: ListingLinker): Promise<HTMLInputElement> {
  button(el, 'Create store').click();
  await waitFor(() => shadow(el).querySelector('#store-name'), 'the store form did not open');
  return labelled<HTMLInputElement>(el, 'Store name');
}

async function channelPosts(sandbox: TestSandbox): Promise<LoggedRequest[]> {
  return (await sandbox.requests()).filter((r) => r.method === 'POST' && r.path === '/channels');
}

function errorOf(el: HTMLElement, input: HTMLElement): string {
  expect(input.getAttribute('aria-invalid')).to.equal('true');
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  const message = ids
    .map((id) => shadow(el).getElementById(id))
    .find((node) => node?.classList.contains('field-error'));
  return textOf(message);
}

describe('listing-linker: Create store', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;

  beforeEach(() => {
    sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
  });

  it('saves a custom_integration store, chooses it in "Store" and focuses the select', async () => {
    const el = await fixture<ListingLinker>(html`<listing-linker .client=${client}></listing-linker>`);
    await storeSelectShown(el);
    await expect(el).to.be.accessible();
    const toggle = button(el, 'Create store');
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');

    const name = await openForm(el);
    expect(shadow(el).activeElement).to.equal(name);
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(toggle.getAttribute('aria-controls')).to.equal('store-form');
    await expect(el).to.be.accessible();

    // Nothing typed: said at the field, nothing sent.
    button(el, 'Save store').click();
    await el.updateComplete;
    expect(errorOf(el, name)).to.equal('Enter a name for the store.');
    expect(await channelPosts(sandbox)).to.have.length(0);

    typeInto(name, '  Craft Fair ');
    const created = oneEvent(el, 'store-created');
    button(el, 'Save store').click();
    const event = await created;
    expect(event.bubbles && event.composed).to.equal(true);
    expect(event.detail.store.name).to.equal('Craft Fair');
    expect(event.detail.store.type_code).to.equal('custom_integration');
    const [post] = await channelPosts(sandbox);
    expect(post!.status).to.equal(201);
    expect(post!.body).to.deep.equal({ name: 'Craft Fair', type_code: 'custom_integration' });

    const select = labelled<HTMLSelectElement>(el, 'Store');
    await waitFor(() => shadow(el).activeElement === select, 'focus did not go to the store select');
    expect(select.value).to.equal(String(event.detail.store.id));
    expect([...select.options].map((option) => textOf(option))).to.deep.equal([
      'Makers Market (GBP)',
      'Craft Fair',
    ]);
    expect(shadow(el).querySelector('#store-name')).to.equal(null);
    expect(textOf(shadow(el).querySelector('.store-choice [role="status"]'))).to.equal(
      'Store “Craft Fair” created and chosen.',
    );
    // The new store's listings: none yet.
    await waitFor(() => shadow(el).querySelector('.empty'), 'the new store was not loaded');
    await expect(el).to.be.accessible();
  });

  it('shows the API\'s 422 at "Store name", keeps the name, and retries other failures', async () => {
    const noRetry = createClient({
      baseUrl: sandbox.baseUrl,
      credentials: { apiKey: sandbox.apiKey },
      retry: { retries: 0 },
    });
    const el = await fixture<ListingLinker>(html`<listing-linker .client=${noRetry}></listing-linker>`);
    await storeSelectShown(el);
    await expect(el).to.be.accessible();
    const name = await openForm(el);

    await sandbox.fault({
      method: 'POST',
      path: '/channels',
      status: 422,
      body: { errors: { name: ['has already been taken'] } },
      times: 1,
    });
    typeInto(name, 'Makers Market');
    let failed = oneEvent(el, 'request-error');
    button(el, 'Save store').click();
    expect((await failed).detail.error.status).to.equal(422);
    await waitFor(() => name.getAttribute('aria-invalid') === 'true', 'no error at the field');
    expect(errorOf(el, name)).to.equal('has already been taken');
    expect(name.value).to.equal('Makers Market');
    expect(shadow(el).activeElement).to.equal(name);
    expect(shadow(el).querySelector('[part="store-form"] [role="alert"]')).to.equal(null);
    await expect(el).to.be.accessible();

    await sandbox.fault({ method: 'POST', path: '/channels', status: 503, body: 'html', times: 1 });
    typeInto(name, 'Makers Market Two');
    failed = oneEvent(el, 'request-error');
    button(el, 'Save store').click();
    await failed;
    await el.updateComplete;
    const alert = shadow(el).querySelector('[part="store-form"] [role="alert"]')!;
    expect(textOf(alert)).to.contain('The store was not created.');
    expect(name.getAttribute('aria-invalid')).to.equal('false');
    expect(name.value).to.equal('Makers Market Two');
    await expect(el).to.be.accessible();

    const created = oneEvent(el, 'store-created');
    alert.querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
    expect((await created).detail.store.name).to.equal('Makers Market Two');
    expect((await channelPosts(sandbox)).map((post) => post.status)).to.deep.equal([422, 503, 201]);
  });

  it('"Cancel" and Escape close the form, drop what was typed and return focus to "Create store"', async () => {
    const el = await fixture<ListingLinker>(html`<listing-linker .client=${client}></listing-linker>`);
    await storeSelectShown(el);
    await expect(el).to.be.accessible();

    let name = await openForm(el);
    typeInto(name, 'Half typed');
    button(el, 'Cancel').click();
    await waitFor(() => shadow(el).activeElement === button(el, 'Create store'), 'focus did not return');
    expect(shadow(el).querySelector('[part="store-form"]')).to.equal(null);
    expect(button(el, 'Create store').getAttribute('aria-expanded')).to.equal('false');

    name = await openForm(el);
    expect(name.value).to.equal('');
    name.focus();
    await sendKeys({ type: 'Another' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => shadow(el).activeElement === button(el, 'Create store'), 'Escape did not close');
    expect(shadow(el).querySelector('[part="store-form"]')).to.equal(null);
    expect(await channelPosts(sandbox)).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('with no store that takes listings, creates one with Enter and offers the link form for it', async () => {
    await sandbox.fault({ method: 'GET', path: '/channels', status: 200, body: [], times: 1 });
    const el = await fixture<ListingLinker>(html`<listing-linker .client=${client}></listing-linker>`);
    await storeSelectShown(el);
    await expect(el).to.be.accessible();
    expect(textOf(shadow(el).querySelector('[part="notice"]'))).to.contain('No store can take listings yet.');
    expect(shadow(el).querySelector('[part="link-button"]')).to.equal(null);

    const name = await openForm(el);
    name.focus();
    await sendKeys({ type: 'Pop-up Shop' });
    const created = oneEvent(el, 'store-created');
    await sendKeys({ press: 'Enter' });
    const { store } = (await created).detail;
    await waitFor(() => shadow(el).querySelector('[part="link-button"]'), 'no link form');
    expect(labelled<HTMLSelectElement>(el, 'Store').value).to.equal(String(store.id));
    expect(shadow(el).querySelector('[part="notice"]')).to.equal(null);
    await expect(el).to.be.accessible();
    expect(String(store.id)).not.to.equal(String(SEED_IDS.channels.makersMarket));
  });
});
