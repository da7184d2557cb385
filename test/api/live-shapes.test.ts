import { expect } from '@open-wc/testing';
import { bookingOf, createClient } from '../../src/api/index.js';
import type { OpsClient, RatesRequest } from '../../src/api/index.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../src/sandbox/seed-ids.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import type { TestSandbox } from '../helpers/sandbox.js';
import { stubClient } from './setup.js';
import { sample } from './stub-fetch.js';

/**
 * The spellings of shipments and quotes that integrators met on the live service (DESIGN, "What
 * the real API does beyond the spec"): a tracking number as text, `{id, tracking_number}` or
 * `{value, carrier}`; a carrier as `{id, name}` or text; a shipment nested once more; every quote
 * of a rates answer carrying the same `remote_shipment_id`. Whatever the spelling, the client
 * hands out the same flat shipment, and a booking is matched to its quote by rate id.
 */

type Quirk =
  | 'stringIds'
  | 'trackingNumberObjects'
  | 'trackingNumberValues'
  | 'carrierVariants'
  | 'nestedShipments'
  | 'sharedRemoteShipmentId';

const ALL: Quirk[] = [
  'stringIds',
  'trackingNumberObjects',
  'trackingNumberValues',
  'carrierVariants',
  'nestedShipments',
  'sharedRemoteShipmentId',
];

/** Carrier names of the sandbox's carrier codes. */
const CARRIER_NAMES: Record<string, string> = {
  parcelway: 'Parcelway',
  swift_courier: 'Swift Courier',
  economy_post: 'Economy Post',
};

const TRACKING = /^[A-Z]{2}\d{10}GB$/;

