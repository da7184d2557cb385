import { expect } from '@open-wc/testing';
import { createTestSandbox } from '../helpers/sandbox.js';

describe('sandbox over HTTP', () => {
  it('serves an order with the API key and refuses it without', async () => {
    const sandbox = createTestSandbox();
    const url = `${sandbox.baseUrl}/orders/${sandbox.seed.orders.unallocated}`;

    const ok = await fetch(url, { headers: { 'x-api-key': sandbox.apiKey, accept: 'application/json' } });
    expect(ok.status).to.equal(200);
    const order = (await ok.json()) as { id: number; line_items: unknown[] };
    expect(order.id).to.equal(sandbox.seed.orders.unallocated);
    expect(order.line_items).to.have.length(3);

    const refused = await fetch(url);
    expect(refused.status).to.equal(401);
    expect(await refused.json()).to.deep.equal({ status: '401', error: 'Unauthorized' });
  });

  it('answers like some live accounts in one tenant once its quirks are on', async () => {
    const sandbox = createTestSandbox();
    const other = createTestSandbox();
    await sandbox.configure({ quirks: { stringIds: true, trackingNumberObjects: true } });
    const headers = { 'x-api-key': sandbox.apiKey };
    const path = `/orders/${sandbox.seed.orders.shipped}`;
    const order = (await (await fetch(`${sandbox.baseUrl}${path}`, { headers })).json()) as {
      id: unknown;
      allocations: { shipment: { tracking_number: { id: unknown; tracking_number: unknown } } }[];
    };
    expect(order.id).to.equal(String(sandbox.seed.orders.shipped));
    expect(order.allocations[0]!.shipment.tracking_number.tracking_number).to.equal(
      sandbox.seed.shippedTrackingNumber,
    );
    expect(order.allocations[0]!.shipment.tracking_number.id).to.match(/^\d+$/);
    const plain = (await (await fetch(`${other.baseUrl}${path}`, { headers })).json()) as { id: unknown };
    expect(plain.id).to.equal(sandbox.seed.orders.shipped);
  });

  it('keeps tenants apart and logs requests', async () => {
    const first = createTestSandbox();
    const second = createTestSandbox();
    const headers = { 'x-api-key': first.apiKey, 'content-type': 'application/json' };
    const orderId = first.seed.orders.unallocated;
    const created = await fetch(`${first.baseUrl}/orders/${orderId}/notes`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ note: { text: 'Only in the first tenant' } }),
    });
    expect(created.status).to.equal(201);

    const other = (await (await fetch(`${second.baseUrl}/orders/${orderId}`, { headers })).json()) as {
      employee_notes: unknown[];
    };
    expect(other.employee_notes).to.have.length(0);
    const log = await first.requests();
    expect(log.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).to.deep.equal([
      `POST /orders/${orderId}/notes 201`,
    ]);
  });

  it('injects faults, including a dropped connection', async () => {
    const sandbox = createTestSandbox();
    await sandbox.fault({ path: '/orders', status: 503, body: 'html' });
    const failed = await fetch(`${sandbox.baseUrl}/orders`, { headers: { 'x-api-key': sandbox.apiKey } });
    expect(failed.status).to.equal(503);
    expect(failed.headers.get('content-type')).to.contain('text/html');

    await sandbox.fault({ path: '/orders', network: true });
    let networkError: unknown;
    try {
      await fetch(`${sandbox.baseUrl}/orders`, { headers: { 'x-api-key': sandbox.apiKey } });
    } catch (error) {
      networkError = error;
    }
    expect(networkError).to.be.instanceOf(TypeError);
  });
});
