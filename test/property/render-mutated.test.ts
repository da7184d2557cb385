import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { createClient } from '../../src/api/index.js';
import type { OpsError } from '../../src/api/index.js';
import '../../src/all.js';
import type { AllocationForm } from '../../src/allocation-form.js';
import type { LabelDownloader } from '../../src/label-downloader.js';
import type { ListingLinker } from '../../src/listing-linker.js';
import type { OrderCard } from '../../src/order-card.js';
import type { RatePicker } from '../../src/rate-picker.js';
import { SEED_IDS } from '../../src/sandbox/seed-ids.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import { mutated } from './arbitraries.js';
import { json, mount, scriptedClient, seeded } from './form-harness.js';
import { waitFor } from '../helpers/elements.js';

/**
 * "A response that cannot be used is an `OpsError` with code `invalid_response`, never a crash
 * deep in a template": the live-service samples and the sandbox's own answers, mutated (members
 * dropped, nulled, retyped, replaced), go through each element's whole task. Every run must end
 * with the element showing content or an alert, no uncaught error or unhandled rejection, no
 * console error, and no `request-error` other than `invalid_response`.
 */

/** Runs per element: each run is a whole task of an element, so fewer than the parser properties. */
const FLOW_RUNS = 50;
const O = SEED_IDS.orders;

