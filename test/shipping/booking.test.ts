import { expect } from '@open-wc/testing';
import { OpsError } from '../../src/api/errors.js';
import type { OpsErrorCode } from '../../src/api/errors.js';
import type { BookedShipment } from '../../src/api/index.js';
import { normaliseBooking } from '../../src/api/booking-answer.js';
import { readBookingAnswer, readBookingFailure } from '../../src/shipping/booking.js';
import type { ShipmentToBook } from '../../src/shipping/label-facts.js';
import { outcomeOf } from '../../src/elements/label-downloader/purchase.model.js';
import type { RateSelection } from '../../src/shipping/selection.js';
import { makeQuote } from '../helpers/quote.js';

function booked(fields: Partial<BookedShipment> = {}): BookedShipment {
  return {
    tracking_number: 'PW0000000001GB',
    carrier: null,
    carrier_id: 'parcelway',
    service_carrier: 'parcelway',
    service_name: 'Parcelway Standard',
    label_format: 'PDF',
    label_content: 'JVBERi0=',
    total_charge: { value: 4.15, unit: 'GBP' },
    rate_id: null,
    ...fields,
  } as BookedShipment;
}

const shipment = (rateId: string, remoteShipmentId: string | null): ShipmentToBook => ({
  quote: makeQuote({ rateId, carrierName: 'Parcelway', serviceName: 'Standard', totalCharge: 4.15 }),
  remoteShipmentId,
});

/** A raw booking answer, read as the client reads it: rate ids named from what was sent, then the one reading. */
function read(
  raw: Parameters<typeof normaliseBooking>[0],
  shipments: ShipmentToBook[],
  format: 'PDF' | 'ZPL',
): ReturnType<typeof readBookingAnswer> {
  const sent = shipments.map((entry) => ({
    rate_id: entry.quote.rateId ?? '',
    remote_shipment_id: entry.remoteShipmentId ?? '',
  }));
  return readBookingAnswer(normaliseBooking(raw, sent), shipments, format);
}

describe('the one reading of a booking answer', () => {
  it('reads a shipment listed under successful as bought, with the facts of the answer', () => {
    const [reading] = read({ successful: { s1: booked() } }, [shipment('r1', 's1')], 'PDF');
    expect(reading?.outcome).to.equal('bought');
    if (reading?.outcome !== 'bought') return;
    expect(reading.label.trackingNumber).to.equal('PW0000000001GB');
    expect(reading.label.charges).to.deep.equal({ value: 4.15, unit: 'GBP' });
    expect(reading.label.remoteShipmentId).to.equal('s1');
    expect(reading.label.label).to.equal('JVBERi0=');
  });

  it('reads a shipment listed under failed as not bought, with its reasons', () => {
    const readings = read(
      { failed: { s1: { rate_id: null, errors: ['Quote expired'] } } },
      [shipment('r1', 's1')],
      'PDF',
    );
    expect(readings).to.deep.equal([{ outcome: 'refused', errors: ['Quote expired'], quoteExpired: true }]);
  });

  it('reads a shipment missing from both lists as maybe bought', () => {
    expect(read({}, [shipment('r1', 's1')], 'PDF')).to.deep.equal([{ outcome: 'unclear', errors: [] }]);
    // Two shipments, one label back under a name neither has: neither is taken as bought.
    const two = read(
      { successful: { other: booked() } },
      [shipment('r1', null), shipment('r2', null)],
      'PDF',
    );
    expect(two.map((reading) => reading.outcome)).to.deep.equal(['unclear', 'unclear']);
  });

  it('without a remote_shipment_id, takes the one label of a one-shipment request as its own', () => {
    const [reading] = read({ successful: { '': booked() } }, [shipment('r1', null)], 'PDF');
    expect(reading?.outcome).to.equal('bought');
  });

  it('gives one label that names no rate to neither of two shipments under its key', () => {
    const readings = read(
      { successful: { shared: booked() } },
      [shipment('r1', 'shared'), shipment('r2', 'shared')],
      'PDF',
    );
    expect(readings.map((reading) => reading.outcome)).to.deep.equal(['unclear', 'unclear']);
  });

  it('tells shipments that share a remote_shipment_id apart by rate id', () => {
    const readings = read(
      {
        successful: { shared: booked({ rate_id: 'r2', tracking_number: 'PW2' }) },
        failed: { other: { rate_id: 'r1', errors: ['Address not verified'] } },
      },
      [shipment('r1', 'shared'), shipment('r2', 'shared'), shipment('r3', 'shared')],
      'ZPL',
    );
    expect(readings.map((reading) => reading.outcome)).to.deep.equal(['refused', 'bought', 'unclear']);
    const bought = readings[1];
    if (bought?.outcome === 'bought') expect(bought.label.trackingNumber).to.equal('PW2');
  });

  it('reads a request that failed as a whole: unclear after a 5xx, network, timeout or unreadable body', () => {
    const unclear: OpsErrorCode[] = ['server', 'network', 'timeout', 'invalid_response', 'unknown'];
    for (const code of unclear) {
      expect(readBookingFailure(new OpsError(code, 'x')).outcome, code).to.equal('unclear');
    }
    const refused: OpsErrorCode[] = ['validation', 'unauthorized', 'forbidden', 'rate_limited', 'not_found'];
    for (const code of refused) {
      expect(readBookingFailure(new OpsError(code, 'x')), code).to.deep.equal({
        outcome: 'refused',
        errors: ['x'],
        quoteExpired: false,
      });
    }
    expect(
      readBookingFailure(new OpsError('quote_expired', 'Expired', { messages: ['The quote expired'] })),
    ).to.deep.equal({ outcome: 'refused', errors: ['The quote expired'], quoteExpired: true });
    // The API proxy's 409 already_booked: nothing reached the API, a label is bought elsewhere.
    expect(
      readBookingFailure(
        new OpsError('conflict', 'A label for SO-1 is already bought.', {
          status: 409,
          messages: ['A label for SO-1 is already bought.'],
        }),
      ),
    ).to.deep.equal({ outcome: 'held', errors: ['A label for SO-1 is already bought.'] });
  });
});

