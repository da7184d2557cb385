import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient, Sellable } from '../../../src/api/index.js';
import type { ProductUpdatedEvent } from '../../../src/elements/product-editor/product-editor.events.js';
import '../../../src/product-editor.js';
import type { ProductEditor } from '../../../src/product-editor.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import {
  $,
  $$,
  button,
  labelled,
  loaded,
  shadow,
  textOf,
  typeInto,
  waitFor,
} from '../../helpers/elements.js';
import { layoutProblems } from '../../helpers/layout.js';
import { callsTo } from '../../helpers/recording-fetch.js';
import type { RecordingFetch } from '../../helpers/recording-fetch.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { LoggedRequest, TestSandbox } from '../../helpers/sandbox.js';

const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;
const P = SEED_IDS.products;
const KIT = SEED_IDS.kits.kitchenStarter;
/** The apron's Material value, as its sellable's `variant_property_specifics` names it. */
const MATERIAL_ENTRY = P.apron * 10 + SEED_IDS.productProperties.material;

async function render(client: OpsClient, sellableId: number, orderId: number = O.customsMissing) {
  const el = await fixture<ProductEditor>(
    html`<product-editor .client=${client} order-id=${orderId} sellable-id=${sellableId}></product-editor>`,
  );
  await loaded(el);
  return el;
}

function field(el: ProductEditor, label: string): HTMLInputElement {
  return labelled<HTMLInputElement>(el, label);
}

async function type(el: ProductEditor, label: string, value: string): Promise<void> {
  typeInto(field(el, label), value);
  await el.updateComplete;
}

function status(el: ProductEditor): string {
  return textOf($(el, '.save-status'));
}

function alerts(el: ProductEditor): string {
  return $$(el, '[role="alert"]').map(textOf).join(' | ');
}

function errorOf(el: ProductEditor, label: string): string {
  return textOf(shadow(el).getElementById(`${field(el, label).id}-error`));
}

async function save(el: ProductEditor): Promise<void> {
  button(el, 'Save product').click();
  await el.updateComplete;
}

async function saved(el: ProductEditor): Promise<ProductUpdatedEvent> {
  const updated = oneEvent(el, 'product-updated') as Promise<ProductUpdatedEvent>;
  await save(el);
  return updated;
}

function puts(sent: RecordingFetch): string[] {
  return sent.calls.filter((call) => call.method === 'PUT').map((call) => new URL(call.url).pathname);
}

function logged(log: LoggedRequest[], method: string, path: string): LoggedRequest[] {
  return log.filter((entry) => entry.method === method && entry.path === path && !entry.fault);
}

function storedSellable(client: OpsClient, orderId: number, sellableId: number): Sellable | null | undefined {
  return client.orders.get(orderId)?.line_items?.find((item) => Number(item.sellable?.id) === sellableId)
    ?.sellable;
}

