import { expect } from '@open-wc/testing';
import type { Quote, ShippingConfig } from '../../../src/api/index.js';
import { BookingLedger, MAX_BATCH_ORDERS } from '../../../src/elements/label-batch/label-batch.model.js';
import {
  carriersQuoting,
  chooseQuote,
  ordersToBuy,
  rowState,
  totalsByCurrency,
} from '../../../src/elements/label-batch/batch-rates.model.js';
import type { Choosing } from '../../../src/elements/label-batch/batch-rates.model.js';
import type { BatchEntry } from '../../../src/elements/label-batch/label-batch.model.js';
import { parseOrderIds, uniqueIds } from '../../../src/shared/order-ids.js';
import { inGroups } from '../../../src/elements/label-batch/batch-booking.js';
import { batchPdf, batchZpl } from '../../../src/elements/label-batch/batch-files.model.js';
import { OpsError } from '../../../src/api/errors.js';
import { loadFailure } from '../../../src/api/load-on-demand.js';
import { makeQuote } from '../../helpers/quote.js';

const merge = () => import('../../../src/elements/label-batch/merge-labels.js');
const quote = (fields: Partial<Quote>): Quote => makeQuote(fields);

function config(id: string, providerType: string): ShippingConfig {
  return {
    id,
    type: 'shipping_config',
    configuration_id: '1',
    provider_type: providerType,
    name: providerType,
    relationships: {},
    shipping_services: [],
  } as ShippingConfig;
}

const slowCheap = quote({
  rateId: 'a',
  carrierId: 'economy_post',
  totalCharge: 3.2,
  deliveryEstimate: '2030-01-09T12:00:00Z',
});
const fastDear = quote({
  rateId: 'b',
  carrierId: 'swift_courier',
  totalCharge: 9.5,
  deliveryEstimate: '2030-01-02T12:00:00Z',
});
const middle = quote({
  rateId: 'c',
  carrierId: 'parcelway',
  totalCharge: 6.1,
  deliveryEstimate: '2030-01-04T12:00:00Z',
});
const unbookable = quote({ rateId: null, carrierId: 'parcelway', totalCharge: 1 });
const quotes = [middle, fastDear, unbookable, slowCheap];

function label(format: 'PDF' | 'ZPL', text: string): BatchEntry['label'] {
  return {
    trackingNumber: 'T',
    format,
    charges: { value: 1, unit: 'GBP' },
    carrier: null,
    service: null,
    remoteShipmentId: null,
    label: btoa(text),
    invoice: null,
  };
}