describe("label-downloader's outcome of a booking", () => {
  const selection = (rateId: string, remoteShipmentId: string): RateSelection => ({
    ...shipment(rateId, remoteShipmentId),
    requestToken: null,
    options: {},
    expiresAt: null,
    request: {} as RateSelection['request'],
    orderId: 7,
    allocationId: '21',
    optionsValid: true,
  });

  it('sorts each selection into bought, refused or maybe bought, by its parcel', () => {
    const outcome = outcomeOf([selection('r1', 's1'), selection('r2', 's2'), selection('r3', 's3')], {
      readings: [
        {
          outcome: 'bought',
          label: {
            trackingNumber: 'T1',
            format: 'PDF',
            charges: { value: 4.15, unit: 'GBP' },
            carrier: 'parcelway',
            service: 'Standard',
            remoteShipmentId: 's1',
            label: null,
            invoice: null,
          },
        },
        { outcome: 'refused', errors: ['No'], quoteExpired: false },
        { outcome: 'unclear', errors: [] },
      ],
    });
    expect(outcome.purchased.map((label) => [label.key, label.orderId, label.rateId])).to.deep.equal([
      ['s1', 7, 'r1'],
    ]);
    expect(outcome.failed).to.deep.equal([
      { key: 's2', what: 'Parcelway Standard', errors: ['No'], quoteExpired: false },
    ]);
    expect(outcome.unclear).to.deep.equal([
      {
        key: 's3',
        what: 'Parcelway Standard',
        orderId: 7,
        allocationId: '21',
        orderNumber: null,
        cause: 'answer',
      },
    ]);
  });

  it('sorts a booking the API proxy refused for a label bought elsewhere (409) apart, with its words', () => {
    const outcome = outcomeOf([selection('r1', 's1')], {
      readings: [{ outcome: 'held', errors: ['A label for SO-1 is already bought.'] }],
    });
    expect(outcome.purchased).to.deep.equal([]);
    expect(outcome.failed).to.deep.equal([]);
    expect(outcome.unclear).to.deep.equal([
      {
        key: 's1',
        what: 'Parcelway Standard',
        orderId: 7,
        allocationId: '21',
        orderNumber: null,
        cause: 'elsewhere',
        messages: ['A label for SO-1 is already bought.'],
      },
    ]);
  });
});