describe('product-editor', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let sent: RecordingFetch;

  beforeEach(() => {
    sandbox = createTestSandbox();
    ({ client, sent } = recordedClient(sandbox, { retry: { retries: 0 } }));
  });

  it('names the form after the item and labels every field, the weight empty and in grams', async () => {
    const el = await fixture<ProductEditor>(
      html`<product-editor
        .client=${client}
        order-id=${O.customsMissing}
        sellable-id=${S.apronNatural}
      ></product-editor>`,
    );
    await expect(el).to.be.accessible();
    await loaded(el);
    const form = $(el, 'form')!;
    const heading = shadow(el).getElementById(form.getAttribute('aria-labelledby')!);
    expect(textOf(heading)).to.equal('Edit product Linen Apron Natural');
    expect(field(el, 'Product title').value).to.equal('Linen Apron');
    expect(field(el, 'Description').value).to.equal('Stonewashed linen apron with a front pocket.');
    expect(field(el, 'Internal notes').value).to.equal('');
    expect(field(el, 'Country of origin').value).to.equal('');
    expect(field(el, 'Tariff number').value).to.equal('');
    expect(field(el, 'SKU').value).to.equal('APRON-NAT');
    expect(field(el, 'Price').value).to.equal('24');
    expect(field(el, 'Cost price').value).to.equal('9.5');
    expect(field(el, 'Weight').value).to.equal('');
    expect(textOf(shadow(el).getElementById(field(el, 'Weight').getAttribute('aria-describedby')!))).to.equal(
      'In grams.',
    );
    // One field per property value, labelled by the property's name.
    expect(field(el, 'Material').value).to.equal('Linen');
    expect($(el, '[part="bundle"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('sets a weight from an order line: one PUT /products/{id} with weight_grams as a number, and the order everywhere has it', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <product-editor
          id="a"
          .client=${client}
          order-id=${O.customsMissing}
          sellable-id=${S.apronNatural}
        ></product-editor>
        <product-editor
          id="b"
          .client=${client}
          order-id=${O.customsMissing}
          sellable-id=${S.apronNatural}
        ></product-editor>
      </div>`,
    );
    const [el, other] = [...wrapper.querySelectorAll<ProductEditor>('product-editor')] as [
      ProductEditor,
      ProductEditor,
    ];
    await loaded(el);
    await loaded(other);
    await expect(el).to.be.accessible();
    const ordersRead = callsTo(sent.calls, 'GET', `${sandbox.baseUrl}/orders/${O.customsMissing}`).length;
    await type(el, 'Weight', '250');
    const event = await saved(el);
    expect(Number(event.detail.sellableId)).to.equal(S.apronNatural);
    expect(Number(event.detail.product.id)).to.equal(P.apron);
    expect(puts(sent)).to.deep.equal([`${new URL(sandbox.baseUrl).pathname}/products/${P.apron}`]);
    const [put] = logged(await sandbox.requests(), 'PUT', `/products/${P.apron}`);
    expect(put?.body).to.deep.equal({
      product: { product_variants_attributes: [{ id: S.apronNatural, weight_grams: 250 }] },
    });
    await waitFor(() => status(el) === 'Product saved.', 'the save was not announced');
    await waitFor(
      () => shadow(el).activeElement === button(el, 'Save product'),
      'focus did not come back to "Save product"',
    );
    // The store's order has the weight, and the other editor shows it, without reading the order again.
    expect(storedSellable(client, O.customsMissing, S.apronNatural)?.weight_grams).to.equal(250);
    await other.updateComplete;
    expect(field(other, 'Weight').value).to.equal('250');
    expect(field(el, 'Weight').value).to.equal('250');
    expect(callsTo(sent.calls, 'GET', `${sandbox.baseUrl}/orders/${O.customsMissing}`)).to.have.length(
      ordersRead,
    );
    await expect(el).to.be.accessible();
  });

  it('sends the customs fields to the product, upper-cases the country, and the stored order follows', async () => {
    const el = await render(client, S.apronNatural);
    await expect(el).to.be.accessible();
    await type(el, 'Country of origin', 'pt');
    await type(el, 'Tariff number', '6211.49');
    await saved(el);
    const [put] = logged(await sandbox.requests(), 'PUT', `/products/${P.apron}`);
    expect(put?.body).to.deep.equal({ product: { origin_country: 'PT', hs_tariff_number: '6211.49' } });
    const product = storedSellable(client, O.customsMissing, S.apronNatural)?.product;
    expect(product?.origin_country).to.equal('PT');
    expect(product?.hs_tariff_number).to.equal('6211.49');
    expect(field(el, 'Country of origin').value).to.equal('PT');
  });

  it('sends nothing when nothing changed, and says so', async () => {
    const el = await render(client, S.apronNatural);
    await expect(el).to.be.accessible();
    // Typed back to what it was: no change.
    await type(el, 'Price', '24.00');
    await save(el);
    expect(status(el)).to.equal('Nothing to save: no field was changed.');
    expect(puts(sent)).to.deep.equal([]);
  });

  it('saves a property value with one request to its entry', async () => {
    const el = await render(client, S.apronNatural);
    await expect(el).to.be.accessible();
    await type(el, 'Material', 'Hemp');
    await saved(el);
    const path = `/products/${P.apron}/product_property_specifics/${MATERIAL_ENTRY}`;
    expect(puts(sent)).to.deep.equal([`${new URL(sandbox.baseUrl).pathname}${path}`]);
    const [put] = logged(await sandbox.requests(), 'PUT', path);
    expect(put?.body).to.deep.equal({ product_property_name: 'Material', value: 'Hemp' });
    expect(field(el, 'Material').value).to.equal('Hemp');
    // Ids may be numeric strings (some live accounts answer so).
    const entries = storedSellable(client, O.customsMissing, S.apronNatural)?.['variant_property_specifics'];
    const entry = (entries as Array<{ id: unknown; value: unknown }>).find(
      ({ id }) => Number(id) === MATERIAL_ENTRY,
    );
    expect(entry?.value).to.equal('Hemp');
  });

  it('saves a bundle quantity with one request to its kit content', async () => {
    const el = await render(client, KIT);
    await expect(el).to.be.accessible();
    expect(textOf($(el, 'h2'))).to.equal('Edit product Kitchen Starter Kit');
    expect(field(el, 'Quantity of Enamel Camping Mug White').value).to.equal('2');
    expect(field(el, 'Quantity of Cast Iron Skillet 26 cm').value).to.equal('1');
    await type(el, 'Quantity of Linen Tea Towel Sage', '3');
    await saved(el);
    const path = `/kits/${KIT}/kit_contents/${SEED_IDS.kitContents.towels}`;
    expect(puts(sent)).to.deep.equal([`${new URL(sandbox.baseUrl).pathname}${path}`]);
    const [put] = logged(await sandbox.requests(), 'PUT', path);
    expect(put?.body).to.deep.equal({ kit_content: { product_variant_id: S.teaTowelSage, quantity: 3 } });
    expect(field(el, 'Quantity of Linen Tea Towel Sage').value).to.equal('3');
    await expect(el).to.be.accessible();
  });

  it('checks numbers, the country code and quantities before sending anything', async () => {
    const el = await render(client, KIT);
    await expect(el).to.be.accessible();
    await type(el, 'Weight', 'heavy');
    await type(el, 'Country of origin', 'G1');
    await type(el, 'Quantity of Linen Tea Towel Sage', '1.5');
    await save(el);
    await waitFor(() => field(el, 'Weight').getAttribute('aria-invalid') === 'true', 'no error at Weight');
    expect(errorOf(el, 'Weight')).to.equal('Enter a weight of 0 or more, like 250.');
    expect(errorOf(el, 'Country of origin')).to.equal('Enter a two-letter country code, like GB.');
    expect(errorOf(el, 'Quantity of Linen Tea Towel Sage')).to.equal('Enter a whole number of at least 1.');
    await waitFor(
      () => shadow(el).activeElement === field(el, 'Country of origin'),
      'focus did not go to the first error',
    );
    expect(puts(sent)).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('shows a 422 at its field and keeps what was typed', async () => {
    const el = await render(client, S.apronNatural);
    await expect(el).to.be.accessible();
    await type(el, 'SKU', 'BEANIE-CHA');
    await type(el, 'Cost price', '10');
    await save(el);
    await waitFor(
      () => field(el, 'SKU').getAttribute('aria-invalid') === 'true',
      'the 422 did not reach SKU',
    );
    expect(errorOf(el, 'SKU')).to.equal(`Variant ${S.apronNatural}: SKU BEANIE-CHA is already taken`);
    expect(field(el, 'Cost price').getAttribute('aria-invalid')).to.equal('false');
    expect(field(el, 'SKU').value).to.equal('BEANIE-CHA');
    expect(field(el, 'Cost price').value).to.equal('10');
    expect(alerts(el)).to.contain('Not saved: SKU and Cost price.');
    expect(shadow(el).activeElement).to.equal(field(el, 'SKU'));
    await expect(el).to.be.accessible();
  });

  it('reports a partial failure honestly, and a second save sends only what still differs', async () => {
    const el = await render(client, KIT);
    await expect(el).to.be.accessible();
    await sandbox.fault({
      method: 'PUT',
      path: '/kits/',
      status: 503,
      body: { error_messages: ['Bundles are being counted; try again shortly'] },
    });
    const errors: string[] = [];
    el.addEventListener('request-error', (event) => errors.push(event.detail.error.code));
    await type(el, 'Weight', '4100');
    await type(el, 'Quantity of Linen Tea Towel Sage', '3');
    const partial = await saved(el);
    expect(partial.detail.complete, 'the event says a part failed').to.equal(false);
    await waitFor(() => status(el) === 'Saved: Weight.', 'the saved part was not named');
    expect(alerts(el)).to.contain('Not saved: Quantity of Linen Tea Towel Sage.');
    expect(alerts(el)).to.contain('Bundles are being counted; try again shortly');
    expect(errors).to.deep.equal(['server']);
    // Nothing typed is lost; the weight saved is the saved value now.
    expect(field(el, 'Quantity of Linen Tea Towel Sage').value).to.equal('3');
    expect(field(el, 'Weight').value).to.equal('4100');
    expect(storedSellable(client, O.customsMissing, KIT)?.weight_grams).to.equal(4100);
    const path = `${new URL(sandbox.baseUrl).pathname}/kits/${KIT}/kit_contents/${SEED_IDS.kitContents.towels}`;
    expect(puts(sent)).to.deep.equal([`${new URL(sandbox.baseUrl).pathname}/products/${P.kitchenKit}`, path]);
    expect((await saved(el)).detail.complete).to.equal(true);
    await waitFor(() => status(el) === 'Product saved.', 'the second save did not end');
    expect(puts(sent).slice(2)).to.deep.equal([path]);
    expect(alerts(el)).to.equal('');
    await expect(el).to.be.accessible();
  });

  it('"Cancel" puts the saved values back and sends nothing', async () => {
    const el = await render(client, S.apronNatural);
    await expect(el).to.be.accessible();
    await type(el, 'Product title', 'Apron');
    await type(el, 'Weight', 'x');
    await save(el);
    await waitFor(() => field(el, 'Weight').getAttribute('aria-invalid') === 'true', 'no error');
    button(el, 'Cancel').click();
    await el.updateComplete;
    expect(field(el, 'Product title').value).to.equal('Linen Apron');
    expect(field(el, 'Weight').value).to.equal('');
    expect(field(el, 'Weight').getAttribute('aria-invalid')).to.equal('false');
    expect(puts(sent)).to.deep.equal([]);
  });

  it('works standalone with .sellable', async () => {
    const order = await client.getOrder(O.customsMissing);
    const sellable = order.line_items?.find((item) => Number(item.sellable?.id) === S.apronNatural)?.sellable;
    const el = await fixture<ProductEditor>(
      html`<product-editor .client=${client} .sellable=${sellable}></product-editor>`,
    );
    await expect(el).to.be.accessible();
    await loaded(el);
    await type(el, 'Product title', 'Linen Work Apron');
    const event = await saved(el);
    expect(Number(event.detail.sellableId)).to.equal(S.apronNatural);
    const [put] = logged(await sandbox.requests(), 'PUT', `/products/${P.apron}`);
    expect(put?.body).to.deep.equal({ product: { title: 'Linen Work Apron' } });
    await el.updateComplete;
    expect(textOf($(el, 'h2'))).to.equal('Edit product Linen Work Apron Natural');
    expect(field(el, 'Product title').value).to.equal('Linen Work Apron');
    // The order the store holds has the new title too.
    expect(storedSellable(client, O.customsMissing, S.apronNatural)?.product?.title).to.equal(
      'Linen Work Apron',
    );
    await expect(el).to.be.accessible();
  });

  it('shows a failed load with "Retry", and fits 360 px', async () => {
    await sandbox.fault({ method: 'GET', path: `/orders/${O.customsMissing}`, status: 500 });
    const wrapper = await fixture<HTMLDivElement>(
      html`<div style="width: 360px">
        <product-editor .client=${client} order-id=${O.customsMissing} sellable-id=${KIT}></product-editor>
      </div>`,
    );
    const el = wrapper.querySelector<ProductEditor>('product-editor')!;
    await expect(el).to.be.accessible();
    await waitFor(() => $(el, '[role="alert"]'), 'the failure did not show');
    button(el, 'Retry').click();
    await loaded(el);
    expect(layoutProblems(el, 'product-editor at 360 px')).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });
});

describe("product-editor under the API proxy's session", () => {
  it('disables "Save product" with the reason when the role may not edit products', async () => {
    const sandbox = createTestSandbox();
    const client = createClient({
      baseUrl: sandbox.baseUrl.replace('/sandbox/', '/proxy/staff/'),
      session: true,
    });
    const el = await render(client, S.apronNatural);
    await expect(el).to.be.accessible();
    const save = button(el, 'Save product');
    await waitFor(() => save.disabled, 'Save product stayed enabled');
    const reason = shadow(el).getElementById(save.getAttribute('aria-describedby')!);
    expect(textOf(reason)).to.equal('Your role does not allow editing products.');
    // Editing stays possible; only saving is refused.
    expect(field(el, 'Weight').disabled).to.equal(false);
    await expect(el).to.be.accessible();
  });
});