/** Turns `quirks` on for the tenant and says which quirks are on (a run may have switched on more). */
async function withQuirks(sandbox: TestSandbox, quirks: Quirk[]): Promise<Set<Quirk>> {
  const response = await fetch(`${sandbox.baseUrl}/__sandbox/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ quirks: Object.fromEntries(quirks.map((quirk) => [quirk, true])) }),
  });
  expect(response.status, await response.clone().text()).to.equal(200);
  const settings = (await response.json()) as { quirks: Record<Quirk, boolean> };
  return new Set(ALL.filter((quirk) => settings.quirks[quirk]));
}

function ratesFor(reference: string): RatesRequest {
  return {
    from_address: { name: 'Sandbox Goods Ltd', postcode: 'RM9 6RH', country_code: 'GB' },
    to_address: { name: 'Priya Natarajan', postcode: 'LS1 4DY', country_code: 'GB' },
    parcels: [{ weight: 1.1, weight_unit: 'kg' }],
    customer_reference: reference,
  };
}

const CASES: [string, Quirk[]][] = [
  ['as the spec spells them', []],
  ['with tracking numbers as {value, carrier}', ['trackingNumberValues']],
  [
    'with tracking numbers as {id, tracking_number} and {value, carrier}',
    ['trackingNumberObjects', 'trackingNumberValues'],
  ],
  ['with carriers as {id, name} and as text', ['carrierVariants']],
  ['with shipments nested once more', ['nestedShipments']],
  ['with every quote carrying the parcel’s remote_shipment_id', ['sharedRemoteShipmentId']],
  ['with every quirk at once', ALL],
];

describe('live shapes of shipments and quotes', () => {
  describe('against the sandbox', () => {
    for (const [name, quirks] of CASES) {
      it(`books, reads the order and buys by service code ${name}`, async () => {
        const sandbox = createTestSandbox();
        const on = await withQuirks(sandbox, quirks);
        const client: OpsClient = createClient({
          baseUrl: sandbox.baseUrl,
          credentials: { apiKey: sandbox.apiKey },
          appToken: sandbox.appToken,
        });
        const namesCarrier = on.has('carrierVariants') || on.has('trackingNumberValues');

        const rates = await client.getRates(ratesFor(SEED_ORDER_NUMBERS.allocated));
        const rateIds = rates.quotes.map((quote) => quote.rateId);
        expect(rates.quotes.length).to.be.greaterThan(2);
        expect(new Set(rateIds).size, 'every quote has its own rate id').to.equal(rateIds.length);
        expect(rates.remoteShipmentId).to.be.a('string');

        // Not the cheapest: the booking must name the rate, not just the parcel.
        const chosen = rates.quotes[1]!;
        const result = await client.bookShipments({
          requestToken: rates.requestToken,
          shipments: [{ rate_id: chosen.rateId!, remote_shipment_id: rates.remoteShipmentId! }],
        });
        expect(Object.keys(result.failed)).to.deep.equal([]);
        const booked = result.successful[rates.remoteShipmentId!]!;
        expect(booked.rate_id).to.equal(chosen.rateId);
        expect(bookingOf(result, chosen.rateId!)).to.deep.equal({ booked });
        expect(booked.tracking_number).to.match(TRACKING);
        expect(booked.service_name).to.equal(chosen.serviceName);
        expect(booked.label_content).to.be.a('string').and.not.equal('');
        expect(booked.carrier).to.equal(namesCarrier ? CARRIER_NAMES[chosen.serviceCarrier!] : null);
        expect(booked).not.to.have.property('shipment');

        const order = await client.getOrder(SEED_IDS.orders.allocated);
        expect(order.status).to.equal('shipped');
        const shipment = order.allocations?.[0]?.shipment;
        expect(shipment?.tracking_number).to.equal(booked.tracking_number);
        expect(shipment?.carrier).to.equal(CARRIER_NAMES[chosen.serviceCarrier!]);
        expect(shipment?.id, 'the shipment keeps its id').to.be.ok;
        expect(shipment).not.to.have.property('shipment');

        const created = await client.createShipment({
          destination_address: { first_name: 'Priya', city: 'Leeds', zip: 'LS1 4DY', country: 'GB' },
          collection_address: { name: 'Sandbox Goods Ltd', city: 'Dagenham', zip: 'RM9 6RH', country: 'GB' },
          parcels: [{ weight_in_grams: 900 }],
          service_code: 'SC_NEXT_DAY',
        });
        expect(created.tracking_number).to.match(/^SC\d{10}GB$/);
        expect(created.carrier).to.equal(namesCarrier ? 'Swift Courier' : null);
        expect(created.label).to.be.a('string').and.not.equal('');
        expect(created).not.to.have.property('shipment');

        const seeded = await client.getOrder(SEED_IDS.orders.shipped);
        expect(seeded.allocations?.[0]?.shipment?.tracking_number).to.equal(SEED_IDS.shippedTrackingNumber);
        expect(seeded.allocations?.[0]?.shipment?.carrier).to.equal('Parcelway');
      });
    }

    it('books a quote by its rate id alone when every quote carries the same remote_shipment_id', async () => {
      const sandbox = createTestSandbox();
      await withQuirks(sandbox, ['sharedRemoteShipmentId']);
      const client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
      const rates = await client.getRates(ratesFor(SEED_ORDER_NUMBERS.allocated));
      const last = rates.quotes.at(-1)!;
      const result = await client.bookShipments({ shipments: [{ rate_id: last.rateId! }] });
      const found = bookingOf(result, last.rateId!);
      expect(found && 'booked' in found ? found.booked.service_name : null).to.equal(last.serviceName);

      // Another rate of the same parcel is refused, and the refusal is matched to its rate.
      const other = rates.quotes[0]!;
      const again = await client.bookShipments({
        shipments: [{ rate_id: other.rateId!, remote_shipment_id: rates.remoteShipmentId! }],
      });
      expect(again.successful).to.deep.equal({});
      expect(bookingOf(again, other.rateId!)).to.deep.equal({
        failed: {
          rateId: other.rateId,
          errors: ['This shipment has already been booked.'],
          quoteExpired: false,
        },
      });
      expect(bookingOf(again, last.rateId!)).to.equal(undefined);
    });
  });

  describe('answers the sandbox does not give', () => {
    const booking = { shipments: [{ rate_id: 'r-1', remote_shipment_id: 'parcel-1' }] };

    it('reads every spelling of the tracking number and the carrier to the same text', async () => {
      const spellings: [unknown, unknown][] = [
        ['PA100102947GB', 'Royal Post'],
        [
          { id: 12600001, tracking_number: ' PA100102947GB ' },
          { id: 3, name: 'Royal Post' },
        ],
        [{ id: '12600001', tracking_number: 'PA100102947GB' }, 'Royal Post'],
        [{ value: 'PA100102947GB', carrier: 'Royal Post' }, undefined],
        [{ value: 'PA100102947GB', carrier: { id: 3, name: 'Royal Post' } }, null],
        [
          { value: 'PA100102947GB', carrier: 'Parcelway' },
          { id: 3, name: 'Royal Post' },
        ],
      ];
      for (const [tracking, carrier] of spellings) {
        const { stub, client } = stubClient({ appToken: 'app-token' });
        const shipment = { tracking_number: tracking, carrier, label_content: 'JVBERi0=' };
        stub
          .replyJson({ successful: { 'parcel-1': shipment }, failed: {} })
          .replyJson({ label: 'JVBERi0=', ...shipment })
          .replyJson({ id: 1, allocations: [{ id: 2, shipment: { id: 9, shipment } }] });
        const what = JSON.stringify([tracking, carrier]);
        const booked = (await client.bookShipments(booking)).successful['parcel-1'];
        expect(booked?.tracking_number, what).to.equal('PA100102947GB');
        expect(booked?.carrier, what).to.equal('Royal Post');
        const created = await client.createShipment({
          destination_address: {},
          collection_address: {},
          service_code: 'X',
        });
        expect([created.tracking_number, created.carrier], what).to.deep.equal([
          'PA100102947GB',
          'Royal Post',
        ]);
        const shipped = (await client.getOrder(1)).allocations?.[0]?.shipment;
        expect([shipped?.id, shipped?.tracking_number, shipped?.carrier], what).to.deep.equal([
          9,
          'PA100102947GB',
          'Royal Post',
        ]);
      }
    });

    it('unwraps a nested shipment, the outer members over the inner ones unless null', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({
        successful: {
          'parcel-1': {
            tracking_number: null,
            label_format: 'ZPL',
            label_content: 'XlhB',
            shipment: {
              tracking_number: { value: 'PA1GB', carrier: 'Royal Post' },
              label_format: 'PDF',
              service_name: 'Tracked 48',
            },
          },
        },
      });
      const booked = (await client.bookShipments(booking)).successful['parcel-1'];
      expect(booked).to.deep.include({
        rate_id: 'r-1',
        tracking_number: 'PA1GB',
        carrier: 'Royal Post',
        label_format: 'ZPL',
        label_content: 'XlhB',
        service_name: 'Tracked 48',
      });
      expect(booked).not.to.have.property('shipment');

      stub.replyJson({
        successful: { 'parcel-1': { shipment: { shipment: { tracking_number: 'PA2GB' } } } },
      });
      const deeper = (await client.bookShipments(booking)).successful['parcel-1'];
      expect(deeper?.tracking_number, 'nested twice').to.equal('PA2GB');
      expect(deeper).not.to.have.property('shipment');
    });

    it('keeps a bought label bought whatever its carrier looks like', async () => {
      for (const carrier of [['UPS'], 42, { id: 3 }, { name: '  ' }, true]) {
        const { stub, client } = stubClient();
        stub.replyJson({ successful: { 'parcel-1': { tracking_number: 'PA1GB', carrier } } });
        const booked = (await client.bookShipments(booking)).successful['parcel-1'];
        expect(booked?.tracking_number, JSON.stringify(carrier)).to.equal('PA1GB');
        expect(booked?.carrier, JSON.stringify(carrier)).to.equal(typeof carrier === 'number' ? '42' : null);
      }
    });

    it('reads the legacy shipment record sample: tracking number object, carrier object', async () => {
      const { stub, client } = stubClient({ appToken: 'app-token' });
      stub.replyJson(await sample('legacy-shipment-create-response.json'));
      const created = await client.createShipment({
        destination_address: {},
        collection_address: {},
        service_code: 'X',
      });
      expect(created.tracking_number).to.equal('12345679ABC');
      expect(created.carrier).to.equal('Other');
      expect((created as Record<string, unknown>)['carrier_id'], 'other members pass through').to.equal(3);
    });

    it('names the rate of each entry: its own, the key as a rate id, or the one shipment with that remote_shipment_id', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({
        successful: {
          // Keyed by rate id.
          'r-1': { tracking_number: 'A1GB' },
          // Keyed by a remote_shipment_id only one shipment of the request has.
          'parcel-2': { tracking_number: 'B2GB' },
          // Keyed by a remote_shipment_id two shipments share: only its own rate_id says which.
          'parcel-3': { tracking_number: 'C3GB', rate_id: 'r-4' },
        },
        failed: {
          'parcel-3x': { errors: ['Quote has expired'], rate_id: 'r-5' },
          elsewhere: { errors: 'No' },
        },
      });
      const result = await client.bookShipments({
        shipments: [
          { rate_id: 'r-1', remote_shipment_id: 'parcel-1' },
          { rate_id: 'r-2', remote_shipment_id: 'parcel-2' },
          { rate_id: 'r-3', remote_shipment_id: 'parcel-3' },
          { rate_id: 'r-4', remote_shipment_id: 'parcel-3' },
          { rate_id: 'r-5', remote_shipment_id: 'parcel-3x' },
        ],
      });
      expect(Object.entries(result.successful).map(([key, entry]) => [key, entry.rate_id])).to.deep.equal([
        ['r-1', 'r-1'],
        ['parcel-2', 'r-2'],
        ['parcel-3', 'r-4'],
      ]);
      expect(result.failed).to.deep.equal({
        'parcel-3x': { rateId: 'r-5', errors: ['Quote has expired'], quoteExpired: true },
        elsewhere: { rateId: null, errors: ['No'], quoteExpired: false },
      });
      expect(bookingOf(result, 'r-2')).to.deep.equal({ booked: result.successful['parcel-2'] });
      expect(bookingOf(result, 'r-3'), 'the answer does not say which of r-3 and r-4 it means').to.equal(
        undefined,
      );
    });

    it('does not guess the rate of an entry two shipments could be', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({ successful: { 'parcel-1': { tracking_number: 'A1GB' } }, failed: {} });
      const result = await client.bookShipments({
        shipments: [
          { rate_id: 'r-1', remote_shipment_id: 'parcel-1' },
          { rate_id: 'r-2', remote_shipment_id: 'parcel-1' },
        ],
      });
      expect(result.successful['parcel-1']?.rate_id).to.equal(null);
      expect(bookingOf(result, 'r-1')).to.equal(undefined);
    });

    it('keeps quotes that all carry the answer’s remote_shipment_id apart by rate id', async () => {
      const { stub, client } = stubClient();
      const quote = (rateId: string, charge: string) => ({
        rate_id: rateId,
        remote_shipment_id: 'parcel-9',
        service_name: 'Tracked 48',
        total_charge: charge,
      });
      stub.replyJson({
        quotes: [quote('r-1', '4.10'), quote('r-2', '4.10')],
        remote_shipment_id: 'parcel-9',
      });
      const rates = await client.getRates(ratesFor('SB-1'));
      expect(rates.remoteShipmentId).to.equal('parcel-9');
      expect(rates.quotes.map((entry) => entry.rateId)).to.deep.equal(['r-1', 'r-2']);
      expect(rates.quotes[0]).to.not.deep.equal(rates.quotes[1]);
    });
  });
});
