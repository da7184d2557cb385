import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { bookingOf } from '../../src/api/index.js';
import type { Order } from '../../src/api/index.js';
import '../../src/allocation-form.js';
import type { AllocationForm } from '../../src/allocation-form.js';
import { ratesRequestFromOrder } from '../../src/shipping/rate-request.js';
import { SEED_IDS } from '../../src/sandbox/seed-ids.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import { json, mount, scriptedClient, seeded } from './form-harness.js';
import { waitFor } from '../helpers/elements.js';

/**
 * The live service's spellings, all at once: any number (ids included) as a number or a numeric
 * string, any member but an `id` null or missing, extra members anywhere, tracking numbers as
 * text, `{id, tracking_number}` or `{value, carrier}`, carriers as `{id, name}` or text, shipments
 * nested once more, every quote of a rates answer carrying the same `remote_shipment_id`. Parsing
 * never fails, the element renders, shipments read flat with text tracking numbers and carrier
 * names, quotes and bookings are told apart by rate id, and every request body built from what
 * was parsed carries numbers where the spec says number.
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

const TRACKING = 'PA100102947GB';
const CARRIER = 'Royal Post';

/** A member left out of the body. */
const ABSENT = Symbol('absent');

/** A tracking number in each spelling; whether it carries the carrier's name. */
const trackingSpellings = fc.constantFrom<{ value: unknown; carrier: boolean }>(
  { value: ABSENT, carrier: false },
  { value: null, carrier: false },
  { value: TRACKING, carrier: false },
  { value: { id: 12600001, tracking_number: TRACKING }, carrier: false },
  { value: { id: '12600001', tracking_number: ` ${TRACKING} `, extra: true }, carrier: false },
  { value: { value: TRACKING, carrier: CARRIER }, carrier: true },
  { value: { value: TRACKING, carrier: { id: 3, name: CARRIER } }, carrier: true },
);

/** A shipment's carrier in each spelling; whether it names the carrier. */
const carrierSpellings = fc.constantFrom<{ value: unknown; named: boolean }>(
  { value: ABSENT, named: false },
  { value: null, named: false },
  { value: CARRIER, named: true },
  { value: { id: 3, name: CARRIER }, named: true },
  { value: { id: '3', name: CARRIER, x_extra: [1] }, named: true },
);

interface ShipmentSpelling {
  tracking: { value: unknown; carrier: boolean };
  carrier: { value: unknown; named: boolean };
  /** Nested once more (`{ …, shipment: { tracking_number, carrier, … } }`), these members outside. */
  nested: boolean;
}

const shipmentSpellings: fc.Arbitrary<ShipmentSpelling> = fc.record({
  tracking: trackingSpellings,
  carrier: carrierSpellings,
  nested: fc.boolean(),
});

/** `record` with its tracking number and carrier spelled so, nested once more if so. */
function spelled(record: Record<string, unknown>, spelling: ShipmentSpelling, outside: string[]) {
  const flat: Record<string, unknown> = { ...record };
  delete flat['tracking_number'];
  delete flat['carrier'];
  if (spelling.tracking.value !== ABSENT) flat['tracking_number'] = spelling.tracking.value;
  if (spelling.carrier.value !== ABSENT) flat['carrier'] = spelling.carrier.value;
  if (!spelling.nested) return flat;
  const outer: Record<string, unknown> = {};
  const inner: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) (outside.includes(key) ? outer : inner)[key] = value;
  return { ...outer, shipment: inner };
}