/** Uncaught errors, unhandled rejections, console errors and request-error codes during a run. */
function watchRun() {
  const problems: string[] = [];
  const codes: string[] = [];
  const onError = (event: ErrorEvent) => problems.push(`uncaught: ${event.message}`);
  const onRejection = (event: PromiseRejectionEvent) =>
    problems.push(`unhandled rejection: ${String(event.reason)}`);
  const onRequestError = (event: Event) =>
    codes.push((event as CustomEvent<{ error: OpsError }>).detail.error.code);
  const originalError = console.error;
  console.error = (...args: unknown[]) => {
    problems.push(`console.error: ${args.map(String).join(' ')}`);
    originalError.apply(console, args);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  document.addEventListener('request-error', onRequestError, true);
  return {
    problems,
    codes,
    stop(): void {
      console.error = originalError;
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      document.removeEventListener('request-error', onRequestError, true);
    },
  };
}

/** Lets the scripted answers arrive and the elements render them. */
async function settle(...elements: Array<{ updateComplete: Promise<boolean> }>): Promise<void> {
  for (let turn = 0; turn < 2; turn += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await Promise.all(elements.map((el) => el.updateComplete));
  }
}

function showsSomething(el: Element): boolean {
  const root = el.shadowRoot;
  return Boolean(root?.querySelector('h2, [role="alert"], .notice'));
}

async function sample(name: string): Promise<unknown> {
  return (await fetch(`/test/fixtures/samples/${name}`)).json() as Promise<unknown>;
}

/** Runs `body` with a watch and checks the run's outcome. */
async function checkedRun(body: () => Promise<Element[]>): Promise<void> {
  const watch = watchRun();
  try {
    const shown = await body();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(watch.problems).to.deep.equal([]);
    expect(watch.codes.filter((code) => code !== 'invalid_response')).to.deep.equal([]);
    for (const el of shown) expect(showsSomething(el), `${el.localName} shows nothing`).to.equal(true);
  } finally {
    watch.stop();
  }
}

describe('elements under mutated answers', function () {
  this.timeout(60_000);

  const sandbox = createTestSandbox();

  for (const tag of ['order-card', 'allocation-form'] as const) {
    it(`${tag}: order.json and a seeded order, mutated, through load and the main write (${FLOW_RUNS} runs)`, async () => {
      const originals = [
        await sample('order.json'),
        await seeded(sandbox.baseUrl, sandbox.apiKey, `/orders/${O.partlyAllocated}`),
      ];
      const render = async (order: unknown) => {
        const { client } = scriptedClient((method, path, body) => {
          if (method === 'GET' && path.startsWith('/orders/')) return json(order);
          if (method === 'POST' && path.endsWith('/notes'))
            return json({ id: 1, text: (body as { note: { text: string } }).note.text }, 201);
          if (method === 'POST' || method === 'DELETE') return json(order);
          return undefined;
        });
        const el = document.createElement(tag) as OrderCard | AllocationForm;
        el.client = client;
        el.orderId = 1;
        const mounted = mount(el);
        await waitFor(() => showsSomething(el), `${tag} shows nothing`, { interval: 2 });
        return { el, unmount: mounted.unmount };
      };
      const first = await render(originals[0]);
      await expect(first.el).to.be.accessible();
      first.unmount();

      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(0, 1).chain((index) => mutated(originals[index])),
          async (order) => {
            await checkedRun(async () => {
              const { el, unmount } = await render(order);
              try {
                const root = el.shadowRoot!;
                const textarea = root.querySelector('textarea');
                if (textarea) {
                  textarea.value = 'Checked';
                  textarea.dispatchEvent(new Event('input'));
                }
                root
                  .querySelector<HTMLButtonElement>('[part="add-note-button"], [part="allocate-button"]')
                  ?.click();
                await settle(el);
                root.querySelector<HTMLButtonElement>('[part="remove-button"]')?.click();
                await settle(el);
                root.querySelector<HTMLButtonElement>('[part="confirm-remove-button"]')?.click();
                await settle(el);
                root.querySelector<HTMLButtonElement>('[part="pager"] button:not([disabled])')?.click();
                await settle(el);
                return [el];
              } finally {
                unmount();
              }
            });
          },
        ),
        { numRuns: FLOW_RUNS },
      );
    });
  }

  it(`rate-picker and label-downloader: the order, its rates and its booking mutated, from quote to download (${FLOW_RUNS} runs)`, async () => {
    // The sandbox's own answers for the allocated order, as sent, and the live-service rate samples.
    const raw: Record<string, unknown> = {};
    const capture = createClient({
      baseUrl: sandbox.baseUrl,
      credentials: { apiKey: sandbox.apiKey },
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        raw[new URL(String(input)).pathname.split('/').slice(3).join('/')] = await response.clone().json();
        return response;
      },
    });
    const order = await seeded(sandbox.baseUrl, sandbox.apiKey, `/orders/${O.allocated}`);
    const wrapper = document.createElement('div');
    const picker = Object.assign(document.createElement('rate-picker'), {
      client: capture,
      orderId: O.allocated,
    });
    picker.id = 'capture-picker';
    wrapper.append(picker);
    const captured = mount(wrapper);
    await waitFor(() => picker.shadowRoot?.querySelector('[part="get-rates-button"]'), 'the picker');
    picker.shadowRoot!.querySelector<HTMLButtonElement>('[part="get-rates-button"]')!.click();
    await waitFor(() => picker.shadowRoot?.querySelector('[part="rate"] input'), 'quotes');
    picker.shadowRoot!.querySelector<HTMLInputElement>('[part="rate"] input')!.click();
    const selection = picker.selection!;
    const booked = await capture.bookShipments({
      labelFormat: 'PDF',
      requestToken: selection.requestToken ?? undefined,
      shipments: [{ remote_shipment_id: selection.remoteShipmentId!, rate_id: selection.quote.rateId! }],
    });
    expect(Object.keys(booked.successful)).to.have.length(1);
    captured.unmount();
    const ratesSamples = [
      raw['shipping/api/v1/rates'],
      await sample('rates-response-live-a.json'),
      await sample('rates-response-live-b.json'),
    ];
    const configs = raw['api/v2/shipping_configs'];
    const booking = raw['shipping/api/v1/shipments'];

    const saved: string[] = [];
    const originalClick = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      if (this.download) saved.push(this.download);
      else originalClick.call(this);
    };

    const render = async (answers: {
      order: unknown;
      rates: unknown;
      booking: unknown;
      configs: unknown;
    }) => {
      const { client } = scriptedClient((method, path) => {
        if (method === 'GET' && path.startsWith('/orders/')) return json(answers.order);
        if (method === 'GET' && path === '/api/v2/shipping_configs') return json(answers.configs);
        if (method === 'POST' && path === '/shipping/api/v1/rates') return json(answers.rates);
        if (method === 'POST' && path === '/shipping/api/v1/shipments') return json(answers.booking);
        return undefined;
      });
      const page = document.createElement('div');
      const ratePicker = Object.assign(document.createElement('rate-picker'), {
        client,
        orderId: O.allocated,
      }) as RatePicker;
      ratePicker.id = 'mutated-picker';
      const downloader = Object.assign(document.createElement('label-downloader'), {
        client,
      }) as LabelDownloader;
      downloader.setAttribute('for', 'mutated-picker');
      page.append(ratePicker, downloader);
      const mounted = mount(page);
      await waitFor(() => showsSomething(ratePicker), 'the picker shows nothing', { interval: 2 });
      return { picker: ratePicker, downloader, unmount: mounted.unmount };
    };

    try {
      const first = await render({ order, rates: ratesSamples[0], booking, configs });
      await expect(first.picker).to.be.accessible();
      first.unmount();

      await fc.assert(
        fc.asyncProperty(
          fc.record({
            order: fc.oneof(fc.constant(order), mutated(order)),
            rates: fc
              .constantFrom(...ratesSamples)
              .chain((rates) => fc.oneof(fc.constant(rates), mutated(rates))),
            booking: fc.oneof(fc.constant(booking), mutated(booking)),
            configs: fc.oneof(fc.constant(configs), mutated(configs)),
          }),
          async (answers) => {
            await checkedRun(async () => {
              const { picker: ratePicker, downloader, unmount } = await render(answers);
              try {
                const root = ratePicker.shadowRoot!;
                root.querySelector<HTMLButtonElement>('[part="get-rates-button"]')?.click();
                await settle(ratePicker, downloader);
                for (const radio of root.querySelectorAll<HTMLInputElement>('[part="rate"] input')) {
                  radio.click();
                  await settle(ratePicker, downloader);
                  for (const option of root.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
                    '[part="options"] input, [part="options"] select',
                  )) {
                    option.value =
                      option instanceof HTMLSelectElement ? (option.options[1]?.value ?? '') : '150';
                    option.dispatchEvent(new Event(option instanceof HTMLSelectElement ? 'change' : 'input'));
                  }
                  await settle(ratePicker, downloader);
                }
                downloader
                  .shadowRoot!.querySelector<HTMLButtonElement>('[part="buy-button"]:not([disabled])')
                  ?.click();
                await settle(ratePicker, downloader);
                downloader.shadowRoot!.querySelector<HTMLButtonElement>('[part="download-button"]')?.click();
                await settle(ratePicker, downloader);
                return [ratePicker];
              } finally {
                unmount();
              }
            });
          },
        ),
        { numRuns: FLOW_RUNS },
      );
      expect(
        saved.every((name) => /^label-[A-Za-z0-9_-]+\.(pdf|zpl)$/.test(name)),
        saved.join(),
      ).to.equal(true);
    } finally {
      HTMLAnchorElement.prototype.click = originalClick;
    }
  });

  it(`listing-linker: a listings page and a created listing mutated (${FLOW_RUNS} runs)`, async () => {
    const created = (await sample('channel-sellable-create-response.json')) as { data: unknown };
    const pageDocument = {
      data: [created.data, created.data],
      included: [
        { id: '111222333', type: 'sellable', attributes: { full_title: 'Water bottle', sku_code: 'WB-500' } },
      ],
      meta: { page: { current: '1', size: '25', total_pages: '1', total_count: '2' } },
    };
    const render = async (listings: unknown, createdAnswer: unknown) => {
      const { client } = scriptedClient((method, path) => {
        if (method === 'GET' && path === '/api/v2/channel_sellables') return json(listings);
        if (method === 'POST') return json(createdAnswer, 201);
        return undefined;
      });
      const el = document.createElement('listing-linker') as ListingLinker;
      el.client = client;
      el.channelId = SEED_IDS.channels.makersMarket;
      const mounted = mount(el);
      await waitFor(() => el.shadowRoot?.querySelector('h2'), 'the linker', { interval: 2 });
      await settle(el);
      return { el, unmount: mounted.unmount };
    };
    const first = await render(pageDocument, created);
    await expect(first.el).to.be.accessible();
    first.unmount();

    await fc.assert(
      fc.asyncProperty(
        mutated(pageDocument),
        fc.oneof(fc.constant(created), mutated(created)),
        async (listings, answer) => {
          await checkedRun(async () => {
            const { el, unmount } = await render(listings, answer);
            try {
              const root = el.shadowRoot!;
              const sku = root.querySelector<HTMLInputElement>('#field-sku')!;
              sku.value = 'SKU-1';
              sku.dispatchEvent(new Event('input'));
              root.querySelector<HTMLButtonElement>('[part="link-button"]')!.click();
              await settle(el);
              root.querySelector<HTMLButtonElement>('[part="pager"] button:not([disabled])')?.click();
              await settle(el);
              return [el];
            } finally {
              unmount();
            }
          });
        },
      ),
      { numRuns: FLOW_RUNS },
    );
  });
});
