import { expect } from '@open-wc/testing';
import type { Allocation, Order, RatesRequest, RatesResult } from '../../../src/api/index.js';
import { toResolvedLocale } from '../../../src/shared/locale.js';
import { allocationOf, orderRequests } from '../../../src/elements/rate-picker/rate-picker.model.js';
import {
  picked,
  ratesAnnouncement,
  requoted,
  selectionOf,
} from '../../../src/elements/rate-picker/rate-results.model.js';
import { makeQuote } from '../../helpers/quote.js';
import { englishWords } from '../../helpers/rate-words.js';

const en = englishWords(toResolvedLocale('en-GB'));

function allocation(id: number, city: string, shipped = false): Allocation {
  return {
    id,
    total_weight: 850,
    weight_unit: 'g',
    warehouse: { id: id + 100, name: `${city} depot`, city, country: 'GB' },
    shipment: shipped
      ? { id: id + 200, tracking_number: `TRK${id}`, carrier: 'Parcelway', created_at: null }
      : null,
  };
}

function order(allocations: Allocation[], status = 'awaiting_fulfillment'): Order {
  return {
    id: 7,
    number: 'A-7',
    status,
    deliver_to: { first_name: 'Ada', last_name: 'Byron', city: 'Leeds', country: 'gb' },
    allocations,
  };
}

function rates(fields: Partial<RatesResult> = {}): RatesResult {
  return {
    quotes: [],
    unavailableQuotes: [],
    remoteShipmentId: 'shipment-1',
    requestToken: 'token-1',
    expiresAt: null,
    toAddressId: null,
    fromAddressId: null,
    ...fields,
  };
}

describe('rate-picker model', () => {
  it('quotes the chosen allocation, else the first without a label, else the first', () => {
    const london = allocation(1, 'London', true);
    const leeds = allocation(2, 'Leeds');
    const york = allocation(3, 'York');
    expect(allocationOf(order([london, leeds, york]), undefined)?.id).to.equal(2);
    expect(allocationOf(order([london, leeds, york]), '3')?.id).to.equal(3);
    expect(allocationOf(order([london, leeds, york]), '1')?.id).to.equal(1);
    expect(allocationOf(order([london, leeds]), '99')?.id).to.equal(2);
    expect(allocationOf(order([london, allocation(2, 'Leeds', true)]), undefined)?.id).to.equal(1);
    expect(allocationOf(order([]), undefined)).to.equal(undefined);
  });

  it('builds the request once per order version and allocation, and none for a label already bought', () => {
    const requestOf = orderRequests();
    const current = order([allocation(1, 'London', true), allocation(2, 'Leeds')]);
    const request = requestOf(current, undefined);
    if (typeof request !== 'object') throw new Error(`no request: ${request}`);
    expect(request.from_address.town).to.equal('Leeds');
    expect(request.to_address.country_code).to.equal('GB');
    expect(requestOf(current, undefined)).to.equal(request);
    expect(requestOf(current, '2')).to.equal(request);
    // A new version of the order is read afresh.
    expect(requestOf({ ...current }, undefined)).not.to.equal(request);
    // The allocation with a label, or any once the order has shipped.
    expect(requestOf(current, '1')).to.equal('alreadyShipped');
    expect(requestOf({ ...current, status: 'shipped' }, '2')).to.equal('alreadyShipped');
    expect(requestOf(order([]), undefined)).to.equal('noAllocation');
  });

  it('makes the selection of the chosen quote, with its options and whether they are valid', () => {
    const quote = makeQuote({ rateId: 'r1', serviceName: 'Standard' });
    const result = rates({ quotes: [quote], expiresAt: '2030-01-01T00:00:00Z' });
    const request: RatesRequest = {
      to_address: {},
      from_address: {},
      parcels: [{ weight: 1, weight_unit: 'kg' }],
    };
    const state = {
      quote,
      rates: result,
      request,
      optionValues: {},
      orderId: 7,
      allocationId: '21',
      words: en,
    };
    expect(selectionOf(state)).to.deep.equal({
      quote,
      remoteShipmentId: 'shipment-1',
      requestToken: 'token-1',
      options: {},
      expiresAt: '2030-01-01T00:00:00Z',
      request,
      orderId: 7,
      allocationId: '21',
      optionsValid: true,
    });
    expect(selectionOf({ ...state, quote: undefined })).to.equal(undefined);
    expect(selectionOf({ ...state, rates: undefined })).to.equal(undefined);
    expect(selectionOf({ ...state, request: undefined })).to.equal(undefined);
  });

  it('picks a quote with its service options at their defaults, and none that is not quoted', () => {
    const insured = makeQuote({
      rateId: 'r1',
      serviceOptions: [
        { key: 'cover', label: 'Cover', type: 'text', default: '50', values: [], multiple: false },
      ],
    });
    expect(picked([insured], 'r1')).to.deep.equal({ rateId: 'r1', optionValues: { cover: '50' } });
    expect(picked([insured], 'gone')).to.equal(undefined);
  });

  it('keeps the chosen service across fresh quotes, or lets the choice go', () => {
    const standard = makeQuote({ rateId: 'old', carrierId: 'pw', serviceName: 'Standard' });
    const again = makeQuote({ rateId: 'new', carrierId: 'pw', serviceName: 'Standard' });
    const express = makeQuote({ rateId: 'x', carrierId: 'pw', serviceName: 'Express' });
    expect(requoted(standard, [express, again], {})).to.deep.equal({ rateId: 'new', optionValues: {} });
    expect(requoted(standard, [express], { note: 'x' })).to.deep.equal({
      rateId: undefined,
      optionValues: {},
    });
    expect(requoted(undefined, [express], {})).to.deep.equal({ rateId: undefined, optionValues: {} });
  });

  it('announces how many quotes came and for how long they are valid, or that none did', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const quotes = [makeQuote({ rateId: 'a' }), makeQuote({ rateId: 'b' })];
    expect(ratesAnnouncement(rates({ quotes, expiresAt: '2030-01-01T00:15:00Z' }), en, now)).to.equal(
      '2 rates found, valid for 15 mins.',
    );
    expect(ratesAnnouncement(rates({ quotes: [], expiresAt: null }), en, now)).to.contain(
      'No carrier can take this parcel',
    );
  });
});
