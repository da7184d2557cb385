import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSandbox, SEED_IDS } from '../../src/sandbox/index.js';
import { NAMED_ORDER_COUNT, ORDER_HISTORY_COUNT } from '../../src/sandbox/seed-ids.js';
import { at, call } from './helpers/sandbox-calls.js';

interface StockEntryJson {
  warehouse_id: number;
  allocated_stock_level: number;
  available_stock_level: number;
  physical_stock_level: number;
}
interface LineItemJson {
  sellable: { id: number; stock_entries: StockEntryJson[] };
}

function stockAt(order: unknown, sellableId: number, warehouseId: number) {
  const item = (order as { line_items: LineItemJson[] }).line_items.find(
    (line) => line.sellable.id === sellableId,
  );
  return item?.sellable.stock_entries.find((entry) => entry.warehouse_id === warehouseId);
}

const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;
const W = SEED_IDS.warehouses;

describe('sandbox orders', () => {
  it('lists orders with the paging headers', async () => {
    const sandbox = createSandbox();
    const { status, headers, json } = await call(sandbox, 'GET', '/orders?page=2&page_size=2');
    assert.equal(status, 200);
    assert.equal(at(json, 'length'), 2);
    assert.equal(headers.get('X-Total-Count'), String(NAMED_ORDER_COUNT + ORDER_HISTORY_COUNT));
    assert.equal(
      headers.get('X-Total-Pages-Count'),
      String(Math.ceil((NAMED_ORDER_COUNT + ORDER_HISTORY_COUNT) / 2)),
    );
    assert.equal(headers.get('X-Page-Index'), '2');
    assert.equal(headers.get('X-Per-Page'), '2');
  });

  it('answers 404 for an unknown order', async () => {
    const { status, json } = await call(createSandbox(), 'GET', '/orders/1');
    assert.equal(status, 404);
    assert.deepEqual(json, { status: '404', error: 'Not Found' });
  });

  it('seeds orders in several states, consistent with stock', async () => {
    const sandbox = createSandbox();
    const unallocated = (await call(sandbox, 'GET', `/orders/${O.unallocated}`)).json;
    assert.equal(at(unallocated, 'allocated_completely'), false);
    assert.equal(at(unallocated, 'allocations.length'), 0);
    assert.equal(at(unallocated, 'channel.currency_code'), 'GBP');
    assert.equal(at(unallocated, 'deliver_to.country'), 'GB');
    const partly = (await call(sandbox, 'GET', `/orders/${O.partlyAllocated}`)).json;
    assert.equal(at(partly, 'allocated_completely'), false);
    assert.equal(at(partly, 'allocations.length'), 1);
    assert.deepEqual(stockAt(partly, S.teaTowelSage, W.london), {
      ...stockAt(partly, S.teaTowelSage, W.london),
      allocated_stock_level: 4,
      available_stock_level: 26,
      physical_stock_level: 30,
    });
    const ready = (await call(sandbox, 'GET', `/orders/${O.allocated}`)).json;
    assert.equal(at(ready, 'allocated_completely'), true);
    assert.equal(at(ready, 'allocations.0.allocated_by.id'), SEED_IDS.user);
    const international = (await call(sandbox, 'GET', `/orders/${O.international}`)).json;
    assert.equal(at(international, 'international'), true);
    assert.equal(at(international, 'deliver_to.country'), 'US');
    assert.equal(at(international, 'channel.currency_code'), 'USD');
    const notes = (await call(sandbox, 'GET', `/orders/${O.withNotes}`)).json;
    assert.equal(at(notes, 'employee_notes.length'), 2);
    assert.ok(at(notes, 'customer_note.text'));
  });

  it('seeds orders in the statuses of the live service', async () => {
    const sandbox = createSandbox();
    const statusOf = async (id: number) => at((await call(sandbox, 'GET', `/orders/${id}`)).json, 'status');
    assert.equal(await statusOf(O.unallocated), 'awaiting_stock');
    assert.equal(await statusOf(O.partlyAllocated), 'awaiting_stock');
    assert.equal(await statusOf(O.allocated), 'awaiting_fulfillment');
    assert.equal(await statusOf(O.awaitingPayment), 'awaiting_payment');
    assert.equal(await statusOf(O.onHold), 'on_hold');
    assert.equal(await statusOf(O.refunded), 'refunded');
    const cancelled = (await call(sandbox, 'GET', `/orders/${O.cancelled}`)).json;
    assert.equal(at(cancelled, 'status'), 'cancelled');
    assert.equal(typeof at(cancelled, 'cancelled_at'), 'string');
    assert.equal(typeof at(cancelled, 'cancel_reason'), 'string');
    const shipped = (await call(sandbox, 'GET', `/orders/${O.shipped}`)).json;
    assert.equal(at(shipped, 'status'), 'shipped');
    assert.equal(typeof at(shipped, 'shipped_at'), 'string');
    assert.match(String(at(shipped, 'allocations.0.shipment.tracking_number')), /^[A-Z]{2}\d+GB$/);

    const all = (await call(sandbox, 'GET', '/orders?page_size=100')).json as { status: string }[];
    const live = [
      'awaiting_payment',
      'awaiting_stock',
      'awaiting_fulfillment',
      'shipped',
      'on_hold',
      'cancelled',
      'refunded',
    ];
    assert.deepEqual([...new Set(all.map((order) => order.status))].sort(), [...live].sort());
    const onlyShipped = await call(sandbox, 'GET', '/orders?status=shipped');
    assert.deepEqual(
      (onlyShipped.json as { id: number }[]).map((order) => order.id),
      [O.shipped],
    );
    assert.equal(onlyShipped.headers.get('X-Total-Count'), '1');
  });

  it('moves an order from awaiting_stock to awaiting_fulfillment by allocation, and to shipped by a label', async () => {
    const sandbox = createSandbox();
    const allocate = (sellableId: number, quantity: number) =>
      call(sandbox, 'POST', `/orders/${O.partlyAllocated}/allocations`, {
        allocation: {
          warehouse_id: W.manchester,
          line_items_attributes: [{ sellable_id: sellableId, quantity }],
        },
      });
    const full = await allocate(S.notebookTan, 1);
    assert.equal(full.status, 201);
    assert.equal(at(full.json, 'status'), 'awaiting_fulfillment');
    const removed = await call(
      sandbox,
      'DELETE',
      `/orders/${O.partlyAllocated}/allocations/${String(at(full.json, 'allocations.1.id'))}`,
    );
    assert.equal(at(removed.json, 'status'), 'awaiting_stock');
    const again = await allocate(S.notebookTan, 1);
    assert.equal(at(again.json, 'status'), 'awaiting_fulfillment');
    const physicalBefore = stockAt(again.json, S.notebookTan, W.manchester)?.physical_stock_level ?? 0;

    const rates = await call(sandbox, 'POST', '/shipping/api/v1/rates', {
      from_address: { name: 'Sandbox Goods Ltd', postcode: 'M1 1AA', country_code: 'GB' },
      to_address: { name: 'Oliver Bennett', postcode: 'M4 5JD', country_code: 'GB' },
      parcels: [{ weight: 0.8, weight_unit: 'kg' }],
      customer_reference: 'SB-1002',
    });
    const rateId = String(at(rates.json, 'quotes.0.rate_id'));
    const booked = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
      shipments: [{ rate_id: rateId }],
    });
    assert.equal(booked.status, 200);
    const remoteId = String(at(rates.json, 'remote_shipment_id'));
    const tracking = at(booked.json, `successful.${remoteId}.tracking_number`);

    const order = (await call(sandbox, 'GET', `/orders/${O.partlyAllocated}`)).json;
    assert.equal(at(order, 'status'), 'shipped');
    assert.equal(typeof at(order, 'shipped_at'), 'string');
    assert.equal(at(order, 'allocations.0.shipment.tracking_number'), tracking);
    assert.equal(at(order, 'allocations.1.shipment.tracking_number'), tracking);
    // The shipped units have left the warehouse.
    assert.equal(stockAt(order, S.notebookTan, W.manchester)?.physical_stock_level, physicalBefore - 1);
    assert.equal(stockAt(order, S.notebookTan, W.manchester)?.allocated_stock_level, 0);
  });

  it('ships an order allocated at two warehouses in two labels, each from its own warehouse', async () => {
    const sandbox = createSandbox();
    // SB-1002: the towels are allocated at London; the notebook goes to Manchester.
    await call(sandbox, 'POST', `/orders/${O.partlyAllocated}/allocations`, {
      allocation: {
        warehouse_id: W.manchester,
        line_items_attributes: [{ sellable_id: S.notebookTan, quantity: 1 }],
      },
    });
    const book = async (from: Record<string, string>) => {
      const rates = await call(sandbox, 'POST', '/shipping/api/v1/rates', {
        from_address: { ...from, country_code: 'GB' },
        to_address: { name: 'Oliver Bennett', postcode: 'M4 5JD', country_code: 'GB' },
        parcels: [{ weight: 0.8, weight_unit: 'kg' }],
        customer_reference: 'SB-1002',
      });
      const booked = await call(sandbox, 'POST', '/shipping/api/v1/shipments', {
        shipments: [{ rate_id: String(at(rates.json, 'quotes.0.rate_id')) }],
      });
      return at(booked.json, `successful.${String(at(rates.json, 'remote_shipment_id'))}.tracking_number`);
    };
    const shipmentAt = (order: unknown, warehouseId: number) =>
      (
        order as {
          allocations: Array<{ warehouse_id?: number; warehouse?: { id: number }; shipment: unknown }>;
        }
      ).allocations.find(
        (allocation) => (allocation.warehouse?.id ?? allocation.warehouse_id) === warehouseId,
      )?.shipment;

    // From London, named as the client names a warehouse: only London's allocation ships.
    const first = await book({ name: 'London Fulfilment Centre', postcode: 'RM9 6RH' });
    let order = (await call(sandbox, 'GET', `/orders/${O.partlyAllocated}`)).json;
    assert.equal(at(order, 'status'), 'awaiting_fulfillment');
    assert.equal((shipmentAt(order, W.london) as { tracking_number: unknown }).tracking_number, first);
    assert.equal(shipmentAt(order, W.manchester), null);

    // From Manchester, by postcode and country: the rest ships, and the order is shipped.
    const second = await book({ name: 'Dispatch', postcode: 'm17 1ex' });
    order = (await call(sandbox, 'GET', `/orders/${O.partlyAllocated}`)).json;
    assert.equal(at(order, 'status'), 'shipped');
    assert.equal((shipmentAt(order, W.manchester) as { tracking_number: unknown }).tracking_number, second);
    assert.notEqual(first, second);
  });

  it('appends notes with the current user as author', async () => {
    const sandbox = createSandbox({ now: () => Date.parse('2026-01-02T03:04:05Z') });
    const created = await call(sandbox, 'POST', `/orders/${O.withNotes}/notes`, {
      note: { text: 'Packed twice' },
    });
    assert.equal(created.status, 201);
    assert.equal(at(created.json, 'order_id'), O.withNotes);
    assert.equal(at(created.json, 'text'), 'Packed twice');
    assert.equal(at(created.json, 'created_at'), '2026-01-02T03:04:05.000Z');
    assert.equal(at(created.json, 'created_by.id'), SEED_IDS.user);
    assert.equal(typeof at(created.json, 'created_by.login'), 'string');
    const order = (await call(sandbox, 'GET', `/orders/${O.withNotes}`)).json;
    assert.equal(at(order, 'employee_notes.length'), 3);
    assert.equal(at(order, 'employee_notes.2.text'), 'Packed twice');

    assert.equal(
      (await call(sandbox, 'POST', `/orders/${O.withNotes}/notes`, { note: { text: '  ' } })).status,
      422,
    );
    assert.equal((await call(sandbox, 'POST', `/orders/${O.withNotes}/notes`, {})).status, 400);
    assert.equal((await call(sandbox, 'POST', '/orders/1/notes', { note: { text: 'x' } })).status, 404);
  });

  it('allocates: moves stock, reports allocated_completely, delete restores', async () => {
    const sandbox = createSandbox();
    const first = await call(sandbox, 'POST', `/orders/${O.unallocated}/allocations`, {
      allocation: {
        warehouse_id: W.london,
        line_items_attributes: [
          { sellable_id: S.beanieCharcoal, quantity: 2 },
          { sellable_id: S.mugWhite, quantity: 1 },
        ],
      },
    });
    assert.equal(first.status, 201);
    assert.equal(at(first.json, 'id'), O.unallocated);
    assert.equal(at(first.json, 'allocated_completely'), false);
    const allocation = at(first.json, 'allocations.0');
    assert.equal(at(allocation, 'warehouse.id'), W.london);
    assert.equal(at(allocation, 'allocated_by.id'), SEED_IDS.user);
    assert.equal(at(allocation, 'total_weight'), 2 * 120 + 340);
    assert.equal(at(allocation, 'weight_unit'), 'g');
    assert.equal(at(allocation, 'line_items.length'), 2);
    assert.equal(at(allocation, 'line_items.0.sellable.sku_code'), 'BEANIE-CHA');
    assert.equal(stockAt(first.json, S.beanieCharcoal, W.london)?.allocated_stock_level, 2);
    assert.equal(stockAt(first.json, S.beanieCharcoal, W.london)?.available_stock_level, 38);

    const second = await call(sandbox, 'POST', `/orders/${O.unallocated}/allocations`, {
      allocation: {
        warehouse_id: W.london,
        line_items_attributes: [{ sellable_id: S.toteNatural, quantity: '1' }],
      },
    });
    assert.equal(second.status, 201);
    assert.equal(at(second.json, 'allocated_completely'), true);

    // Later reads of other orders embedding the same sellable show the moved stock.
    const other = (await call(sandbox, 'GET', `/orders/${O.international}`)).json;
    assert.equal(stockAt(other, S.mugWhite, W.london)?.allocated_stock_level, 1);

    const removed = await call(
      sandbox,
      'DELETE',
      `/orders/${O.unallocated}/allocations/${String(at(allocation, 'id'))}`,
    );
    assert.equal(removed.status, 200);
    assert.equal(at(removed.json, 'allocations.length'), 1);
    assert.equal(at(removed.json, 'allocated_completely'), false);
    assert.equal(stockAt(removed.json, S.beanieCharcoal, W.london)?.allocated_stock_level, 0);
    assert.equal(stockAt(removed.json, S.beanieCharcoal, W.london)?.available_stock_level, 40);
    assert.equal(
      (await call(sandbox, 'DELETE', `/orders/${O.unallocated}/allocations/${String(at(allocation, 'id'))}`))
        .status,
      404,
    );
  });

  it('refuses allocations beyond the unallocated quantity or the available stock', async () => {
    const sandbox = createSandbox();
    const allocate = (warehouse: number, sellable: number, quantity: number) =>
      call(sandbox, 'POST', `/orders/${O.unallocated}/allocations`, {
        allocation: { warehouse_id: warehouse, line_items_attributes: [{ sellable_id: sellable, quantity }] },
      });
    const tooMany = await allocate(W.london, S.beanieCharcoal, 3);
    assert.equal(tooMany.status, 422);
    assert.match(String(at(tooMany.json, 'error_messages.0')), /still unallocated/);
    const noStock = await allocate(W.rotterdam, S.beanieCharcoal, 1);
    assert.equal(noStock.status, 422);
    assert.match(String(at(noStock.json, 'error_messages.0')), /Not enough stock/);
    assert.equal((await allocate(W.london, S.skillet, 1)).status, 422);
    assert.equal((await allocate(999, S.beanieCharcoal, 1)).status, 422);
    assert.equal((await allocate(W.london, S.beanieCharcoal, -1)).status, 422);
    const order = (await call(sandbox, 'GET', `/orders/${O.unallocated}`)).json;
    assert.equal(at(order, 'allocations.length'), 0);
  });

  // How fast it comes is the bench's to say (`npm run bench`, render), not a timed test's.
  it('serves the 1,000-line order whole', async () => {
    const sandbox = createSandbox();
    const { status, json } = await call(sandbox, 'GET', `/orders/${O.large}`);
    assert.equal(status, 200);
    assert.equal(at(json, 'line_items.length'), 1000);
  });
});
