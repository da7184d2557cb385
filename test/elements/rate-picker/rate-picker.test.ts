import '../../../src/locales/de.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient, RatesRequest } from '../../../src/api/index.js';
import '../../../src/rate-picker.js';
import type { RatePicker, RateSelectedDetail } from '../../../src/rate-picker.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../../src/sandbox/seed-ids.js';
import { $, $$, has, shadow, textOf, typeInto, waitFor } from '../../helpers/elements.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { LoggedRequest, TestSandbox } from '../../helpers/sandbox.js';
import { buyButton, chooseRate, expectFocus, focusIn, rateRows, renderPair } from '../../helpers/shipping.js';
import { fakeQuoteTime, restoreQuoteTime } from '../../helpers/time.js';

const O = SEED_IDS.orders;
const RATES_PATH = '/shipping/api/v1/rates';

function input(el: HTMLElement, selector: string): HTMLInputElement {
  return shadow(el).querySelector<HTMLInputElement>(selector)!;
}

async function ratesRequests(sandbox: TestSandbox): Promise<LoggedRequest[]> {
  return (await sandbox.requests()).filter((entry) => entry.method === 'POST' && entry.path === RATES_PATH);
}

/** Waits for the form (order loaded, carrier accounts listed). */
async function ready(el: RatePicker): Promise<void> {
  await waitFor(
    () => $(el, '[part="get-rates-button"]') && $(el, '[part="carriers"]'),
    'the parcel form did not render',
  );
}

async function getRates(el: RatePicker): Promise<void> {
  $(el, '[part="get-rates-button"]')!.click();
  await waitFor(() => rateRows(el).length > 0, 'no quotes rendered');
}

function rateGroup(el: RatePicker): HTMLFieldSetElement {
  return shadow(el).querySelector<HTMLFieldSetElement>('[part="rates"]')!;
}