describe('label-batch model', () => {
  it('reads order ids: whole positive numbers, each once, in the order given', () => {
    expect(parseOrderIds(' 13359603, 13359605,x,,13359603, -4, 1.5, 7 ')).to.deep.equal([
      13359603, 13359605, 7,
    ]);
    expect(parseOrderIds(null)).to.deep.equal([]);
    expect(uniqueIds([3, '4', 3, Number.NaN, null, '  '])).to.deep.equal([3, 4]);
    expect(MAX_BATCH_ORDERS).to.equal(100);
  });

  it('chooses the cheapest, the fastest, or a carrier first (else the cheapest), never an unbookable quote', () => {
    expect(chooseQuote(quotes, 'cheapest', [])).to.equal(slowCheap);
    expect(chooseQuote(quotes, 'fastest', [])).to.equal(fastDear);
    const configs = [config('parcelway', 'parcelway'), config('freightline', 'freightline')];
    expect(chooseQuote(quotes, 'carrier:parcelway', configs)).to.equal(middle);
    expect(chooseQuote(quotes, 'carrier:freightline', configs)).to.equal(slowCheap);
    expect(chooseQuote([unbookable], 'cheapest', [])).to.equal(undefined);
    expect(carriersQuoting(configs, quotes).map((entry) => entry.id)).to.deep.equal(['parcelway']);
  });

  it('adds amounts up per currency and groups items', () => {
    const totals = totalsByCurrency([
      { value: 1.1, currency: 'GBP' },
      { value: 2.2, currency: 'gbp' },
      { value: 5, currency: 'USD' },
      { value: null, currency: 'EUR' },
    ]);
    expect([...totals]).to.deep.equal([
      ['GBP', 3.3],
      ['USD', 5],
    ]);
    expect(inGroups([1, 2, 3, 4, 5], 2)).to.deep.equal([[1, 2], [3, 4], [5]]);
  });

  it('books an order at most once: idle → booking → booked or failed, again only when the user chose again', () => {
    const ledger = new BookingLedger();
    expect(ledger.begin([1, 2, 3])).to.deep.equal([1, 2, 3]);
    // A second press before any answer finds every order taken.
    expect(ledger.begin([1, 2, 3])).to.deep.equal([]);
    ledger.booked(1);
    ledger.failed(2, false);
    ledger.failed(3, true);
    expect([ledger.state(1), ledger.state(2), ledger.state(3), ledger.state(4)]).to.deep.equal([
      'booked',
      'failed',
      'failed',
      'idle',
    ]);
    // Never booked again by itself, and a booked order never at all.
    expect(ledger.begin([1, 2, 3, 4])).to.deep.equal([4]);
    ledger.allowRetry(1);
    ledger.allowRetry(2);
    ledger.allowRetry(3);
    expect(ledger.mayHaveBought(3)).to.equal(true);
    expect(ledger.begin([1, 2, 3])).to.deep.equal([2]);
    expect(ledger.state(1)).to.equal('booked');
  });

  it('joins ZPL labels and reports a label that is not Base64', async () => {
    const entries: BatchEntry[] = [
      { orderId: 1, number: 'A', label: label('ZPL', '^XA^FDone^FS^XZ') },
      { orderId: 2, number: 'B' },
      { orderId: 3, number: 'C', label: label('ZPL', '^XA^FDtwo^FS^XZ') },
    ];
    const zpl = batchZpl(entries);
    expect(new TextDecoder().decode(zpl as Uint8Array)).to.equal('^XA^FDone^FS^XZ\n^XA^FDtwo^FS^XZ\n');
    expect(await batchPdf(entries, merge)).to.equal(undefined);
    const broken = [{ orderId: 4, number: 'D', label: { ...label('PDF', 'x')!, label: '%%%' } }];
    expect(await batchPdf(broken, merge)).to.equal('fileUnreadable');
  });

  it("books the picked rate, else the rule's, only for rows with rates that are free to book and not expired", () => {
    const rates = (expiresAt: string): NonNullable<BatchEntry['rates']> => ({
      quotes,
      unavailableQuotes: [],
      remoteShipmentId: 'parcel',
      requestToken: null,
      expiresAt,
      toAddressId: null,
      fromAddressId: null,
    });
    const ledger = new BookingLedger();
    const choosing: Choosing = {
      chooseBy: 'cheapest',
      configs: [],
      ledger,
      clock: { isExpired: (iso) => iso === 'expired' },
    };
    const entries: BatchEntry[] = [
      { orderId: 1, number: 'A', rates: rates('later') },
      { orderId: 2, number: 'B', rates: rates('later'), pickedRateId: 'b' },
      { orderId: 3, number: 'C', rates: rates('expired') },
      { orderId: 4, number: 'D', rates: rates('later'), refreshing: true },
      { orderId: 5, number: 'E', rates: rates('later'), problem: { reason: 'noQuotes' } },
      { orderId: 6, number: 'F' },
      { orderId: 7, number: 'G', rates: rates('later') },
    ];
    ledger.begin([7]);
    expect(ordersToBuy(entries, choosing).map(({ orderId, quote }) => [orderId, quote.rateId])).to.deep.equal(
      [
        [1, 'a'],
        [2, 'b'],
      ],
    );
    expect(rowState(entries[2]!, choosing)).to.deep.include({ state: 'idle', locked: false, expired: true });
    // A row being booked is locked, and its quote no longer expires for it.
    expect(rowState(entries[6]!, choosing)).to.deep.include({
      state: 'booking',
      locked: true,
      expired: false,
    });
  });

  it('tells pdf-lib that could not be loaded from labels that would not merge', async () => {
    const entries: BatchEntry[] = [{ orderId: 1, number: 'A', label: label('PDF', 'not a PDF') }];
    const unloaded = loadFailure(new TypeError('Failed to fetch dynamically imported module'));
    const failure = await batchPdf(entries, () => Promise.reject(unloaded)).catch((error: unknown) => error);
    expect(failure).to.be.instanceOf(OpsError);
    expect((failure as OpsError).code).to.equal('load_failed');
    expect(await batchPdf(entries, merge)).to.equal('mergeFailed');
  });
});
