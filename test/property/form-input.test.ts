import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import '../../src/allocation-form.js';
import type { AllocationForm } from '../../src/allocation-form.js';
import '../../src/listing-linker.js';
import type { ListingLinker } from '../../src/listing-linker.js';
import '../../src/order-card.js';
import type { OrderCard } from '../../src/order-card.js';
import '../../src/rate-picker.js';
import type { RatePicker } from '../../src/rate-picker.js';
import { SEED_IDS } from '../../src/sandbox/seed-ids.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import { RUNS, fieldText, measureText, numericText, quantityText, typedText } from './arbitraries.js';
import { json, mount, outcome, scriptedClient, seeded, validationMessages } from './form-harness.js';
import { typeInto, waitFor } from '../helpers/elements.js';

/**
 * Arbitrary text in every form field the elements send: allocation quantities (and the warehouse),
 * parcel weight, dimensions and units, listing SKU, title, price, weight and link mode fields, and
 * note text. Whatever was typed, the element either shows a validation message and sends nothing,
 * or sends a request that is valid (quantities are whole numbers from 1 to what is unallocated and
 * available, weights at least 0.01 in a unit the API knows, prices non-negative finite numbers, a
 * SKU that is not blank) and says what was typed. Clearly valid input is always sent.
 */

const LIVENESS_RUNS = 50;
const WEIGHT_UNITS = ['g', 'kg', 'oz', 'lb'];
const DIMENSION_UNITS = ['cm', 'in', 'm', 'ft'];

type Json = Record<string, unknown>;

const records = (value: unknown): Json[] =>
  Array.isArray(value)
    ? value.filter((entry): entry is Json => typeof entry === 'object' && entry !== null)
    : [];

/** What is still to allocate of each sellable, and what each warehouse has of it, from the raw order. */
function allocationFacts(order: Json) {
  const ordered = new Map<string, number>();
  const available = new Map<string, Map<string, number>>();
  for (const item of records(order['line_items'])) {
    const sellable = item['sellable'] as Json;
    const key = String(sellable['id']);
    ordered.set(key, (ordered.get(key) ?? 0) + Number(item['quantity']));
    const stock = new Map<string, number>();
    for (const entry of records(sellable['stock_entries'])) {
      const warehouse = String((entry['warehouse'] as Json | undefined)?.['id'] ?? entry['warehouse_id']);
      const level = entry['infinite']
        ? Infinity
        : Number(
            entry['available_stock_level'] ??
              Number(entry['physical_stock_level']) - Number(entry['allocated_stock_level']),
          );
      stock.set(warehouse, Math.max(0, level));
    }
    available.set(key, stock);
  }
  const allocated = new Map<string, number>();
  for (const allocation of records(order['allocations'])) {
    for (const line of records(allocation['line_items'])) {
      const key = String((line['sellable'] as Json | undefined)?.['id'] ?? line['sellable_id']);
      allocated.set(key, (allocated.get(key) ?? 0) + Number(line['quantity']));
    }
  }
  const unallocated = new Map(
    [...ordered].map(([key, count]) => [key, Math.max(0, count - (allocated.get(key) ?? 0))]),
  );
  return { unallocated, available };
}

