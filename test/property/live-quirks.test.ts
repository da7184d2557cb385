import { expect, waitUntil } from '@open-wc/testing';
import fc from 'fast-check';
import type { Order } from '../../src/api/index.js';
import '../../src/allocation-form.js';
import type { AllocationForm } from '../../src/allocation-form.js';
import { ratesRequestFromOrder } from '../../src/shipping/rate-request.js';
import { SEED_IDS } from '../../src/sandbox/seed-ids.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import { json, mount, scriptedClient, seeded } from './form-harness.js';

/**
 * The live service's spellings, all at once: any number (ids included) as a number or a numeric
 * string, any member but an `id` null or missing, extra members anywhere, tracking numbers as
 * text or as `{id, tracking_number}`. Parsing never fails, the element renders, and every request
 * body built from what was parsed carries numbers where the spec says number.
 */

const RUNS = 40;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Member = { present: false } | { present: true; value: unknown };

/** `value` as the live service might spell it. */
function quirky(value: unknown): fc.Arbitrary<unknown> {
  if (typeof value === 'number') return fc.constantFrom(value, String(value));
  if (Array.isArray(value)) return fc.tuple(...value.map(quirky));
  if (!isRecord(value)) return fc.constant(value);
  const members = Object.entries(value).map(([key, item]) => {
    const kept = quirky(item).map((spelled): Member => ({ present: true, value: spelled }));
    const member =
      key === 'id'
        ? kept
        : fc.oneof(
            { weight: 4, arbitrary: kept },
            { weight: 1, arbitrary: fc.constant<Member>({ present: true, value: null }) },
            { weight: 1, arbitrary: fc.constant<Member>({ present: false }) },
          );
    return member.map((chosen) => [key, chosen] as const);
  });
  const extra = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 8 }).map((name) => `x_${name}`),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 2 },
  );
  return fc.tuple(fc.tuple(...members), extra).map(([chosen, extras]) => {
    const result: Record<string, unknown> = {};
    for (const [key, member] of chosen) if (member.present) result[key] = member.value;
    return Object.assign(result, extras);
  });
}

/** An order as the API sends it, with only the lines and stock the allocation form needs. */
async function seededOrder(): Promise<Record<string, unknown>> {
  const sandbox = createTestSandbox();
  return (await seeded(sandbox.baseUrl, sandbox.apiKey, `/orders/${SEED_IDS.orders.unallocated}`)) as Record<
    string,
    unknown
  >;
}

/** Paths to every value in `body` that is not a number, among the members the spec types as numbers. */
function nonNumbers(body: unknown, names: readonly string[], path = ''): string[] {
  if (Array.isArray(body)) return body.flatMap((item, index) => nonNumbers(item, names, `${path}[${index}]`));
  if (!isRecord(body)) return [];
  return Object.entries(body).flatMap(([key, value]) => [
    ...(names.includes(key) && value !== undefined && typeof value !== 'number' ? [`${path}.${key}`] : []),
    ...nonNumbers(value, names, `${path}.${key}`),
  ]);
}

describe('the live service’s spellings', function () {
  this.timeout(120_000);

  it(`allocation-form parses, renders and posts numbers whatever the spelling (${RUNS} runs)`, async () => {
    const original = await seededOrder();
    await fc.assert(
      fc.asyncProperty(quirky(original), async (order) => {
        const { client, sent } = scriptedClient((method, path) => {
          if (path.startsWith('/orders/')) return json(order, method === 'POST' ? 201 : 200);
          return undefined;
        });
        const el = document.createElement('allocation-form') as AllocationForm;
        el.client = client;
        el.orderId = 1;
        const { unmount } = mount(el);
        try {
          await waitUntil(() => el.shadowRoot?.querySelector('h2, [role="alert"]'), 'renders', {
            timeout: 3000,
            interval: 2,
          });
          const root = el.shadowRoot!;
          // An order that parses is shown, never the invalid-answer alert.
          expect(root.querySelector('h2'), 'the order is shown').not.to.equal(null);
          root.querySelector<HTMLButtonElement>('[part="allocate-button"]')?.click();
          await new Promise((resolve) => setTimeout(resolve, 0));
          await el.updateComplete;
          for (const request of sent) {
            expect(nonNumbers(request.body, ['warehouse_id', 'sellable_id', 'quantity'])).to.deep.equal([]);
          }
        } finally {
          unmount();
        }
      }),
      { numRuns: RUNS },
    );
  });

  it(`an allocated order gives a rates request with numbers where the spec says number (${RUNS} runs)`, async () => {
    const original = await seededOrder();
    const withAllocation = {
      ...original,
      allocations: [
        {
          id: 7,
          total_weight: 850,
          weight_unit: 'g',
          warehouse: {
            id: 3,
            name: 'North',
            address_line_1: '2 Dock Rd',
            city: 'Hull',
            post_code: 'HU1 1AA',
            country: 'GB',
          },
          shipment: { id: 9, tracking_number: { id: 12600001, tracking_number: 'PA100102947GB' } },
        },
      ],
    };
    await fc.assert(
      fc.asyncProperty(quirky(withAllocation), async (body) => {
        const { client } = scriptedClient(() => json(body));
        const order: Order = await client.getOrder(1);
        const allocation = order.allocations?.[0];
        if (allocation?.shipment)
          expect(allocation.shipment.tracking_number).to.be.oneOf([null, 'PA100102947GB']);
        const request = ratesRequestFromOrder(order, allocation);
        if (typeof request === 'string') return;
        expect(nonNumbers(request, ['weight', 'quantity', 'height', 'width', 'length'])).to.deep.equal([]);
        for (const item of request.channel_items ?? [])
          expect(item.remote_id).to.be.a('string').and.not.equal('');
      }),
      { numRuns: RUNS },
    );
  });

  it(`a booking answer is read as bought whatever the spelling (${RUNS} runs)`, async () => {
    const booked = {
      successful: {
        'shp-1': {
          tracking_number: 'PA100102947GB',
          carrier_id: 4,
          service_name: 'Tracked 48',
          label_format: 'PDF',
          label_content: 'JVBERi0=',
          total_charge: { value: 3.2, unit: 'GBP' },
        },
      },
      failed: {},
    };
    const tracking = fc.constantFrom<unknown>(
      'PA100102947GB',
      { id: 12600001, tracking_number: 'PA100102947GB' },
      { id: '12600001', tracking_number: 'PA100102947GB', extra: true },
    );
    await fc.assert(
      fc.asyncProperty(quirky(booked), tracking, async (body, trackingNumber) => {
        const answer = body as { successful?: Record<string, Record<string, unknown>> | null };
        const shipment = answer.successful?.['shp-1'];
        if (shipment && 'tracking_number' in shipment && shipment['tracking_number'] !== null)
          shipment['tracking_number'] = trackingNumber;
        const { client } = scriptedClient(() => json(body));
        const result = await client.bookShipments({
          shipments: [{ rate_id: 'r-1', remote_shipment_id: 'shp-1' }],
        });
        const read = result.successful['shp-1'];
        if (shipment) {
          expect(read, 'a shipment in successful is bought').not.to.equal(undefined);
          expect(read?.tracking_number ?? null).to.be.oneOf([null, 'PA100102947GB']);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