/** What the client must read from a shipment spelled so: the same text whatever the spelling. */
function expected(spelling: ShipmentSpelling): { tracking_number: string | null; carrier: string | null } {
  const { value } = spelling.tracking;
  return {
    tracking_number: value === ABSENT || value === null ? null : TRACKING,
    carrier: spelling.carrier.named || spelling.tracking.carrier ? CARRIER : null,
  };
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
          await waitFor(() => el.shadowRoot?.querySelector('h2, [role="alert"]'), 'renders', { interval: 2 });
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
          shipment: { id: 9, created_at: '2025-05-11T10:30:00Z' },
        },
      ],
    };
    await fc.assert(
      fc.asyncProperty(quirky(withAllocation), shipmentSpellings, async (generated, spelling) => {
        // fast-check hands the same values again while shrinking: spell a copy.
        const body = structuredClone(generated);
        const allocations = (body as { allocations?: unknown }).allocations;
        const raw = Array.isArray(allocations) && isRecord(allocations[0]) ? allocations[0] : undefined;
        if (raw && isRecord(raw['shipment']))
          raw['shipment'] = spelled(raw['shipment'], spelling, ['id', 'created_at']);
        const { client } = scriptedClient(() => json(body));
        const order: Order = await client.getOrder(1);
        const allocation = order.allocations?.[0];
        if (raw && isRecord(raw['shipment'])) {
          const shipment = allocation?.shipment;
          expect(shipment, 'the shipment is read flat').to.deep.include(expected(spelling));
          expect(shipment).not.to.have.property('shipment');
        }
        const request = ratesRequestFromOrder(order, allocation);
        if (typeof request === 'string') return;
        expect(nonNumbers(request, ['weight', 'quantity', 'height', 'width', 'length'])).to.deep.equal([]);
        for (const item of request.channel_items ?? [])
          expect(item.remote_id).to.be.a('string').and.not.equal('');
      }),
      { numRuns: RUNS },
    );
  });

  it(`a booking answer is read as bought whatever the spelling, and matched by rate id (${RUNS} runs)`, async () => {
    const booked = {
      successful: {
        'shp-1': {
          carrier_id: 4,
          service_name: 'Tracked 48',
          label_format: 'PDF',
          label_content: 'JVBERi0=',
          total_charge: { value: 3.2, unit: 'GBP' },
        },
      },
      failed: {},
    };
    await fc.assert(
      fc.asyncProperty(
        quirky(booked),
        shipmentSpellings,
        fc.constantFrom<unknown>(ABSENT, null, 'r-1'),
        async (generated, spelling, ownRateId) => {
          // fast-check hands the same values again while shrinking: spell a copy.
          const body = structuredClone(generated);
          const answer = body as { successful?: Record<string, unknown> | null };
          const raw = answer.successful?.['shp-1'];
          if (answer.successful && isRecord(raw)) {
            const entry = ownRateId === ABSENT ? raw : { ...raw, rate_id: ownRateId };
            answer.successful['shp-1'] = spelled(entry, spelling, ['label_format', 'label_content']);
          }
          const { client } = scriptedClient(() => json(body));
          const result = await client.bookShipments({
            shipments: [{ rate_id: 'r-1', remote_shipment_id: 'shp-1' }],
          });
          if (!isRecord(raw)) return;
          const read = result.successful['shp-1'];
          expect(read, 'a shipment in successful is bought').not.to.equal(undefined);
          expect(read).to.deep.include({ ...expected(spelling), rate_id: 'r-1' });
          expect(read).not.to.have.property('shipment');
          expect(bookingOf(result, 'r-1')).to.deep.equal({ booked: read });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`quotes that all carry one remote_shipment_id stay apart by rate id (${RUNS} runs)`, async () => {
    const quote = (rateId: string, charge: number) => ({
      rate_id: rateId,
      remote_shipment_id: 'shp-1',
      service_name: `Service ${rateId}`,
      carrier_id: 'parcelway',
      total_charge: charge,
    });
    const rates = {
      quotes: [quote('r-1', 4.1), quote('r-2', 5.2), quote('r-3', 6.3)],
      remote_shipment_id: 'shp-1',
      request_token: 'rqt-1',
    };
    await fc.assert(
      fc.asyncProperty(quirky(rates), async (body) => {
        const { client } = scriptedClient(() => json(body));
        const result = await client.getRates({
          to_address: {},
          from_address: {},
          parcels: [{ weight: 1, weight_unit: 'kg' }],
        });
        const sent = (body as { quotes?: unknown }).quotes;
        const ids = Array.isArray(sent)
          ? sent.map((entry) => (isRecord(entry) ? entry['rate_id'] : null))
          : [];
        expect(result.quotes.map((entry) => entry.rateId)).to.deep.equal(
          ids.map((id) => (id == null ? null : id)),
        );
        expect(result.remoteShipmentId).to.be.oneOf([null, 'shp-1']);
      }),
      { numRuns: RUNS },
    );
  });
});
