import { expect, fixture, html } from '@open-wc/testing';
import { createClient } from '../../src/api/index.js';
import type { OpsClient } from '../../src/api/index.js';
import '../../src/allocation-form.js';
import type { AllocationForm } from '../../src/allocation-form.js';
import '../../src/label-downloader.js';
import type { LabelDownloader } from '../../src/label-downloader.js';
import '../../src/listing-linker.js';
import type { ListingLinker } from '../../src/listing-linker.js';
import '../../src/order-card.js';
import type { OrderCard } from '../../src/order-card.js';
import '../../src/rate-picker.js';
import type { RatePicker } from '../../src/rate-picker.js';
import { SEED_IDS } from '../../src/sandbox/seed-ids.js';
import type { TestSandbox } from '../helpers/sandbox.js';
import { expectClean, freshSandbox, part, runRounds, shadowOf, waitForPart } from './injection-helpers.js';
import { PAYLOAD_TEXTS } from './payloads.js';
import { deepText, injectionProblems, watchForScript } from './xss-check.js';
import { typeInto, waitFor } from '../helpers/elements.js';

/**
 * Error messages from the API are shown as the API words them; here every one of them is
 * hostile. Each failure carries the whole corpus at once, in the error body shapes the API uses
 * (`error_messages`, `errors` as strings, JSON:API errors with pointers, Rails field errors,
 * booking failures), for every element's load and main write.
 */

const O = SEED_IDS.orders;
const PERSISTENT = 5;

function plainClient(sandbox: TestSandbox): OpsClient {
  return createClient({
    baseUrl: sandbox.baseUrl,
    credentials: { apiKey: sandbox.apiKey },
    appToken: sandbox.appToken,
    retry: { retries: 0 },
  });
}

/** Every payload shows, as the text it is (the client trims what the API sent). */
function expectEveryPayloadAsText(el: Element, where: string): void {
  const text = deepText(el);
  const missing = PAYLOAD_TEXTS.filter((payload) => !text.includes(payload.trim()));
  expect(missing, `${where}: messages not shown as text`).to.deep.equal([]);
  expectClean(el, where);
}

async function alertShown(el: Element): Promise<void> {
  await waitFor(() => shadowOf(el).querySelector('[role="alert"]'), 'no alert', { interval: 5 });
}