describe('form fields under arbitrary text', function () {
  this.timeout(60_000);

  const sandbox = createTestSandbox();

  describe('allocation-form quantities', () => {
    const orders = [SEED_IDS.orders.unallocated, SEED_IDS.orders.partlyAllocated];

    for (const orderId of orders) {
      it(`order ${orderId}: an allocation is sent exactly when every quantity is valid, and only valid ones (${RUNS} runs)`, async () => {
        const order = (await seeded(sandbox.baseUrl, sandbox.apiKey, `/orders/${orderId}`)) as Json;
        const facts = allocationFacts(order);
        const route = (method: string, path: string) =>
          method === 'GET' && path === `/orders/${orderId}`
            ? json(order)
            : method === 'POST'
              ? json({ error_messages: ['Refused in this test'] }, 422)
              : undefined;

        const render = async () => {
          const { client, sent } = scriptedClient(route);
          const el = document.createElement('allocation-form') as AllocationForm;
          el.client = client;
          el.orderId = orderId;
          const mounted = mount(el);
          await waitFor(() => el.shadowRoot?.querySelector('[part="allocate-button"]'), 'the form', {
            interval: 2,
          });
          return { el, sent, unmount: mounted.unmount };
        };

        const first = await render();
        await expect(first.el).to.be.accessible();
        first.unmount();

        await fc.assert(
          fc.asyncProperty(
            fc.nat(),
            fc.array(quantityText, { minLength: 4, maxLength: 4 }),
            async (warehouseIndex, texts) => {
              const { el, sent, unmount } = await render();
              try {
                const root = el.shadowRoot!;
                const select = root.querySelector<HTMLSelectElement>('[part="warehouse-select"]')!;
                typeInto(select, select.options[warehouseIndex % select.options.length]!.value);
                await el.updateComplete;
                const warehouse = select.value;
                const typed = new Map<string, string>();
                const inputs = [...root.querySelectorAll<HTMLInputElement>('[part="quantity-input"]')].filter(
                  (input) => !input.disabled,
                );
                inputs.forEach((input, index) =>
                  typed.set(input.dataset['row']!, typeInto(input, texts[index % texts.length]!)),
                );
                await el.updateComplete;

                // The contract, from the raw order: whole numbers, within what is unallocated and available.
                let valid = true;
                let total = 0;
                for (const [key, text] of typed) {
                  const trimmed = text.trim();
                  const quantity = trimmed === '' ? 0 : /^\+?\d+$/.test(trimmed) ? Number(trimmed) : NaN;
                  const limit = Math.min(
                    facts.unallocated.get(key) ?? 0,
                    facts.available.get(key)?.get(warehouse) ?? 0,
                  );
                  if (!Number.isInteger(quantity) || quantity > limit) valid = false;
                  else total += quantity;
                }
                valid &&= total > 0;

                root.querySelector<HTMLButtonElement>('[part="allocate-button"]')!.click();
                const result = await outcome(root, sent);
                expect(result, `typed ${JSON.stringify([...typed])} at ${warehouse}`).to.equal(
                  valid ? 'sent' : 'refused',
                );
                if (result === 'refused') {
                  await el.updateComplete;
                  expect(sent).to.deep.equal([]);
                  return;
                }
                expect(sent).to.have.length(1);
                const body = sent[0]!.body as {
                  allocation: {
                    warehouse_id: unknown;
                    line_items_attributes: Array<{ sellable_id: unknown; quantity: unknown }>;
                  };
                };
                expect(String(body.allocation.warehouse_id)).to.equal(warehouse);
                const lines = body.allocation.line_items_attributes;
                expect(lines.length).to.be.greaterThan(0);
                for (const line of lines) {
                  const key = String(line.sellable_id);
                  const quantity = line.quantity as number;
                  expect(Number.isInteger(quantity) && quantity > 0, `quantity ${String(quantity)}`).to.equal(
                    true,
                  );
                  expect(quantity).to.be.at.most(facts.unallocated.get(key) ?? 0);
                  expect(quantity).to.be.at.most(facts.available.get(key)?.get(warehouse) ?? 0);
                  expect(quantity).to.equal(Number(typed.get(key)!.trim()));
                }
                const wanted = [...typed].filter(
                  ([, text]) => /^\+?\d+$/.test(text.trim()) && Number(text.trim()) > 0,
                );
                expect(lines.map((line) => String(line.sellable_id)).sort()).to.deep.equal(
                  wanted.map(([key]) => key).sort(),
                );
              } finally {
                unmount();
              }
            },
          ),
          { numRuns: RUNS },
        );
      });
    }
  });

  describe('rate-picker parcel', () => {
    const request = (unit: string) => ({
      to_address: {
        name: 'Amelia Hart',
        line1: '27 Coldharbour Lane',
        town: 'London',
        postcode: 'SE5 9NR',
        country_code: 'GB',
      },
      from_address: {
        name: 'Warehouse',
        line1: '1 Dock Road',
        town: 'London',
        postcode: 'E16 1AA',
        country_code: 'GB',
      },
      parcels: [{ weight: 500, weight_unit: unit, hazmat: false }],
    });

    async function render(unit: string) {
      const rates = await (await fetch('/test/fixtures/samples/rates-response-live-a.json')).json();
      const { client, sent } = scriptedClient((method, path) =>
        method === 'GET' && path === '/api/v2/shipping_configs'
          ? json({ data: [] })
          : method === 'POST' && path === '/shipping/api/v1/rates'
            ? json(rates)
            : undefined,
      );
      const el = document.createElement('rate-picker') as RatePicker;
      el.client = client;
      el.request = request(unit) as unknown as RatePicker['request'];
      const mounted = mount(el);
      await waitFor(() => el.shadowRoot?.querySelector('[part="get-rates-button"]'), 'the parcel form', {
        interval: 2,
      });
      await el.updateComplete;
      return { el, sent, unmount: mounted.unmount };
    }

    const unitChoice = (units: string[]) =>
      fc.oneof(
        { arbitrary: fc.constantFrom(...units), weight: 6 },
        { arbitrary: fc.constantFrom(...WEIGHT_UNITS, ...DIMENSION_UNITS), weight: 1 },
        { arbitrary: typedText, weight: 1 },
      );

    it(`weight, dimensions and units: a valid parcel or a message, never a bad parcel (${RUNS} runs)`, async () => {
      const first = await render('g');
      await expect(first.el).to.be.accessible();
      first.unmount();

      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('g', 'kg', 'stone'),
          fc.record({ weight: measureText, length: measureText, width: measureText, height: measureText }),
          fc.record({ weightUnit: unitChoice(WEIGHT_UNITS), dimensionUnit: unitChoice(DIMENSION_UNITS) }),
          fc.boolean(),
          async (givenUnit, texts, units, withDimensions) => {
            const { el, sent, unmount } = await render(givenUnit);
            try {
              const root = el.shadowRoot!;
              const field = (id: string) =>
                root.querySelector<HTMLInputElement & HTMLSelectElement>(`#parcel-${id}`)!;
              const held = {
                weight: typeInto(field('weight'), texts.weight),
                length: withDimensions ? typeInto(field('length'), texts.length) : '',
                width: withDimensions ? typeInto(field('width'), texts.width) : '',
                height: withDimensions ? typeInto(field('height'), texts.height) : '',
                weightUnit: typeInto(field('weightUnit'), units.weightUnit),
                dimensionUnit: typeInto(field('dimensionUnit'), units.dimensionUnit),
              };
              await el.updateComplete;
              root.querySelector<HTMLButtonElement>('[part="get-rates-button"]')!.click();
              const result = await outcome(root, sent);

              const weight = held.weight.trim() === '' ? NaN : Number(held.weight);
              const sizes = (['length', 'width', 'height'] as const).filter(
                (name) => held[name].trim() !== '',
              );
              const valid =
                Number.isFinite(weight) &&
                weight >= 0.01 &&
                WEIGHT_UNITS.includes(held.weightUnit) &&
                sizes.every((name) => Number.isFinite(Number(held[name])) && Number(held[name]) > 0) &&
                (sizes.length === 0 || DIMENSION_UNITS.includes(held.dimensionUnit));
              expect(result, JSON.stringify(held)).to.equal(valid ? 'sent' : 'refused');
              if (result === 'refused') {
                expect(validationMessages(root).length).to.be.greaterThan(0);
                return;
              }
              const parcels = (sent[0]!.body as { parcels: Array<Record<string, unknown>> }).parcels;
              expect(parcels).to.have.length(1);
              const parcel = parcels[0]!;
              expect(parcel['weight']).to.equal(weight);
              expect(WEIGHT_UNITS).to.include(parcel['weight_unit']);
              for (const name of ['length', 'width', 'height'] as const) {
                if (sizes.includes(name)) {
                  expect(parcel[name]).to.equal(Number(held[name]));
                  expect(Number.isFinite(parcel[name]) && (parcel[name] as number) > 0).to.equal(true);
                } else {
                  expect(parcel, name).not.to.have.property(name);
                }
              }
              if (sizes.length > 0) expect(DIMENSION_UNITS).to.include(parcel['dimension_unit']);
              else expect(parcel).not.to.have.property('dimension_unit');
              expect(parcel['hazmat'], 'members the form does not edit go along').to.equal(false);
            } finally {
              unmount();
            }
          },
        ),
        { numRuns: RUNS },
      );
    });
  });

  describe('listing-linker', () => {
    const CHANNEL = SEED_IDS.channels.makersMarket;
    type Mode = 'autolink' | 'existing' | 'new';

    async function render() {
      const { client, sent } = scriptedClient((method, path) =>
        method === 'GET' && path === '/api/v2/channel_sellables'
          ? json({ data: [], meta: { page: 1, per_page: 25, total_pages: 1, total_count: 0 } })
          : method === 'POST'
            ? json({ errors: [{ detail: 'Refused in this test', source: { pointer: '/data' } }] }, 422)
            : undefined,
      );
      const el = document.createElement('listing-linker') as ListingLinker;
      el.client = client;
      el.channelId = CHANNEL;
      const mounted = mount(el);
      await waitFor(() => el.shadowRoot?.querySelector('[part="link-button"]'), 'the form', { interval: 2 });
      return { el, sent, unmount: mounted.unmount };
    }

    interface Draft {
      sku: string;
      title: string;
      price: string;
      remoteId: string;
      barcode: string;
      weight: string;
      sellableId: string;
      channelProductId: string;
      productTitle: string;
      productDescription: string;
    }

    async function fill(el: ListingLinker, mode: Mode, draft: Draft): Promise<Draft> {
      const root = el.shadowRoot!;
      root.querySelector<HTMLInputElement>(`#mode-${mode}`)!.click();
      await el.updateComplete;
      const held = { ...draft };
      for (const name of Object.keys(draft) as Array<keyof Draft>) {
        const field = root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#field-${name}`);
        held[name] = field ? typeInto(field, draft[name]) : '';
      }
      await el.updateComplete;
      return held;
    }

    /** The listing the element sent, with what its envelope carries. */
    function sentListing(body: unknown) {
      const data = (
        body as { data: { type: string; attributes: Record<string, unknown>; relationships?: Json } }
      ).data;
      return data;
    }

    function checkSent(body: unknown, mode: Mode, held: Draft): void {
      const data = sentListing(body);
      const attributes = data.attributes;
      expect(data.type).to.equal('channel_sellable');
      expect(attributes['channel_id']).to.equal(CHANNEL);
      expect(
        typeof attributes['remote_sku'] === 'string' && (attributes['remote_sku'] as string).trim() !== '',
      ).to.equal(true);
      expect(attributes['remote_sku']).to.equal(held.sku.trim());
      for (const [member, text] of [
        ['remote_price', held.price],
        ['remote_grams', held.weight],
      ] as const) {
        if (text.trim() === '') {
          expect(attributes, member).not.to.have.property(member);
          continue;
        }
        const value = attributes[member];
        expect(
          typeof value === 'number' && Number.isFinite(value) && value >= 0,
          `${member} ${String(value)} from "${text}"`,
        ).to.equal(true);
        expect(value).to.equal(Number(text.trim().replace(',', '.')));
      }
      if (mode === 'autolink') expect(attributes['autolink']).to.equal(true);
      if (mode !== 'autolink') {
        const sellable = attributes['sellable_id'];
        expect(typeof sellable === 'number' || (typeof sellable === 'string' && sellable !== '')).to.equal(
          true,
        );
      }
      if (mode === 'existing') {
        const related = (data.relationships?.['channel_product'] as { data: { id: unknown } } | undefined)
          ?.data.id;
        expect(typeof related === 'string' && related.trim() !== '', 'the channel product').to.equal(true);
      }
      if (mode === 'new') {
        const product = attributes['channel_product_attributes'] as { remote_title?: unknown } | undefined;
        expect(typeof product?.remote_title === 'string' && product.remote_title.trim() !== '').to.equal(
          true,
        );
      }
    }

    const mode = fc.constantFrom<Mode>('autolink', 'existing', 'new');
    const mostly = (likely: fc.Arbitrary<string>) =>
      fc.oneof({ arbitrary: likely, weight: 3 }, { arbitrary: typedText, weight: 1 });
    const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,20}$/);
    const anyDraft = fc.record({
      sku: mostly(word),
      title: typedText,
      price: mostly(numericText),
      remoteId: typedText,
      barcode: typedText,
      weight: mostly(numericText),
      sellableId: mostly(fc.nat().map(String)),
      channelProductId: fieldText,
      productTitle: mostly(word),
      productDescription: typedText,
    });

    it(`any text: a valid listing or a message, never a bad listing (${RUNS} runs)`, async () => {
      const first = await render();
      await expect(first.el).to.be.accessible();
      first.unmount();
      await fc.assert(
        fc.asyncProperty(mode, anyDraft, async (chosen, draft) => {
          const { el, sent, unmount } = await render();
          try {
            const held = await fill(el, chosen, draft);
            el.shadowRoot!.querySelector<HTMLButtonElement>('[part="link-button"]')!.click();
            const result = await outcome(el.shadowRoot!, sent);
            if (result === 'sent') checkSent(sent[0]!.body, chosen, held);
            else expect(validationMessages(el.shadowRoot!).length).to.be.greaterThan(0);
          } finally {
            unmount();
          }
        }),
        { numRuns: RUNS },
      );
    });

    it(`clearly valid text is always sent, as typed (${LIVENESS_RUNS} runs)`, async () => {
      const first = await render();
      await expect(first.el).to.be.accessible();
      first.unmount();
      const amount = fc
        .tuple(fc.nat({ max: 99_999 }), fc.constantFrom('', '.5', ',25', '.00'))
        .map(([whole, fraction]) => `${whole}${fraction}`);
      const validDraft = fc.record({
        sku: word,
        title: fc.oneof(fc.constant(''), word),
        price: fc.oneof(fc.constant(''), amount),
        remoteId: fc.oneof(fc.constant(''), word),
        // A barcode is a GTIN: 8, 12, 13 or 14 digits.
        barcode: fc.oneof(
          fc.constant(''),
          fc
            .tuple(fc.constantFrom(8, 12, 13, 14), fc.nat())
            .map(([length, value]) => String(value).padStart(length, '0').slice(-length)),
        ),
        weight: fc.oneof(fc.constant(''), amount),
        sellableId: fc.nat({ max: 99_999_999 }).map(String),
        channelProductId: fc.nat({ max: 99_999_999 }).map(String),
        productTitle: word,
        productDescription: fc.oneof(fc.constant(''), word),
      });
      await fc.assert(
        fc.asyncProperty(mode, validDraft, async (chosen, draft) => {
          const { el, sent, unmount } = await render();
          try {
            const held = await fill(el, chosen, draft);
            el.shadowRoot!.querySelector<HTMLButtonElement>('[part="link-button"]')!.click();
            expect(await outcome(el.shadowRoot!, sent), JSON.stringify(held)).to.equal('sent');
            checkSent(sent[0]!.body, chosen, held);
          } finally {
            unmount();
          }
        }),
        { numRuns: LIVENESS_RUNS },
      );
    });
  });

  describe('order-card note', () => {
    const orderId = SEED_IDS.orders.withNotes;

    it(`any text: the note as typed, trimmed, or "write a note first" (${RUNS} runs)`, async () => {
      const order = await seeded(sandbox.baseUrl, sandbox.apiKey, `/orders/${orderId}`);
      const render = async () => {
        const { client, sent } = scriptedClient((method, path, body) =>
          method === 'GET' && path === `/orders/${orderId}`
            ? json(order)
            : method === 'POST'
              ? json(
                  {
                    id: 1,
                    text: (body as { note: { text: string } }).note.text,
                    created_at: '2025-01-01T00:00:00Z',
                  },
                  201,
                )
              : undefined,
        );
        const el = document.createElement('order-card') as OrderCard;
        el.client = client;
        el.orderId = orderId;
        const mounted = mount(el);
        await waitFor(() => el.shadowRoot?.querySelector('textarea'), 'the order', { interval: 2 });
        return { el, sent, unmount: mounted.unmount };
      };
      const first = await render();
      await expect(first.el).to.be.accessible();
      first.unmount();

      const noteText = fc.oneof(typedText, fc.string({ unit: 'binary', maxLength: 2000 }), numericText);
      await fc.assert(
        fc.asyncProperty(noteText, async (text) => {
          const { el, sent, unmount } = await render();
          try {
            const root = el.shadowRoot!;
            const held = typeInto(root.querySelector('textarea')!, text);
            await el.updateComplete;
            root.querySelector<HTMLButtonElement>('[part="add-note-button"]')!.click();
            const result = await outcome(root, sent);
            expect(result, JSON.stringify(held)).to.equal(held.trim() === '' ? 'refused' : 'sent');
            if (result === 'sent') {
              expect(sent).to.have.length(1);
              expect(sent[0]!.body).to.deep.equal({ note: { text: held.trim() } });
            }
          } finally {
            unmount();
          }
        }),
        { numRuns: RUNS },
      );
    });
  });
});
