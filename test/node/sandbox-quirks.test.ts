import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSandbox, createSandboxHost, SEED_IDS, SEED_ORDER_NUMBERS } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { NO_QUIRKS } from '../../src/sandbox/quirks.js';
import type { SandboxQuirks } from '../../src/sandbox/state.js';
import { sandboxOptionsFromEnv } from '../../scripts/test-server.js';
import { at, call } from './helpers/sandbox-calls.js';

/** Every `id` and `*_id` value in a body, with where it is. */
function ids(value: unknown, where = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => ids(item, `${where}.${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, member]) => [
    ...((key === 'id' || key.endsWith('_id')) && (member === null || typeof member !== 'object')
      ? [[`${where}.${key}`, member] as [string, unknown]]
      : []),
    ...ids(member, `${where}.${key}`),
  ]);
}

const O = SEED_IDS.orders;
const ratesBody = (reference?: string) => ({
  from_address: { name: 'Sandbox Goods Ltd', postcode: 'RM9 6RH', country_code: 'GB' },
  to_address: { name: 'Priya Natarajan', postcode: 'LS1 4DY', country_code: 'GB' },
  parcels: [{ weight: 1.1, weight_unit: 'kg' }],
  ...(reference ? { customer_reference: reference } : {}),
});

async function book(sandbox: Sandbox, reference?: string) {
  const rates = await call(sandbox, 'POST', '/shipping/api/v1/rates', ratesBody(reference));
  const remoteId = String(at(rates.json, 'remote_shipment_id'));
  const booked = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
    shipments: [{ remote_shipment_id: remoteId, rate_id: String(at(rates.json, 'quotes.0.rate_id')) }],
  });
  assert.equal(booked.status, 200, booked.text);
  return at(booked.json, `successful.${remoteId}`) as Record<string, unknown>;
}

/** `POST /shipments` (the application-token label purchase) for a domestic parcel. */
async function createShipment(sandbox: Sandbox, reference?: string) {
  const response = await sandbox.fetch(
    new Request('http://sandbox.test/shipments', {
      method: 'POST',
      headers: { authentication: 'sandbox-app-token', 'content-type': 'application/json' },
      body: JSON.stringify({
        destination_address: { first_name: 'Priya', city: 'Leeds', zip: 'LS1 4DY', country: 'GB' },
        collection_address: { name: 'Sandbox Goods Ltd', city: 'Dagenham', zip: 'RM9 6RH', country: 'GB' },
        parcels: [{ weight_in_grams: 900 }],
        service_code: 'SC_NEXT_DAY',
        ...(reference ? { reference } : {}),
      }),
    }),
  );
  assert.equal(response.status, 200);
  return (await response.json()) as Record<string, unknown>;
}

const quirksOn = (quirks: Partial<SandboxQuirks>) => createSandbox({ quirks });

describe('sandbox quirks of some live accounts', () => {
  it('are off by default: ids are numbers and tracking numbers strings', async () => {
    const sandbox = createSandbox();
    const order = (await call(sandbox, 'GET', `/orders/${O.shipped}`)).json;
    assert.equal(at(order, 'id'), O.shipped);
    assert.equal(at(order, 'customer.id'), SEED_IDS.customers.oliverBennett);
    assert.equal(at(order, 'allocations.0.shipment.tracking_number'), SEED_IDS.shippedTrackingNumber);
    assert.equal(typeof (await book(sandbox)).tracking_number, 'string');
  });

  it('stringIds serves every id as a numeric string, and still takes numbers', async () => {
    const sandbox = createSandbox({ quirks: { stringIds: true } });
    const plain = createSandbox();
    for (const path of [`/orders/${O.shipped}`, '/orders', '/channels', '/tags', '/current_user']) {
      const response = await call(sandbox, 'GET', path);
      assert.equal(response.status, 200, path);
      const before = new Map(ids((await call(plain, 'GET', path)).json));
      const found = ids(response.json);
      assert.equal(found.length, before.size, path);
      assert.ok(
        [...before.values()].some((id) => typeof id === 'number'),
        path,
      );
      for (const [where, id] of found) {
        const was = before.get(where);
        assert.equal(id, typeof was === 'number' ? String(was) : was, `${path} ${where}`);
      }
    }
    const order = (await call(sandbox, 'GET', `/orders/${O.unallocated}`)).json;
    assert.equal(at(order, 'id'), String(O.unallocated));
    assert.equal(
      at(order, 'line_items.0.sellable.stock_entries.0.warehouse_id'),
      String(SEED_IDS.warehouses.london),
    );
    const configs = (await call(sandbox, 'GET', '/api/v2/shipping_configs')).json;
    assert.equal(at(configs, 'data.0.attributes.id'), String(SEED_IDS.shippingConfigs.parcelway));
    assert.equal(at(configs, 'data.0.attributes.carrier_id'), '45');

    // Requests still send numbers where the spec says number.
    const allocated = await call(sandbox, 'POST', `/orders/${O.unallocated}/allocations`, {
      allocation: {
        warehouse_id: SEED_IDS.warehouses.london,
        line_items_attributes: [{ sellable_id: SEED_IDS.sellables.beanieCharcoal, quantity: 2 }],
      },
    });
    assert.equal(allocated.status, 201, allocated.text);
    assert.equal(at(allocated.json, 'allocations.0.warehouse.id'), String(SEED_IDS.warehouses.london));
  });

  it('trackingNumberObjects serves tracking numbers as {id, tracking_number} in bookings and order shipments', async () => {
    const sandbox = createSandbox({ quirks: { trackingNumberObjects: true } });
    const seeded = (await call(sandbox, 'GET', `/orders/${O.shipped}`)).json;
    const seededTracking = at(seeded, 'allocations.0.shipment.tracking_number') as {
      id: unknown;
      tracking_number: unknown;
    };
    assert.equal(seededTracking.tracking_number, SEED_IDS.shippedTrackingNumber);
    assert.equal(typeof seededTracking.id, 'number');
    const reread = (await call(sandbox, 'GET', `/orders/${O.shipped}`)).json;
    assert.deepEqual(at(reread, 'allocations.0.shipment.tracking_number'), seededTracking);

    const entry = await book(sandbox, SEED_ORDER_NUMBERS.allocated);
    const tracking = entry.tracking_number as { id: unknown; tracking_number: unknown };
    assert.equal(typeof tracking.id, 'number');
    assert.match(String(tracking.tracking_number), /^[A-Z]{2}\d+GB$/);
    assert.notEqual(tracking.id, seededTracking.id);
    const order = (await call(sandbox, 'GET', `/orders/${O.allocated}`)).json;
    assert.equal(at(order, 'status'), 'shipped');
    assert.deepEqual(at(order, 'allocations.0.shipment.tracking_number'), tracking);

    const shipment = await sandbox.fetch(
      new Request('http://sandbox.test/shipments', {
        method: 'POST',
        headers: { authentication: 'sandbox-app-token', 'content-type': 'application/json' },
        body: JSON.stringify({
          destination_address: { first_name: 'Priya', city: 'Leeds', zip: 'LS1 4DY', country: 'GB' },
          collection_address: { name: 'Sandbox Goods Ltd', city: 'Dagenham', zip: 'RM9 6RH', country: 'GB' },
          parcels: [{ weight_in_grams: 900 }],
          service_code: 'PW_STANDARD',
        }),
      }),
    );
    assert.equal(shipment.status, 200);
    const label = (await shipment.json()) as { tracking_number: { id: unknown; tracking_number: unknown } };
    assert.equal(typeof label.tracking_number.id, 'number');
    assert.match(String(label.tracking_number.tracking_number), /^PW\d+GB$/);
  });

  it('both together give the tracking number object a string id', async () => {
    const sandbox = createSandbox({ quirks: { stringIds: true, trackingNumberObjects: true } });
    const tracking = (await book(sandbox)).tracking_number as { id: unknown };
    assert.match(String(tracking.id), /^\d+$/);
    assert.equal(typeof tracking.id, 'string');
  });

  it('trackingNumberValues spells a shipment’s tracking number {value, carrier} with the carrier’s name', async () => {
    const sandbox = quirksOn({ trackingNumberValues: true });
    const entry = await book(sandbox, SEED_ORDER_NUMBERS.allocated);
    const tracking = entry.tracking_number as { value: unknown; carrier: unknown };
    assert.match(String(tracking.value), /^[A-Z]{2}\d+GB$/);
    assert.equal(tracking.carrier, 'Economy Post', 'the cheapest quote, booked, is Economy Post');
    const order = (await call(sandbox, 'GET', `/orders/${O.allocated}`)).json;
    assert.deepEqual(at(order, 'allocations.0.shipment.tracking_number'), tracking);
    const seeded = (await call(sandbox, 'GET', `/orders/${O.shipped}`)).json;
    assert.deepEqual(at(seeded, 'allocations.0.shipment.tracking_number'), {
      value: SEED_IDS.shippedTrackingNumber,
      carrier: 'Parcelway',
    });
    const created = await createShipment(sandbox);
    assert.equal(at(created, 'tracking_number.carrier'), 'Swift Courier');
    assert.match(String(at(created, 'tracking_number.value')), /^SC\d+GB$/);
  });

  it('with trackingNumberObjects too, booking answers spell {value, carrier} and order shipments {id, tracking_number}', async () => {
    const sandbox = quirksOn({ trackingNumberValues: true, trackingNumberObjects: true });
    const entry = await book(sandbox, SEED_ORDER_NUMBERS.allocated);
    const value = at(entry, 'tracking_number.value');
    assert.equal(typeof value, 'string');
    const order = (await call(sandbox, 'GET', `/orders/${O.allocated}`)).json;
    assert.equal(at(order, 'allocations.0.shipment.tracking_number.tracking_number'), value);
    assert.equal(typeof at(order, 'allocations.0.shipment.tracking_number.id'), 'number');
    assert.equal(typeof at(await createShipment(sandbox), 'tracking_number.value'), 'string');
  });

  it('carrierVariants gives booked shipments carrier {id, name} and other shipments the name as text', async () => {
    const plain = createSandbox();
    assert.equal((await book(plain)).carrier, undefined, 'off: a booked shipment has no carrier member');
    assert.deepEqual(
      at((await call(plain, 'GET', `/orders/${O.shipped}`)).json, 'allocations.0.shipment.carrier'),
      {
        id: null,
        name: 'Parcelway',
      },
    );

    const sandbox = quirksOn({ carrierVariants: true });
    const entry = await book(sandbox, SEED_ORDER_NUMBERS.allocated);
    assert.deepEqual(entry.carrier, { id: 'economy_post', name: 'Economy Post' });
    const order = (await call(sandbox, 'GET', `/orders/${O.allocated}`)).json;
    assert.equal(at(order, 'allocations.0.shipment.carrier'), 'Economy Post');
    const seeded = (await call(sandbox, 'GET', `/orders/${O.shipped}`)).json;
    assert.equal(at(seeded, 'allocations.0.shipment.carrier'), 'Parcelway');
    assert.equal((await createShipment(sandbox)).carrier, 'Swift Courier');
  });

  it('nestedShipments nests each shipment once more, the label outside', async () => {
    const sandbox = quirksOn({ nestedShipments: true });
    const entry = await book(sandbox, SEED_ORDER_NUMBERS.allocated);
    assert.equal(entry.tracking_number, undefined);
    assert.equal(entry.label_format, 'PDF');
    assert.equal(typeof entry.label_content, 'string');
    const tracking = at(entry, 'shipment.tracking_number');
    assert.match(String(tracking), /^EP\d+GB$/);
    assert.equal(at(entry, 'shipment.service_id'), 'EP_ECONOMY');

    const order = (await call(sandbox, 'GET', `/orders/${O.allocated}`)).json;
    const shipment = at(order, 'allocations.0.shipment') as Record<string, unknown>;
    assert.equal(typeof shipment.id, 'number');
    assert.equal(shipment.tracking_number, undefined);
    assert.equal(at(shipment, 'shipment.tracking_number'), tracking);
    assert.equal(at(shipment, 'shipment.carrier.name'), 'Economy Post');
    assert.equal(typeof at(shipment, 'shipment.carrier_id'), 'number');

    const created = await createShipment(sandbox);
    assert.equal(typeof created.label, 'string');
    assert.equal(created.tracking_number, undefined);
    assert.match(String(at(created, 'shipment.tracking_number')), /^SC\d+GB$/);
  });

  it('sharedRemoteShipmentId gives every quote the parcel’s id, and booking still goes by rate_id', async () => {
    const sandbox = quirksOn({ sharedRemoteShipmentId: true });
    const rates = (await call(sandbox, 'POST', '/shipping/api/v1/rates', ratesBody())).json as {
      remote_shipment_id: string;
      quotes: { rate_id: string; remote_shipment_id: string; service_name: string }[];
    };
    assert.ok(rates.quotes.length >= 3);
    assert.equal(new Set(rates.quotes.map((quote) => quote.rate_id)).size, rates.quotes.length);
    for (const quote of rates.quotes) assert.equal(quote.remote_shipment_id, rates.remote_shipment_id);

    // The second quote, named by the id every quote carries: that rate is booked, not another.
    const second = rates.quotes[1]!;
    const booked = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
      shipments: [{ remote_shipment_id: second.remote_shipment_id, rate_id: second.rate_id }],
    });
    assert.equal(booked.status, 200, booked.text);
    const entry = at(booked.json, `successful.${rates.remote_shipment_id}`) as Record<string, unknown>;
    assert.equal(entry.rate_id, second.rate_id);
    assert.equal(entry.service_name, second.service_name);

    // Another rate of the same parcel: refused as booked already; the failure names no rate.
    const third = rates.quotes[2]!;
    const again = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
      shipments: [{ rate_id: third.rate_id }],
    });
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(at(again.json, `failed.${rates.remote_shipment_id}`), {
      errors: ['This shipment has already been booked.'],
    });

    // A rate that is no quote of the parcel named is still refused.
    const other = (await call(sandbox, 'POST', '/shipping/api/v1/rates', ratesBody())).json as typeof rates;
    const mixed = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
      shipments: [{ remote_shipment_id: rates.remote_shipment_id, rate_id: other.quotes[0]!.rate_id }],
    });
    assert.equal(mixed.status, 400, mixed.text);
  });

  it('switch on per sandbox through the control API, and reset returns to the options', async () => {
    const sandbox = createSandbox();
    const control = (method: string, path: string, body?: unknown) =>
      sandbox.fetch(
        new Request(`http://sandbox.test/__sandbox/${path}`, {
          method,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    const set = await control('POST', 'config', { quirks: { stringIds: true } });
    assert.equal(set.status, 200);
    assert.deepEqual(at(await set.json(), 'quirks'), { ...NO_QUIRKS, stringIds: true });
    assert.equal(at((await call(sandbox, 'GET', `/orders/${O.allocated}`)).json, 'id'), String(O.allocated));
    await control('POST', 'config', { quirks: { trackingNumberObjects: true } });
    assert.deepEqual(sandbox.config.quirks, { ...NO_QUIRKS, stringIds: true, trackingNumberObjects: true });
    assert.equal((await control('POST', 'config', { quirks: { stringIds: 'yes' } })).status, 400);
    await control('POST', 'reset');
    assert.equal(at((await call(sandbox, 'GET', `/orders/${O.allocated}`)).json, 'id'), O.allocated);
  });

  it('apply to every tenant of a host given them, and to the test server through SANDBOX_QUIRKS', async () => {
    const host = createSandboxHost({ sandbox: { quirks: { stringIds: true } } });
    const response = await host.fetch(
      new Request(`http://host.test/sandbox/t1/orders/${O.allocated}`, {
        headers: { 'x-api-key': 'sandbox-api-key' },
      }),
    );
    assert.equal(at(await response.json(), 'id'), String(O.allocated));

    assert.deepEqual(sandboxOptionsFromEnv({}), {});
    assert.deepEqual(sandboxOptionsFromEnv({ SANDBOX_QUIRKS: 'stringIds' }), {
      quirks: { stringIds: true },
    });
    assert.deepEqual(sandboxOptionsFromEnv({ SANDBOX_QUIRKS: 'all' }), {
      quirks: {
        stringIds: true,
        trackingNumberObjects: true,
        trackingNumberValues: true,
        carrierVariants: true,
        nestedShipments: true,
        sharedRemoteShipmentId: true,
        noTotalPagesCount: true,
      },
    });
    assert.throws(() => sandboxOptionsFromEnv({ SANDBOX_QUIRKS: 'stringIds,fancy' }), /fancy/);
  });
});