describe('hostile error messages from the API', function () {
  this.timeout(60_000);

  let sandbox: TestSandbox;
  let client: OpsClient;
  let watch: ReturnType<typeof watchForScript>;

  beforeEach(() => {
    sandbox = freshSandbox();
    client = plainClient(sandbox);
    watch = watchForScript();
  });

  afterEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const problems = watch.problems();
    watch.stop();
    expect(problems).to.deep.equal([]);
  });

  it('order-card: a failed load and a refused note', async () => {
    await sandbox.fault({
      method: 'GET',
      path: `/orders/${O.withNotes}`,
      status: 404,
      body: { error_messages: PAYLOAD_TEXTS },
    });
    const el = await fixture<OrderCard>(
      html`<order-card .client=${client} order-id=${O.withNotes}></order-card>`,
    );
    await alertShown(el);
    await expect(el).to.be.accessible();
    expectEveryPayloadAsText(el, 'load');

    part(el, 'retry-button')!.click();
    await waitFor(() => shadowOf(el).querySelector('h2'), 'the order did not load', { interval: 5 });
    await sandbox.fault({
      method: 'POST',
      path: `/orders/${O.withNotes}/notes`,
      status: 422,
      body: { errors: PAYLOAD_TEXTS },
    });
    typeInto(shadowOf(el).querySelector('textarea')!, 'Fragile');
    part(el, 'add-note-button')!.click();
    await alertShown(el);
    expectEveryPayloadAsText(el, 'note');
  });

  it('allocation-form: a refused allocation and a refused removal', async () => {
    const el = await fixture<AllocationForm>(
      html`<allocation-form .client=${client} order-id=${O.partlyAllocated}></allocation-form>`,
    );
    await waitForPart(el, 'allocate-button', 'the form');
    await expect(el).to.be.accessible();
    await sandbox.fault({
      method: 'POST',
      path: `/orders/${O.partlyAllocated}/allocations`,
      status: 422,
      body: { error_messages: PAYLOAD_TEXTS },
    });
    part(el, 'allocate-button')!.click();
    await alertShown(el);
    expectEveryPayloadAsText(el, 'allocate');

    await sandbox.fault({
      method: 'DELETE',
      path: `/orders/${O.partlyAllocated}/allocations`,
      status: 409,
      body: { errors: { allocation: PAYLOAD_TEXTS } },
    });
    part(el, 'remove-button')!.click();
    (await waitForPart(el, 'confirm-remove-button')).click();
    await waitFor(() => part(el, 'confirm-remove')?.querySelector('[role="alert"]'), 'no alert', {
      interval: 5,
    });
    expectEveryPayloadAsText(el, 'remove');
  });

  it('rate-picker and label-downloader: refused carrier accounts, rates and bookings', async () => {
    await sandbox.fault({
      method: 'GET',
      path: '/api/v2/shipping_configs',
      status: 500,
      body: { errors: PAYLOAD_TEXTS.map((detail) => ({ status: '500', title: 'Error', detail })) },
      times: PERSISTENT,
    });
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <rate-picker id="picker" .client=${client} order-id=${O.allocated}></rate-picker>
        <label-downloader for="picker" .client=${client}></label-downloader>
      </div>`,
    );
    const picker = wrapper.querySelector<RatePicker>('rate-picker')!;
    const downloader = wrapper.querySelector<LabelDownloader>('label-downloader')!;
    await alertShown(picker);
    await expect(picker).to.be.accessible();
    expectEveryPayloadAsText(picker, 'carrier accounts');
    await sandbox.clearFaults();

    await sandbox.fault({
      method: 'POST',
      path: '/shipping/api/v1/rates',
      status: 400,
      body: { errors: PAYLOAD_TEXTS.map((detail) => ({ title: 'Bad request', detail })) },
    });
    part(picker, 'retry-button')!.click();
    (await waitForPart(picker, 'get-rates-button')).click();
    await waitFor(() => part(picker, 'error'), 'no rates alert', { interval: 5 });
    expectEveryPayloadAsText(picker, 'rates');

    part(picker, 'get-rates-button')!.click();
    await waitFor(() => part(picker, 'rate'), 'no quotes', { interval: 5 });
    part(picker, 'rate')!.querySelector('input')!.click();
    const remoteShipmentId = picker.selection!.remoteShipmentId!;
    await sandbox.fault({
      method: 'POST',
      path: '/shipping/api/v1/shipments',
      status: 200,
      body: { successful: {}, failed: { [remoteShipmentId]: { errors: PAYLOAD_TEXTS } } },
    });
    (await waitForPart(downloader, 'buy-button')).click();
    await waitForPart(downloader, 'failure', 'the booking failure');
    expectEveryPayloadAsText(downloader, 'booking');
    expectClean(wrapper, 'booking, both elements');
  });

  it('label-downloader booking by service code: a refused shipment', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <rate-picker id="picker" .client=${client} order-id=${O.allocated}></rate-picker>
        <label-downloader for="picker" service-code="PW_EXPRESS" .client=${client}></label-downloader>
      </div>`,
    );
    const picker = wrapper.querySelector<RatePicker>('rate-picker')!;
    const downloader = wrapper.querySelector<LabelDownloader>('label-downloader')!;
    (await waitForPart(picker, 'get-rates-button')).click();
    await waitFor(() => part(picker, 'rate'), 'no quotes', { interval: 5 });
    await expect(picker).to.be.accessible();
    part(picker, 'rate')!.querySelector('input')!.click();
    await sandbox.fault({
      method: 'POST',
      path: '/shipments',
      status: 422,
      body: { error_messages: PAYLOAD_TEXTS },
    });
    (await waitForPart(downloader, 'buy-button')).click();
    await alertShown(downloader);
    expectEveryPayloadAsText(downloader, 'shipment');
  });

  it('listing-linker: refused stores, listings and a listing refused at its fields', async () => {
    await sandbox.fault({
      method: 'GET',
      path: '/channels',
      status: 403,
      body: { message: PAYLOAD_TEXTS.join(' ') },
    });
    const el = await fixture<ListingLinker>(html`<listing-linker .client=${client}></listing-linker>`);
    await alertShown(el);
    await expect(el).to.be.accessible();
    expectEveryPayloadAsText(el, 'stores');

    await sandbox.fault({
      method: 'GET',
      path: '/api/v2/channel_sellables',
      status: 500,
      body: { error_messages: PAYLOAD_TEXTS },
    });
    part(el, 'retry-button')!.click();
    await waitFor(() => part(el, 'listings') && shadowOf(el).querySelector('[role="alert"]'), 'no alert', {
      interval: 5,
    });
    expectEveryPayloadAsText(el, 'listings');

    const attributes = [
      'remote_sku',
      'remote_title',
      'remote_price',
      'remote_id',
      'remote_barcode',
      'remote_grams',
      'cost_price',
    ];
    await sandbox.fault({
      method: 'POST',
      path: '/api/v2/channel_sellables',
      status: 422,
      body: {
        errors: PAYLOAD_TEXTS.map((detail, index) => ({
          status: '422',
          title: 'Invalid Attribute',
          detail,
          source: { pointer: `/data/attributes/${attributes[index % attributes.length]!}` },
        })),
      },
    });
    typeInto(shadowOf(el).querySelector<HTMLInputElement>('#field-sku')!, 'MUG-ENM-WHT');
    part(el, 'link-button')!.click();
    await waitFor(() => shadowOf(el).querySelector('.field-error'), 'no field errors', { interval: 5 });
    expectEveryPayloadAsText(el, 'link');
    expect(injectionProblems(el)).to.deep.equal([]);
  });

  it('every element: a 401 whose body is hostile', async () => {
    const rounds: Array<[string, () => Promise<Element>]> = [
      [
        'order-card',
        () => fixture(html`<order-card .client=${client} order-id=${O.withNotes}></order-card>`),
      ],
      [
        'allocation-form',
        () => fixture(html`<allocation-form .client=${client} order-id=${O.withNotes}></allocation-form>`),
      ],
      [
        'rate-picker',
        () => fixture(html`<rate-picker .client=${client} order-id=${O.allocated}></rate-picker>`),
      ],
      ['listing-linker', () => fixture(html`<listing-linker .client=${client}></listing-linker>`)],
    ];
    await sandbox.fault({ status: 401, body: { errors: PAYLOAD_TEXTS }, times: 100 });
    let checkedAccessibility = false;
    await runRounds([0, rounds.length], async (index) => {
      const [name, render] = rounds[index]!;
      const el = await render();
      await alertShown(el);
      if (!checkedAccessibility) {
        await expect(el).to.be.accessible();
        checkedAccessibility = true;
      }
      expectEveryPayloadAsText(el, name);
    });
  });
});
