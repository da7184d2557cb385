import { expect } from '@open-wc/testing';
import { OrderSchema } from '../../src/api/schemas/order.js';
import { parse } from 'zod/mini';
import { addressLines, packingSlip } from '../../src/documents/packing-slip.model.js';
import { defaultPaper } from '../../src/documents/paper.js';
import { toResolvedLocale } from '../../src/shared/locale.js';
import { slipOrder } from './order-fixture.js';

const en = toResolvedLocale('en-GB');

describe('packing slip model', () => {
  it('reads the store, number, date, address, delivery method, items and note, and no prices', () => {
    const slip = packingSlip(slipOrder(), { locale: en, prices: false });
    expect(slip.storeName).to.equal('Paws & Co');
    expect(slip.orderNumber).to.equal('SO-10482');
    expect(slip.orderDate).to.equal('30 Nov 2026');
    expect(slip.deliverTo).to.deep.equal([
      'Ada Lovelace',
      'Analytical Ltd',
      '12 Engine Row',
      'Flat 3',
      'London N1 9GU',
      'United Kingdom',
    ]);
    expect(slip.deliveryMethod).to.equal('Royal Mail Tracked 48');
    expect(slip.lines).to.deep.equal([
      { title: 'Dog lead', sku: 'LEAD-RED', quantity: 2, values: ['Colour: Red'] },
      { title: 'Dog bed', sku: 'BED-L', quantity: 1, values: ['Size: Large'] },
    ]);
    expect(slip.note).to.equal('Leave it with the neighbour at number 29, please.');
    expect(slip.totals).to.equal(undefined);
  });

  it('carries prices in the order currency only when asked', () => {
    const slip = packingSlip(slipOrder(), { locale: en, prices: true });
    expect(slip.lines.map((line) => [line.unitPrice, line.lineTotal])).to.deep.equal([
      ['£12.50', '£25.00'],
      ['£17.00', '£17.00'],
    ]);
    expect(slip.totals).to.deep.equal({ subtotal: '£42.00', delivery: '£3.50', total: '£45.50' });
  });

  it('falls back to the id, the company and nothing for what an order lacks', () => {
    const slip = packingSlip(
      slipOrder({
        number: null,
        channel: null,
        created_by: { company: { name: 'Acme' } },
        customer_note: null,
        delivery_method: null,
      }),
      { locale: en, prices: false },
    );
    expect(slip.orderNumber).to.equal('501');
    expect(slip.storeName).to.equal('Acme');
    expect(slip.note).to.equal('');
    expect(slip.deliveryMethod).to.equal('');
  });

  it('writes an address the way its country does', () => {
    const de = toResolvedLocale('de-DE');
    expect(
      addressLines(
        { first_name: 'Jörg', address1: 'Hauptstr. 5', zip: '10115', city: 'Berlin', country: 'DE' },
        de,
      ),
    ).to.deep.equal(['Jörg', 'Hauptstr. 5', '10115 Berlin', 'Deutschland']);
    expect(
      addressLines(
        {
          company: 'Acme',
          address1: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
          country: 'US',
        },
        en,
      ),
    ).to.deep.equal(['Acme', '1 Main St', 'Springfield, IL 62701', 'United States']);
  });

  it('reads the customer note of an order as the live service sends it', async () => {
    const raw = (await (await fetch('/test/fixtures/samples/order.json')).json()) as { order?: unknown };
    const order = parse(OrderSchema, raw.order ?? raw);
    const slip = packingSlip(order, { locale: en, prices: false });
    expect(slip.note).to.equal('Please tell Sam to look after this puppy. --This is a customer note--');
    expect(slip.lines.find((line) => line.sku === 'M2IEG-B')?.values).to.deep.equal(['Colour: Black']);
  });

  it('chooses Letter for the United States and Canada, A4 elsewhere', () => {
    expect(['en-US', 'en', 'fr-CA', 'es-US'].map(defaultPaper)).to.deep.equal([
      'letter',
      'letter',
      'letter',
      'letter',
    ]);
    expect(['en-GB', 'de', 'fr', 'es', 'es-MX', 'de-AT'].map(defaultPaper)).to.deep.equal([
      'a4',
      'a4',
      'a4',
      'a4',
      'a4',
      'a4',
    ]);
  });
});
