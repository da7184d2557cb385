import { expect } from '@open-wc/testing';
import type { Allocation, Order, Quote, RatesResult } from '../../../src/api/index.js';
import {
  allocationToShip,
  keptEntries,
  orderProblem,
} from '../../../src/elements/label-batch/label-batch.model.js';
import { showsLabelFor } from '../../../src/elements/label-batch/batch-purchase.js';
import { refreshedEntry } from '../../../src/elements/label-batch/batch-rates.model.js';
import type { BatchEntry, BookingState } from '../../../src/elements/label-batch/label-batch.model.js';
import { filesFor } from '../../../src/elements/label-batch/batch-files.model.js';
import { makeQuote } from '../../helpers/quote.js';

const merge = () => import('../../../src/elements/label-batch/merge-labels.js');
const shipment = { id: 9, tracking_number: 'PW1', carrier: 'Parcelway' } as Allocation['shipment'];

function allocation(id: number, shipped: boolean): Allocation {
  return { id, shipment: shipped ? shipment : null } as Allocation;
}

function order(status: string, allocations: Allocation[]): Order {
  return { id: 1, number: 'SB-1', status, allocations } as Order;
}

function rates(quotes: Quote[]): RatesResult {
  return {
    quotes,
    unavailableQuotes: [],
    remoteShipmentId: 'shp',
    requestToken: null,
    expiresAt: null,
    toAddressId: null,
    fromAddressId: null,
  };
}

describe('label-batch orders', () => {
  it('ships the first allocation without a label; an order whose allocations all have one has shipped', () => {
    const labelled = allocation(1, true);
    const open = allocation(2, false);
    const both = order('awaiting_fulfillment', [labelled, open]);
    expect(allocationToShip(both)).to.equal(open);
    expect(orderProblem(both, open, 'noAddress')).to.deep.equal({ reason: 'noAddress' });

    const done = order('awaiting_stock', [labelled]);
    expect(allocationToShip(done)).to.equal(labelled);
    expect(orderProblem(done, labelled, 'noAddress')).to.deep.equal({ reason: 'alreadyShipped' });
    expect(orderProblem(order('shipped', [open]), open, 'noAddress')).to.deep.equal({
      reason: 'alreadyShipped',
    });

    const none = order('awaiting_stock', []);
    expect(allocationToShip(none)).to.equal(undefined);
    expect(orderProblem(none, undefined, 'noAllocation')).to.deep.equal({ reason: 'noAllocation' });
  });

  it('after an unclear answer, looks for a label on the allocation booked, not on another', () => {
    const read = order('awaiting_fulfillment', [allocation(1, true), allocation(2, false)]);
    expect(showsLabelFor(read, 2)).to.equal(false);
    expect(showsLabelFor(read, 1)).to.equal(true);
    // Without the allocation, any label counts.
    expect(showsLabelFor(read, undefined)).to.equal(true);
    expect(showsLabelFor(read, 3)).to.equal(true);
    expect(showsLabelFor(order('shipped', [allocation(2, false)]), 2)).to.equal(true);
  });

  it('keeps the picked service across new rates, and forgets what the last booking said', () => {
    const before = makeQuote({ rateId: 'old', carrierId: 'parcelway', serviceName: 'Express' });
    const again = makeQuote({ rateId: 'new', carrierId: 'parcelway', serviceName: 'Express' });
    const other = makeQuote({ rateId: 'x', carrierId: 'swift_courier', serviceName: 'Next Day' });
    const entry: BatchEntry = {
      orderId: 1,
      number: 'SB-1',
      allocationId: 2,
      rates: rates([before]),
      pickedRateId: 'old',
      refreshing: true,
      failure: { errors: ['expired'], quoteExpired: true, mayHaveBought: false },
    };
    const refreshed = refreshedEntry(entry, rates([other, again]));
    expect(refreshed.pickedRateId).to.equal('new');
    expect(refreshed.refreshing).to.equal(false);
    expect(refreshed.failure).to.equal(undefined);
    expect(refreshed.problem).to.equal(undefined);
    expect(refreshed.allocationId).to.equal(2);
    expect(refreshedEntry(entry, rates([other])).pickedRateId).to.equal(undefined);
    expect(refreshedEntry(entry, rates([])).problem).to.deep.equal({ reason: 'noQuotes' });
  });

  it('keeps the rows of orders booked or quoted when the batch loads again, and looks at the rest afresh', () => {
    const states: Record<number, BookingState> = { 1: 'booked', 2: 'failed' };
    const entries: BatchEntry[] = [
      { orderId: 1, number: 'A' },
      { orderId: 2, number: 'B' },
      { orderId: 3, number: 'C', rates: rates([]) },
      { orderId: 4, number: 'D', problem: { reason: 'noAllocation' } },
    ];
    const kept = keptEntries(entries, (orderId) => states[orderId] ?? 'idle');
    expect([...kept.keys()]).to.deep.equal([1, 2, 3]);
  });

  it('names the files of the labels by format and date', async () => {
    const zpl = {
      trackingNumber: 'T',
      format: 'ZPL' as const,
      charges: { value: 1, unit: 'GBP' },
      carrier: null,
      service: null,
      remoteShipmentId: null,
      label: btoa('^XA^XZ'),
      invoice: null,
    };
    const files = await filesFor([{ orderId: 1, number: 'A', label: zpl }], merge, '2030-01-02');
    expect(Array.isArray(files) ? files.map(({ name, type }) => [name, type]) : files).to.deep.equal([
      ['labels-2030-01-02.zpl', 'text/plain'],
    ]);
    expect(await filesFor([{ orderId: 1, number: 'A', label: { ...zpl, label: '%%%' } }], merge)).to.equal(
      'fileUnreadable',
    );
    expect(await filesFor([], merge)).to.deep.equal([]);
  });
});
