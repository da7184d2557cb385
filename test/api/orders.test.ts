import { expect } from '@open-wc/testing';
import { createClient, OpsError } from '../../src/api/index.js';
import type { Order } from '../../src/api/index.js';
import { withStockEntry } from '../../src/api/order-edits.js';
import { StubFetch, empty, rejectionOf, sample, text } from './stub-fetch.js';

function setup() {
  const stub = new StubFetch();
  const client = createClient({
    baseUrl: 'https://api.example.test/',
    credentials: { apiKey: 'key-123' },
    fetch: stub.fetch,
    rateLimit: false,
    retry: { baseDelayMs: 1 },
  });
  return { stub, client };
}

describe('orders', () => {
  let order: Order;
  before(async () => {
    order = (await sample('order.json')) as Order;
  });

  describe('getOrder', () => {
    it('sends GET /orders/{id} with the API key and JSON accept header', async () => {
      const { stub, client } = setup();
      stub.replyJson(order);
      const result = await client.getOrder(13359622);
      expect(stub.calls).to.have.length(1);
      expect(stub.last.method).to.equal('GET');
      expect(stub.last.url.href).to.equal('https://api.example.test/orders/13359622');
      expect(stub.last.headers.get('x-api-key')).to.equal('key-123');
      expect(stub.last.headers.get('accept')).to.equal('application/json');
      expect(stub.last.headers.get('content-type')).to.equal(null);
      expect(stub.last.body).to.equal(undefined);
      expect(result.id).to.equal(13359622);
      expect(result.number).to.equal('rdr1234');
    });

    it('parses the sample order: line items, allocations, notes, numbers', async () => {
      const { stub, client } = setup();
      stub.replyJson(order);
      const result = await client.getOrder(13359622);
      expect(result.line_items?.[0]?.tax_rate).to.equal(0.2);
      expect(result.line_items?.[1]?.sellable?.tax_rate).to.equal(20);
      expect(result.allocations).to.have.length.greaterThan(0);
      expect(result.employee_notes?.[0]?.text).to.contain('internal note');
      expect(result.total_price).to.equal(213.04);
    });

    it('reads each field kind leniently: numbers and booleans in text, text as numbers, unusable values as null', async () => {
      const { stub, client } = setup();
      stub.replyJson({
        id: '7',
        number: 1042,
        allocated_completely: 'true',
        total_price: 'N/A',
        total_tax: null,
        deliver_to: { zip: 10115, first_name: 'Ada' },
        line_items: [{ id: 1, quantity: ' 2 ', tax_rate: '2e-1' }],
        channel: { id: 3, currency_code: 'EUR', unknown_member: { kept: true } },
      });
      const result = await client.getOrder(7);
      expect(result.id).to.equal('7');
      expect(result.number).to.equal('1042');
      expect(result.allocated_completely).to.equal(true);
      expect(result.total_price).to.equal(null);
      expect(result.total_tax).to.equal(null);
      expect(result).not.to.have.property('subtotal_price');
      expect(result.deliver_to?.zip).to.equal('10115');
      expect(result.line_items?.[0]?.quantity).to.equal(2);
      expect(result.line_items?.[0]?.tax_rate).to.equal(0.2);
      expect(result.channel?.['unknown_member']).to.deep.equal({ kept: true });

      stub.replyJson({ id: 8, allocated_completely: 'partly' });
      expect((await client.getOrder(8)).allocated_completely).to.equal(null);
      stub.replyJson({ id: 9, allocated_completely: 1 });
      expect(((await rejectionOf(client.getOrder(9))) as OpsError).code).to.equal('invalid_response');
      stub.replyJson({ id: { nested: true } });
      const error = (await rejectionOf(client.getOrder(10))) as OpsError;
      expect((error.cause as { summary: string }).summary).to.equal('id: Expected an identifier');
    });

    it('turns numeric strings into numbers', async () => {
      const { stub, client } = setup();
      stub.replyJson({
        id: 7,
        total_price: '12.50',
        line_items: [{ id: 1, quantity: '3', price_per_unit: '4' }],
      });
      const result = await client.getOrder(7);
      expect(result.total_price).to.equal(12.5);
      expect(result.line_items?.[0]?.quantity).to.equal(3);
      expect(result.line_items?.[0]?.price_per_unit).to.equal(4);
    });

    it('drops secrets that user objects carry', async () => {
      const { stub, client } = setup();
      stub.replyJson(await sample('allocation-create-response.json'));
      const result = await client.getOrder(1);
      const allocatedBy = result.allocations?.[0]?.allocated_by;
      expect(allocatedBy?.login).to.equal('Dev01');
      expect(allocatedBy).not.to.have.property('api_key');
      expect(JSON.stringify(result)).not.to.contain('redacted-example-value');
    });

    it('drops secrets from whoever updated or cancelled the order, and accepts a bare id there', async () => {
      const { stub, client } = setup();
      const secretUser = { id: 3, login: 'ops', api_key: 'leaked-key', password_reset_token: 'reset-token' };
      stub.replyJson({ id: 1, updated_by: secretUser, cancelled_by: 42 });
      const result = await client.getOrder(1);
      expect(JSON.stringify(result)).not.to.contain('leaked-key');
      expect(JSON.stringify(result)).not.to.contain('reset-token');
      expect(result.cancelled_by).to.equal(42);
    });

    it('drops store credentials and users nested in loosely typed members, at any depth', async () => {
      const { stub, client } = setup();
      const secretUser = { id: 3, login: 'ops', api_key: 'leaked-key', activation_code: 'act-9' };
      stub.replyJson({
        id: 1,
        channel: {
          id: 5,
          name: 'Store',
          marketplace_auth_token: 'mkt-token',
          token: 'channel-token',
          connector_store_key: 'connector-key',
        },
        customer: { id: 8, created_by: secretUser },
        allocations: [{ id: 2, shipment: { id: 4, created_by: secretUser, extra: [{ who: secretUser }] } }],
      });
      const result = await client.getOrder(1);
      const stored = JSON.stringify(client.orders.get(1));
      for (const secret of ['mkt-token', 'channel-token', 'connector-key', 'leaked-key', 'act-9']) {
        expect(JSON.stringify(result)).not.to.contain(secret);
        expect(stored).not.to.contain(secret);
      }
      expect(result.channel?.name).to.equal('Store');
      const shipment = result.allocations?.[0] as
        { shipment?: { created_by?: { login?: string } } } | undefined;
      expect(shipment?.shipment?.created_by?.login).to.equal('ops');
    });

    it('answers from the store with cache "default" and asks again with "reload"', async () => {
      const { stub, client } = setup();
      stub.replyJson(order).replyJson({ ...order, status: 'dispatched' });
      const first = await client.getOrder(13359622);
      const cached = await client.getOrder('13359622');
      expect(cached).to.equal(first);
      expect(stub.calls).to.have.length(1);
      const reloaded = await client.getOrder(13359622, { cache: 'reload' });
      expect(stub.calls).to.have.length(2);
      expect(reloaded.status).to.equal('dispatched');
      expect(client.orders.get(13359622)?.status).to.equal('dispatched');
    });

    it('reports an order without an id as invalid_response', async () => {
      const { stub, client } = setup();
      stub.replyJson({ number: 'R1' });
      const error = await rejectionOf(client.getOrder(1));
      expect(error).to.be.instanceOf(OpsError);
      expect((error as OpsError).code).to.equal('invalid_response');
      expect((error as OpsError).status).to.equal(200);
    });

    it('reports a body that is not JSON as invalid_response', async () => {
      const { stub, client } = setup();
      stub.reply(() => text('<html><body>Welcome</body></html>', 200, 'text/html'));
      const error = (await rejectionOf(client.getOrder(1))) as OpsError;
      expect(error.code).to.equal('invalid_response');
      expect(error.messages.join(' ')).not.to.contain('<html');
    });

    it('reports line_items of the wrong type as invalid_response', async () => {
      const { stub, client } = setup();
      stub.replyJson({ id: 1, line_items: 'none' });
      expect(((await rejectionOf(client.getOrder(1))) as OpsError).code).to.equal('invalid_response');
    });

    it('says where an invalid_response body did not fit', async () => {
      const { stub, client } = setup();
      stub.replyJson({ id: 1, line_items: [{ id: 5 }, { quantity: 2 }] });
      const error = (await rejectionOf(client.getOrder(1))) as OpsError;
      expect(error.code).to.equal('invalid_response');
      const cause = error.cause as { summary: string; issues: Array<{ path: PropertyKey[] }> };
      expect(cause.summary).to.match(/^line_items\[1\]\.id: /);
      expect(cause.issues[0]?.path).to.deep.equal(['line_items', 1, 'id']);
      // The user sees the plain explanation, not the developer's detail.
      expect(error.messages).to.deep.equal(['The service sent an answer that could not be read.']);
    });

    it('refuses "." and ".." as ids before anything is sent', async () => {
      const { stub, client } = setup();
      for (const id of ['.', '..', '']) {
        const error = (await client.getOrder(id).catch((caught: unknown) => caught)) as OpsError;
        expect(error, id).to.be.instanceOf(OpsError);
        expect(error.code).to.equal('validation');
        const deleted = (await client.deleteAllocation(1, id).catch((caught: unknown) => caught)) as OpsError;
        expect(deleted.code).to.equal('validation');
      }
      expect(stub.calls).to.have.length(0);
    });

    it('encodes the id as one path segment', async () => {
      const { stub, client } = setup();
      stub.replyJson({ id: 1 });
      await client.getOrder('1/../../tags');
      expect(stub.last.url.pathname).to.equal('/orders/1%2F..%2F..%2Ftags');
    });
  });

  describe('addOrderNote', () => {
    it('posts { note: { text } } and appends the note to the stored order', async () => {
      const { stub, client } = setup();
      stub.replyJson(order);
      await client.getOrder(13359622);
      const seen: Order[] = [];
      client.orders.subscribe(13359622, (next) => seen.push(next));
      stub.replyJson(
        { id: 99, order_id: 13359622, text: 'Fragile', created_at: '2026-01-01T00:00:00Z' },
        201,
      );

      const note = await client.addOrderNote(13359622, 'Fragile');

      expect(stub.last.method).to.equal('POST');
      expect(stub.last.url.pathname).to.equal('/orders/13359622/notes');
      expect(stub.last.headers.get('content-type')).to.equal('application/json');
      expect(stub.last.body).to.deep.equal({ note: { text: 'Fragile' } });
      expect(note.id).to.equal(99);
      expect(seen).to.have.length(1);
      const notes = seen[0]!.employee_notes!;
      expect(notes.at(-1)?.text).to.equal('Fragile');
      expect(notes).to.have.length((order.employee_notes?.length ?? 0) + 1);
      expect(client.orders.get(13359622)).to.equal(seen[0]);
    });

    it('leaves the store alone when the order was never loaded', async () => {
      const { stub, client } = setup();
      stub.replyJson({ id: 5, text: 'x' }, 201);
      await client.addOrderNote(1, 'x');
      expect(client.orders.get(1)).to.equal(undefined);
    });
  });

  describe('createAllocation', () => {
    it('posts the allocation body and stores the order it answers with', async () => {
      const { stub, client } = setup();
      const created = await sample('allocation-create-response.json');
      stub.replyJson(created, 201);
      const seen: Order[] = [];
      const orderId = (created as Order).id;
      client.orders.subscribe(orderId, (next) => seen.push(next));

      const result = await client.createAllocation(orderId, {
        warehouseId: 1784,
        lineItems: [
          { sellableId: 111, quantity: 2 },
          { sellableId: 222, quantity: 1 },
        ],
      });

      expect(stub.last.method).to.equal('POST');
      expect(stub.last.url.pathname).to.equal(`/orders/${orderId}/allocations`);
      expect(stub.last.body).to.deep.equal({
        allocation: {
          warehouse_id: 1784,
          line_items_attributes: [
            { sellable_id: 111, quantity: 2 },
            { sellable_id: 222, quantity: 1 },
          ],
        },
      });
      expect(result.allocated_completely).to.be.a('boolean');
      expect(seen).to.deep.equal([result]);
      expect(client.orders.get(orderId)).to.equal(result);
    });
  });

  describe('deleteAllocation', () => {
    it('stores the order when the API answers with it', async () => {
      const { stub, client } = setup();
      const body = (await sample('allocation-delete-response.json')) as Order;
      stub.replyJson(body);
      const result = await client.deleteAllocation(body.id, 5);
      expect(stub.last.method).to.equal('DELETE');
      expect(stub.last.url.pathname).to.equal(`/orders/${body.id}/allocations/5`);
      expect(result?.id).to.equal(body.id);
      expect(client.orders.get(body.id)).to.equal(result);
    });

    it('removes the allocation from the stored order when the body is empty', async () => {
      const { stub, client } = setup();
      stub.replyJson(order);
      await client.getOrder(13359622);
      const allocationId = order.allocations![0]!.id;
      const seen: Order[] = [];
      client.orders.subscribe(13359622, (next) => seen.push(next));
      stub.reply(() => empty(200));

      const result = await client.deleteAllocation(13359622, allocationId);

      expect(result).to.equal(null);
      expect(seen).to.have.length(1);
      expect(seen[0]!.allocations!.map((allocation) => allocation.id)).not.to.include(allocationId);
      expect(seen[0]!.allocations).to.have.length(order.allocations!.length - 1);
    });

    it('treats a body that is not an order ({"status":"ok"}) as no order', async () => {
      const { stub, client } = setup();
      stub.replyJson({ status: 'ok' });
      expect(await client.deleteAllocation(1, 2)).to.equal(null);
    });
  });

  describe('order store', () => {
    it('notifies only the subscribers of that order, until they unsubscribe', () => {
      const { client } = setup();
      const seen: Array<number | string> = [];
      const stop = client.orders.subscribe(1, (next) => seen.push(next.id));
      client.orders.subscribe(2, () => seen.push('other'));
      client.orders.set({ id: 1 });
      client.orders.set({ id: '1' });
      stop();
      client.orders.set({ id: 1 });
      expect(seen).to.deep.equal([1, '1']);
    });

    it('keeps notifying the others when one subscriber throws', () => {
      const { client } = setup();
      const seen: number[] = [];
      const originalReportError = window.reportError;
      const reported: unknown[] = [];
      window.reportError = (error: unknown) => reported.push(error);
      try {
        client.orders.subscribe(1, () => {
          throw new Error('broken subscriber');
        });
        client.orders.subscribe(1, () => seen.push(1));
        client.orders.set({ id: 1 });
      } finally {
        window.reportError = originalReportError;
      }
      expect(seen).to.deep.equal([1]);
      expect(reported).to.have.length(1);
    });

    it('keeps a note it holds when an order answered by an earlier request arrives without it', async () => {
      const { stub, client } = setup();
      const base = { id: 7, employee_notes: [{ id: 1, text: 'first', created_at: '2026-01-01T10:00:00Z' }] };
      client.orders.set(base);
      stub.replyJson({ id: 99, text: 'second', created_at: '2026-01-01T10:05:00Z' }, 201);
      await client.addOrderNote(7, 'second');
      // An allocation answer computed before the note was saved.
      client.orders.set({ ...base, allocations: [{ id: 5 }] });
      const stored = client.orders.get(7)!;
      expect(stored.allocations).to.have.length(1);
      expect(stored.employee_notes!.map((note) => note.text)).to.deep.equal(['first', 'second']);
    });

    it('puts a new stock entry into every stored order selling the sellable, and leaves the others as they were', () => {
      const { client } = setup();
      const seen: Array<number | string> = [];
      let lineId = 100;
      const line = (sellableId: number | string, level: number) => ({
        id: (lineId += 1),
        quantity: 1,
        sellable: {
          id: sellableId,
          stock_entries: [
            {
              warehouse_id: 10,
              physical_stock_level: level,
              location: 'A-1',
              warehouse: { id: 10, name: 'Main' },
            },
            { warehouse_id: 11, physical_stock_level: 4 },
          ],
        },
      });
      const other: Order = { id: 3, line_items: [line(6, 2)] };
      client.orders.set({ id: 1, line_items: [line(5, 0), line(6, 2)] });
      // Ids as numeric strings, as some accounts send them.
      client.orders.set({ id: 2, line_items: [line('5', 0)] });
      client.orders.set(other);
      for (const id of [1, 2, 3]) client.orders.subscribe(id, (next) => seen.push(next.id));
      client.orders.updateEach((order) =>
        withStockEntry(order, 5, '10', {
          warehouse_id: 10,
          physical_stock_level: 7,
          available_stock_level: 7,
        }),
      );
      expect(seen).to.deep.equal([1, 2]);
      expect(client.orders.get(3)).to.equal(other);
      const entries = client.orders.get(1)!.line_items![0]!.sellable!.stock_entries!;
      expect(entries[0]).to.deep.include({
        physical_stock_level: 7,
        available_stock_level: 7,
        location: 'A-1',
      });
      expect(entries[0]!.warehouse).to.deep.equal({ id: 10, name: 'Main' });
      expect(entries[1]!.physical_stock_level).to.equal(4);
      expect(
        client.orders.get(1)!.line_items![1]!.sellable!.stock_entries![0]!.physical_stock_level,
      ).to.equal(2);
      expect(
        client.orders.get(2)!.line_items![0]!.sellable!.stock_entries![0]!.physical_stock_level,
      ).to.equal(7);
      // A warehouse the sellable had no entry at gets one.
      client.orders.updateEach((order) =>
        withStockEntry(order, 6, 12, { warehouse_id: 12, physical_stock_level: 1 }),
      );
      expect(client.orders.get(3)!.line_items![0]!.sellable!.stock_entries).to.have.length(3);
    });

    it('does not show a note twice when the order already carried it before the note answer', async () => {
      const { stub, client } = setup();
      client.orders.set({
        id: 7,
        employee_notes: [
          { id: 1, text: 'first', created_at: '2026-01-01T10:00:00Z' },
          { id: 99, text: 'second', created_at: '2026-01-01T10:05:00Z' },
        ],
      });
      stub.replyJson({ id: 99, text: 'second', created_at: '2026-01-01T10:05:00Z' }, 201);
      await client.addOrderNote(7, 'second');
      expect(client.orders.get(7)!.employee_notes!.map((note) => note.text)).to.deep.equal([
        'first',
        'second',
      ]);
    });
  });
});
