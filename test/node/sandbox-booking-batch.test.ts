/**
 * Booking several shipments in one request: each is booked or failed on its own, and the
 * `failShipments` fault fails the shipments at the positions it names while booking the others.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { SHIPMENT_FAULT_MESSAGE } from '../../src/sandbox/faults.js';
import { call } from './helpers/sandbox-calls.js';

const BOOK = '/shipping/api/v1/shipments';

const FROM = {
  name: 'Sandbox Goods Ltd',
  line1: '1 Dock Road',
  town: 'London',
  postcode: 'E16 1AA',
  country_code: 'GB',
};

function to(name: string) {
  return { name, line1: '2 High Street', town: 'Leeds', postcode: 'LS1 1AA', country_code: 'GB' };
}

interface Quoted {
  remoteShipmentId: string;
  rateId: string;
}

/** Quotes `count` parcels, each its own rates answer, and picks the first quote of each. */
async function quoteParcels(sandbox: Sandbox, count: number): Promise<Quoted[]> {
  const quoted: Quoted[] = [];
  for (let index = 0; index < count; index += 1) {
    const { status, json } = await call<Record<string, unknown>>(sandbox, 'POST', '/shipping/api/v1/rates', {
      to_address: to(`Customer ${index}`),
      from_address: FROM,
      parcels: [{ weight: 500, weight_unit: 'g' }],
      customer_reference: `BATCH-${index}`,
    });
    assert.equal(status, 200);
    const quotes = json.quotes as Array<{ rate_id: string }>;
    quoted.push({ remoteShipmentId: json.remote_shipment_id as string, rateId: quotes[0]!.rate_id });
  }
  return quoted;
}

function shipmentsOf(quoted: Quoted[]) {
  return quoted.map((entry) => ({ remote_shipment_id: entry.remoteShipmentId, rate_id: entry.rateId }));
}

describe('sandbox: a booking with several shipments', () => {
  it('books every shipment of one request, each keyed by its remote_shipment_id', async () => {
    const sandbox = createSandbox();
    const quoted = await quoteParcels(sandbox, 3);
    const { status, json } = await call<Record<string, unknown>>(sandbox, 'POST', BOOK, {
      shipments: shipmentsOf(quoted),
    });
    assert.equal(status, 200);
    const successful = json.successful as Record<string, { tracking_number: string; label_content: string }>;
    assert.deepEqual(Object.keys(successful).sort(), quoted.map((entry) => entry.remoteShipmentId).sort());
    assert.deepEqual(json.failed, {});
    const tracking = new Set(Object.values(successful).map((shipment) => shipment.tracking_number));
    assert.equal(tracking.size, 3, 'each shipment has its own tracking number');
    for (const shipment of Object.values(successful)) {
      assert.equal(Buffer.from(shipment.label_content, 'base64').subarray(0, 4).toString('latin1'), '%PDF');
    }
  });

  it('fails the shipments at the positions a failShipments fault names and books the others', async () => {
    const sandbox = createSandbox();
    const quoted = await quoteParcels(sandbox, 4);
    sandbox.addFault({ method: 'POST', path: BOOK, failShipments: [1, 3] });
    const { status, json } = await call<Record<string, unknown>>(sandbox, 'POST', BOOK, {
      shipments: shipmentsOf(quoted),
    });
    assert.equal(status, 200, 'a partly successful booking is a 200');
    const successful = json.successful as Record<string, unknown>;
    const failed = json.failed as Record<string, { errors: string[] }>;
    assert.deepEqual(
      Object.keys(successful).sort(),
      [quoted[0]!.remoteShipmentId, quoted[2]!.remoteShipmentId].sort(),
    );
    assert.deepEqual(failed, {
      [quoted[1]!.remoteShipmentId]: { errors: [SHIPMENT_FAULT_MESSAGE] },
      [quoted[3]!.remoteShipmentId]: { errors: [SHIPMENT_FAULT_MESSAGE] },
    });

    // The fault was used up; the failed shipments were not booked, so they can be booked now, and
    // the booked ones cannot be booked twice.
    const again = await call<Record<string, unknown>>(sandbox, 'POST', BOOK, {
      shipments: shipmentsOf(quoted),
    });
    assert.equal(again.status, 200);
    assert.deepEqual(
      Object.keys(again.json.successful as object).sort(),
      [quoted[1]!.remoteShipmentId, quoted[3]!.remoteShipmentId].sort(),
    );
    assert.deepEqual(
      Object.keys(again.json.failed as object).sort(),
      [quoted[0]!.remoteShipmentId, quoted[2]!.remoteShipmentId].sort(),
    );
  });

  it('takes its own message through the control API', async () => {
    const sandbox = createSandbox();
    const quoted = await quoteParcels(sandbox, 2);
    const added = await call<Record<string, unknown>>(sandbox, 'POST', '/__sandbox/faults', {
      path: BOOK,
      failShipments: [0],
      failMessage: 'Address could not be verified',
    });
    assert.equal(added.status, 201);
    const { json } = await call<Record<string, unknown>>(sandbox, 'POST', BOOK, {
      shipments: shipmentsOf(quoted),
    });
    assert.deepEqual(json.failed, {
      [quoted[0]!.remoteShipmentId]: { errors: ['Address could not be verified'] },
    });
    assert.deepEqual(Object.keys(json.successful as object), [quoted[1]!.remoteShipmentId]);
    const log = sandbox.requests().filter((entry) => entry.path === BOOK);
    assert.deepEqual(
      log.map((entry) => entry.status),
      [200],
    );
  });

  it('refuses a failShipments that is not a list of positions', async () => {
    const sandbox = createSandbox();
    for (const failShipments of [[], [-1], [1.5], 'all', [0, 'x']]) {
      const { status, json } = await call<Record<string, unknown>>(sandbox, 'POST', '/__sandbox/faults', {
        path: BOOK,
        failShipments,
      });
      assert.equal(status, 400, JSON.stringify(failShipments));
      assert.match(String((json.error_messages as string[])[0]), /failShipments/);
    }
    assert.throws(
      () => sandbox.addFault({ path: BOOK, failShipments: [0], failMessage: ' ' }),
      /failMessage/,
    );
  });
});