describe('rate-picker', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;

  beforeEach(() => {
    sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
  });

  afterEach(restoreQuoteTime);

  async function render(orderId: number): Promise<RatePicker> {
    const el = await fixture<RatePicker>(
      html`<rate-picker .client=${client} order-id=${orderId}></rate-picker>`,
    );
    await ready(el);
    return el;
  }

  it('builds the rates request from the order and its allocation, and lists the quotes', async () => {
    const el = await render(O.allocated);
    await expect(el).to.be.accessible();
    expect(textOf($(el, 'h2'))).to.contain(SEED_ORDER_NUMBERS.allocated);
    expect(textOf($(el, '.route'))).to.contain('London Fulfilment Centre');
    // The allocation's weight fills the parcel.
    expect(input(el, '#parcel-weight').value).to.match(/^\d+(\.\d+)?$/);
    expect(Number(input(el, '#parcel-weight').value)).to.be.greaterThan(0);

    await getRates(el);
    await expect(el).to.be.accessible();

    const [logged] = await ratesRequests(sandbox);
    const body = logged!.body as RatesRequest;
    const order = await client.getOrder(O.allocated);
    const allocation = order.allocations![0]!;
    expect(body.to_address.country_code).to.equal('GB');
    expect(body.to_address.town).to.equal(order.deliver_to!.city);
    expect(body.to_address.postcode).to.equal(order.deliver_to!.zip);
    expect(body.to_address.name).to.equal(`${order.deliver_to!.first_name} ${order.deliver_to!.last_name}`);
    expect(body.from_address.name).to.equal('London Fulfilment Centre');
    expect(body.from_address.postcode).to.equal(allocation.warehouse!.post_code);
    expect(body.from_address.country_code).to.equal('GB');
    expect(body.parcels).to.have.length(1);
    expect(body.parcels[0]!.weight).to.equal(allocation.total_weight);
    expect(body.parcels[0]!.weight_unit).to.equal(allocation.weight_unit);
    expect(body.customer_reference).to.equal(SEED_ORDER_NUMBERS.allocated);
    expect(body.currency_code).to.equal('GBP');
    expect(body.channel_items).to.have.length(order.line_items!.length);
    const firstLine = order.line_items![0]!;
    expect(firstLine.remote_id).to.be.a('string').and.not.equal('');
    expect(body.channel_items![0]).to.include({
      remote_id: firstLine.remote_id,
      quantity: firstLine.quantity,
      value: firstLine.price_per_unit!.toFixed(2),
      currency_code: 'GBP',
    });
    expect(body.contents).to.be.a('string').and.not.equal('');
    expect(body.shipping_configuration_ids).to.equal(undefined);

    const group = rateGroup(el);
    expect(textOf(group.querySelector('legend'))).to.equal('Shipping rates');
    expect(group.querySelectorAll('input[type="radio"]').length).to.equal(rateRows(el).length);
    const first = textOf(rateRows(el)[0]);
    expect(first).to.contain('£');
    expect(first).to.contain('Cheapest');
    expect(textOf(group)).to.contain('Fastest');
    expect(textOf($(el, '[part="countdown"]'))).to.match(/^Rates valid for 1[45] mins?( \d\d? secs?)?$/);
    // The arrival of the quotes is announced once, politely.
    expect(textOf(shadow(el).querySelector('[role="status"]:not(.loading)'))).to.match(/rates found/);
  });

  it('moves focus from "Get rates" to the first quote once the rates arrive, and to Retry after a failure', async () => {
    const el = await render(SEED_IDS.orders.allocated);
    await expect(el).to.be.accessible();
    const getRatesButton = $(el, '[part="get-rates-button"]')!;
    getRatesButton.focus();
    getRatesButton.click();
    await waitFor(() => rateRows(el).length > 0, 'no quotes rendered');
    await el.updateComplete;
    expectFocus(el, rateRows(el)[0]!.querySelector('input'), 'The first quote');

    await sandbox.fault({ method: 'POST', path: RATES_PATH, status: 503, times: 1 });
    getRatesButton.focus();
    getRatesButton.click();
    await waitFor(() => $(el, '[part="retry-button"]'), 'no Retry');
    await el.updateComplete;
    expectFocus(el, $(el, '[part="retry-button"]'), 'Retry');
  });

  it('gives focus to the chosen quote when Get rates answers again, and to the notice when no carrier quotes', async () => {
    const el = await render(O.allocated);
    await expect(el).to.be.accessible();
    await getRates(el);
    await chooseRate(el, 'Parcelway Express');
    expect(textOf(rateRows(el)[0]), 'the chosen quote is not the first').not.to.contain('Parcelway Express');
    const getRatesButton = $(el, '[part="get-rates-button"]')!;
    const chosenAgain = oneEvent(el, 'rate-selected');
    getRatesButton.focus();
    getRatesButton.click();
    await chosenAgain;
    await el.updateComplete;
    const focused = shadow(el).activeElement as HTMLInputElement | null;
    expect(focused?.checked, 'the chosen quote has focus').to.equal(true);
    expect(textOf(focused?.closest('[part="rate"]'))).to.contain('Parcelway Express');

    // 40 kg: more than any service takes.
    typeInto(input(el, '#parcel-weight'), '40');
    typeInto(shadow(el).querySelector<HTMLSelectElement>('#parcel-weightUnit')!, 'kg');
    getRatesButton.focus();
    getRatesButton.click();
    const noQuotes = () =>
      $$(el, '.results .notice').find((notice) =>
        textOf(notice).startsWith('No carrier can take this parcel'),
      );
    await waitFor(noQuotes, 'no "no quotes" notice');
    await el.updateComplete;
    expect(rateRows(el)).to.have.length(0);
    expectFocus(el, noQuotes(), 'The "no quotes" notice');
    await expect(el).to.be.accessible();
  });

  it('leaves focus where it is when rates asked for from elsewhere fail', async () => {
    const { picker, downloader } = await renderPair(client, O.allocated);
    await expect(picker).to.be.accessible();
    await chooseRate(picker);
    await downloader.updateComplete;
    const buy = buyButton(downloader)!;
    buy.focus();
    await sandbox.fault({ method: 'POST', path: RATES_PATH, status: 503, times: 1 });
    const failed = oneEvent(picker, 'request-error');
    void picker.refreshRates();
    expect((await failed).detail.error.code).to.equal('server');
    await picker.updateComplete;
    expect(has(picker, '[part="retry-button"]')).to.equal(true);
    expect(focusIn(picker)).to.equal('nothing');
    expectFocus(downloader, buy, 'Buy label');
    await expect(picker).to.be.accessible();
  });

  it('says rates need an allocation when the order has none, and sends nothing', async () => {
    const el = await fixture<RatePicker>(
      html`<rate-picker .client=${client} order-id=${O.unallocated}></rate-picker>`,
    );
    await waitFor(() => $(el, '.notice'), 'no notice');
    await expect(el).to.be.accessible();
    expect(textOf($(el, '.notice'))).to.contain('Rates need an allocation first');
    expect(has(el, '[part="get-rates-button"]')).to.equal(false);
    expect(await ratesRequests(sandbox)).to.have.length(0);

    // An allocation made elsewhere through the same client reaches the picker through the order store.
    const orderReads = async () =>
      (await sandbox.requests()).filter(
        (entry) => entry.method === 'GET' && entry.path.startsWith('/orders/'),
      ).length;
    const ordersBefore = await orderReads();
    await client.createAllocation(O.unallocated, {
      warehouseId: SEED_IDS.warehouses.london,
      lineItems: [{ sellableId: SEED_IDS.sellables.beanieCharcoal, quantity: 2 }],
    });
    await ready(el);
    expect(textOf($(el, '.route'))).to.contain('London Fulfilment Centre');
    expect(await orderReads()).to.equal(ordersBefore);
    await expect(el).to.be.accessible();
  });

  it('checks the parcel at the fields before sending anything', async () => {
    const el = await render(O.allocated);
    await expect(el).to.be.accessible();
    const weight = input(el, '#parcel-weight');
    typeInto(weight, '0.001');
    typeInto(input(el, '#parcel-length'), '-3');
    $(el, '[part="get-rates-button"]')!.click();
    await el.updateComplete;
    await el.updateComplete;

    expect(weight.getAttribute('aria-invalid')).to.equal('true');
    expect(textOf(shadow(el).getElementById(weight.getAttribute('aria-describedby')!))).to.equal(
      'The weight must be at least 0.01.',
    );
    const length = input(el, '#parcel-length');
    expect(length.getAttribute('aria-invalid')).to.equal('true');
    expect(textOf(shadow(el).getElementById(length.getAttribute('aria-describedby')!))).to.contain('above 0');
    expectFocus(el, weight, 'The weight field');
    await expect(el).to.be.accessible();

    typeInto(weight, '');
    $(el, '[part="get-rates-button"]')!.click();
    await el.updateComplete;
    expect(textOf($(el, '#parcel-weight-error'))).to.equal('Enter the parcel weight.');
    expect(await ratesRequests(sandbox)).to.have.length(0);

    // Fixed input goes through; Enter in a field submits the form.
    typeInto(weight, '1.5');
    typeInto(input(el, '#parcel-length'), '30');
    typeInto(input(el, '#parcel-width'), '20');
    typeInto(input(el, '#parcel-height'), '10');
    typeInto(shadow(el).querySelector<HTMLSelectElement>('#parcel-weightUnit')!, 'kg');
    weight.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => rateRows(el).length > 0, 'no quotes after Enter');
    const [logged] = await ratesRequests(sandbox);
    expect((logged!.body as RatesRequest).parcels).to.deep.equal([
      { weight: 1.5, weight_unit: 'kg', length: 30, width: 20, height: 10, dimension_unit: 'cm' },
    ]);
  });

  it('shows the same quotes when the API uses the schema names', async () => {
    const el = await render(O.allocated);
    await expect(el).to.be.accessible();
    await getRates(el);
    const sampleRows = rateRows(el).map(textOf);

    await sandbox.configure({ quoteNaming: 'schema' });
    const other = await render(O.allocated);
    await getRates(other);
    await expect(other).to.be.accessible();
    const schemaRows = rateRows(other).map(textOf);
    expect(schemaRows).to.have.length(sampleRows.length);
    for (const row of schemaRows) {
      expect(row).to.match(/£\d+\.\d\d/);
      expect(row).to.match(/Delivery by/);
    }
    // Same services, same prices, whichever names the API used.
    expect(schemaRows.map((row) => row.match(/£[\d.]+/)![0])).to.deep.equal(
      sampleRows.map((row) => row.match(/£[\d.]+/)![0]),
    );
    expect(schemaRows[0]).to.contain('Parcelway');
    expect(sampleRows[0]).to.contain('Parcelway');
  });

  it('sorts by price or by delivery date, cheapest and fastest marked', async () => {
    const el = await render(O.allocated);
    await expect(el).to.be.accessible();
    await getRates(el);
    const prices = () => rateRows(el).map((row) => Number(textOf(row).match(/£([\d.]+)/)![1]));
    const byPrice = prices();
    expect(byPrice).to.deep.equal([...byPrice].sort((a, b) => a - b));
    expect(textOf(rateRows(el)[0])).to.contain('Cheapest');

    const sort = shadow(el).querySelector<HTMLSelectElement>('[part="sort-select"]')!;
    expect(textOf(shadow(el).querySelector('label[for="sort-by"]'))).to.equal('Sort by');
    typeInto(sort, 'delivery');
    await el.updateComplete;
    const fastestFirst = textOf(rateRows(el)[0]);
    expect(fastestFirst).to.contain('Fastest');
    expect(prices()).not.to.deep.equal(byPrice);
    await expect(el).to.be.accessible();
  });

  it('counts down to expiry, then blocks choosing until Refresh rates asks again for the same parcel', async () => {
    await sandbox.configure({ quoteTtlMs: 2500 });
    const time = fakeQuoteTime();
    const el = await render(O.allocated);
    await expect(el).to.be.accessible();
    typeInto(input(el, '#parcel-weight'), '850');
    const live = shadow(el).querySelector('p[role="status"]')!;
    const spoken: string[] = [];
    const observer = new MutationObserver(() => {
      const said = textOf(live);
      if (said && said !== spoken[spoken.length - 1]) spoken.push(said);
    });
    observer.observe(live, { subtree: true, childList: true, characterData: true });
    await getRates(el);
    const chosen = oneEvent(el, 'rate-selected');
    rateRows(el)[0]!.querySelector('input')!.click();
    const first = (await chosen).detail;
    // The quotes live 2.5 s from when the sandbox made them; the page's clock stands still until moved.
    const secondsLeft = () =>
      Number(/^Rates valid for (\d+) secs?$/.exec(textOf($(el, '[part="countdown"]')))?.[1]);
    const atFirst = secondsLeft();
    expect(atFirst, 'seconds left at first').to.be.within(1, 15);
    const announced = textOf(shadow(el).querySelector('p[role="status"]'));
    expect(announced).to.match(/rates found, valid for \d secs?\./);

    await time.tick(1000);
    expect(secondsLeft(), 'a second later').to.equal(atFirst - 1);
    expect(has(el, '[part="refresh-button"]')).to.equal(false);
    await time.tick(15_000);
    await waitFor(() => $(el, '[part="refresh-button"]'), 'the quotes did not expire');
    await expect(el).to.be.accessible();
    expect(rateGroup(el).disabled).to.equal(true);
    for (const radio of rateGroup(el).querySelectorAll('input')) expect(radio.disabled).to.equal(true);
    expect(textOf(shadow(el).querySelector('p[role="status"]'))).to.contain('have expired');
    // Spoken twice in all, not every second: when the quotes came and when they expired.
    observer.disconnect();
    expect(spoken).to.have.length(2);
    expect(spoken[0]).to.match(/rates found/);
    expect(spoken[1]).to.contain('have expired');
    expect(has(el, '[part="countdown"]')).to.equal(false);

    await sandbox.configure({ quoteTtlMs: 15 * 60 * 1000 });
    const reselected = oneEvent(el, 'rate-selected');
    $(el, '[part="refresh-button"]')!.click();
    const again = (await reselected).detail;
    const logged = await ratesRequests(sandbox);
    expect(logged).to.have.length(2);
    expect((logged[1]!.body as RatesRequest).parcels).to.deep.equal(
      (logged[0]!.body as RatesRequest).parcels,
    );
    expect((logged[1]!.body as RatesRequest).parcels[0]!.weight).to.equal(850);
    // The same service is chosen again, from the fresh quotes.
    expect(again.quote.serviceName).to.equal(first.quote.serviceName);
    expect(again.remoteShipmentId).not.to.equal(first.remoteShipmentId);
    expect(rateGroup(el).disabled).to.equal(false);
  });

  it('sends the ticked carrier accounts as shipping_configuration_ids', async () => {
    const el = await render(O.allocated);
    await expect(el).to.be.accessible();
    const carriers = $(el, '[part="carriers"]')!;
    expect(textOf(carriers.querySelector('legend'))).to.equal('Carriers');
    const boxes = [...carriers.querySelectorAll<HTMLLabelElement>('label')];
    const names = boxes.map(textOf);
    expect(names.some((name) => name.startsWith('Parcelway'))).to.equal(true);
    expect(names.some((name) => name.startsWith('Economy Post'))).to.equal(true);
    const economy = boxes.find((box) => textOf(box).startsWith('Economy Post'))!.querySelector('input')!;
    economy.click();
    await el.updateComplete;
    await getRates(el);

    const [logged] = await ratesRequests(sandbox);
    const ids = (logged!.body as RatesRequest).shipping_configuration_ids!;
    expect(ids).to.include(String(SEED_IDS.shippingConfigs.parcelway));
    expect(ids).to.include(String(SEED_IDS.shippingConfigs.swiftCourier));
    expect(ids).not.to.include(String(SEED_IDS.shippingConfigs.economyPost));
    expect(rateRows(el).map(textOf).join(' ')).not.to.contain('Economy Post');

    // Unticking everything is caught at the filter before any request.
    for (const box of carriers.querySelectorAll<HTMLInputElement>('input:checked')) box.click();
    await el.updateComplete;
    $(el, '[part="get-rates-button"]')!.click();
    await el.updateComplete;
    expect(textOf($(el, '#carriers-error'))).to.equal('Tick at least one carrier.');
    expect(await ratesRequests(sandbox)).to.have.length(1);
  });

  it('renders the chosen quote’s service options and emits their values', async () => {
    const el = await render(O.allocated);
    await expect(el).to.be.accessible();
    await getRates(el);
    const detail: RateSelectedDetail = await chooseRate(el, 'Parcelway Standard');
    expect(detail.quote.serviceName).to.equal('Parcelway Standard');
    expect(detail.orderId).to.equal(O.allocated);
    expect(detail.remoteShipmentId).to.be.a('string');
    expect(detail.requestToken).to.be.a('string');
    expect(detail.expiresAt).to.be.a('string');
    expect(detail.request.customer_reference).to.equal(SEED_ORDER_NUMBERS.allocated);
    expect(detail.options).to.deep.equal({});
    await el.updateComplete;
    await expect(el).to.be.accessible();

    const options = $(el, '[part="options"]')!;
    const labels = [...options.querySelectorAll('label')].map(textOf);
    expect(labels).to.include('Confirmation');
    expect(labels.some((label) => label.startsWith('Insurance'))).to.equal(true);
    const confirmation = options.querySelector<HTMLSelectElement>('select')!;
    expect([...confirmation.options].map((option) => option.value)).to.include('SIGNATURE');
    const insurance = options.querySelector<HTMLInputElement>('input[type="number"]')!;
    expect(insurance.min).to.equal('100');
    expect(insurance.max).to.equal('5000');

    let event = oneEvent(el, 'rate-selected');
    typeInto(confirmation, 'SIGNATURE');
    expect((await event).detail.options).to.deep.equal({
      value_added_service__VAS_GROUP_ID_CONFIRMATION: 'SIGNATURE',
    });

    event = oneEvent(el, 'rate-selected');
    typeInto(insurance, '20');
    const invalid = (await event).detail;
    expect(invalid.optionsValid).to.equal(false);
    expect(invalid.options).not.to.have.property('liability_amount');
    await el.updateComplete;
    expect(insurance.getAttribute('aria-invalid')).to.equal('true');
    expect(
      textOf(shadow(el).getElementById(insurance.getAttribute('aria-describedby')!.split(' ')[1]!)),
    ).to.contain('from 100 to 5,000');

    event = oneEvent(el, 'rate-selected');
    typeInto(insurance, '250');
    const valid = (await event).detail;
    expect(valid.optionsValid).to.equal(true);
    expect(valid.options).to.deep.equal({
      value_added_service__VAS_GROUP_ID_CONFIRMATION: 'SIGNATURE',
      liability_amount: 250,
    });
    expect(el.selection?.options).to.deep.equal(valid.options);
  });

  it('warns when the parcel changes after quoting, and withdraws the choice when the order changes', async () => {
    const el = await render(O.allocated);
    await expect(el).to.be.accessible();
    await getRates(el);
    const selected = oneEvent(el, 'rate-selected');
    rateRows(el)[0]!.querySelector('input')!.click();
    await selected;
    expect(has(el, '.results .notice.warning')).to.equal(false);

    typeInto(input(el, '#parcel-weight'), '5000');
    await el.updateComplete;
    expect(textOf($(el, '.results .notice.warning'))).to.contain('The parcel changed');
    await expect(el).to.be.accessible();

    const cleared = oneEvent(el, 'rate-cleared');
    el.orderId = O.partlyAllocated;
    expect((await cleared).detail.orderId).to.equal(O.partlyAllocated);
    expect(el.selection).to.equal(undefined);
    await waitFor(() => textOf($(el, 'h2')).includes(SEED_ORDER_NUMBERS.partlyAllocated), 'no new order');
    expect(rateRows(el)).to.have.length(0);
  });

  it('shows the API’s error with a working Retry and keeps the parcel as typed', async () => {
    const el = await render(O.allocated);
    await expect(el).to.be.accessible();
    typeInto(input(el, '#parcel-weight'), '1234');
    await sandbox.fault({
      method: 'POST',
      path: RATES_PATH,
      status: 422,
      body: { error_messages: ['Carrier service temporarily unavailable'] },
      times: 1,
    });
    const failed = oneEvent(el, 'request-error');
    $(el, '[part="get-rates-button"]')!.click();
    expect((await failed).detail.error.code).to.equal('validation');
    await el.updateComplete;
    await expect(el).to.be.accessible();
    const alert = $(el, '[role="alert"]')!;
    expect(textOf(alert)).to.contain('No rates could be fetched.');
    expect(textOf(alert)).to.contain('Carrier service temporarily unavailable');
    expect(input(el, '#parcel-weight').value).to.equal('1234');

    alert.querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
    await waitFor(() => rateRows(el).length > 0, 'Retry did not fetch rates');
    const logged = await ratesRequests(sandbox);
    expect(logged.map((entry) => entry.status)).to.deep.equal([422, 200]);
    expect((logged[1]!.body as RatesRequest).parcels[0]!.weight).to.equal(1234);
  });

  it('drops a carrier’s refusal once the parcel it was about is corrected', async () => {
    const el = await render(O.allocated);
    await expect(el).to.be.accessible();
    typeInto(input(el, '#parcel-weight'), '100000000');
    const failed = oneEvent(el, 'request-error');
    $(el, '[part="get-rates-button"]')!.click();
    await failed;
    await el.updateComplete;
    expect(textOf($(el, '[role="alert"]'))).to.contain('100,000 kg is over the 70 kg limit');

    typeInto(input(el, '#parcel-weight'), '850');
    await el.updateComplete;
    await expect(el).to.be.accessible();
    // No error about the old weight, and no Retry that would send it again.
    expect(has(el, '[role="alert"]')).to.equal(false);
    expect(has(el, '[part="retry-button"]')).to.equal(false);
    await getRates(el);
    const logged = await ratesRequests(sandbox);
    expect(logged.map((entry) => (entry.body as RatesRequest).parcels[0]!.weight)).to.deep.equal([
      100000000, 850,
    ]);
  });

  it('writes delivery dates as the lang of its tree says, whatever the currency quoted in', async () => {
    const el = await render(O.allocated);
    await expect(el).to.be.accessible();
    el.setAttribute('lang', 'en-GB');
    await getRates(el);
    // A GBP order under en-GB: "Delivery by 3 Dec 2026".
    expect(textOf(rateRows(el)[0])).to.match(/Delivery by \d{1,2} [A-Z][a-z]{2} \d{4}/);

    el.setAttribute('lang', 'en-US');
    await waitFor(
      () => /Delivery by [A-Z][a-z]{2} \d{1,2}, \d{4}/.test(textOf(rateRows(el)[0])),
      'not in US dates',
    );
  });

  it('quotes a whole request given as a property, listing unavailable services with reasons', async () => {
    const order = await client.getOrder(O.allocated);
    const request: RatesRequest = {
      to_address: {
        name: 'Jordan Miles',
        line1: '55 Water St',
        town: 'New York',
        postcode: '10041',
        country_code: 'US',
      },
      from_address: {
        name: 'London Fulfilment Centre',
        town: 'Dagenham',
        postcode: 'RM9 6RH',
        country_code: 'GB',
      },
      parcels: [{ weight: 4, weight_unit: 'kg' }],
      currency_code: 'GBP',
      customer_reference: order.number!,
    };
    const el = await fixture<RatePicker>(
      html`<rate-picker .client=${client} .request=${request}></rate-picker>`,
    );
    await ready(el);
    await expect(el).to.be.accessible();
    expect(input(el, '#parcel-weight').value).to.equal('4');
    expect(shadow(el).querySelector<HTMLSelectElement>('#parcel-weightUnit')!.value).to.equal('kg');
    await getRates(el);
    const unavailable = $(el, '[part="unavailable"]')!;
    expect(textOf(unavailable.querySelector('summary'))).to.match(/Not available for this parcel \(\d+\)/);
    // Swift Courier is domestic only; Economy Post takes parcels up to 2 kg.
    expect(textOf(unavailable)).to.contain('no international service');
    expect(textOf(unavailable)).to.contain('too heavy');
    const [logged] = await ratesRequests(sandbox);
    expect((logged!.body as RatesRequest).to_address.country_code).to.equal('US');
    const chosen = oneEvent(el, 'rate-selected');
    rateRows(el)[0]!.querySelector('input')!.click();
    const detail = (await chosen).detail;
    expect(detail.orderId).to.equal(null);
    expect(detail.request.customer_reference).to.equal(order.number);
    await expect(el).to.be.accessible();
  });

  it('speaks German under lang="de"', async () => {
    const el = await fixture<RatePicker>(
      html`<div lang="de"><rate-picker .client=${client} order-id=${O.allocated}></rate-picker></div>`,
    ).then((wrapper) => wrapper.querySelector('rate-picker')!);
    await ready(el);
    await expect(el).to.be.accessible();
    expect(textOf($(el, '[part="get-rates-button"]'))).to.equal('Tarife abrufen');
    expect(textOf(shadow(el).querySelector('label[for="parcel-weight"]'))).to.equal('Gewicht');
    await getRates(el);
    expect(textOf(rateGroup(el).querySelector('legend'))).to.equal('Versandtarife');
    expect(textOf(rateRows(el)[0])).to.match(/\d+,\d\d\s?£/);
  });
});
