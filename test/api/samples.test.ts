import { expect } from '@open-wc/testing';
import { normaliseQuote, readErrorBody } from '../../src/api/index.js';
import type { OpsClient } from '../../src/api/index.js';
import { RawQuoteSchema } from '../../src/api/schemas/shipping.js';
import { SAMPLE_CALLS } from './sample-calls.js';
import { stubClient } from './setup.js';
import { sample } from './stub-fetch.js';

/**
 * Every payload the live service is known to send must go through the client. Each sample is
 * served as the answer to the call that returns it, so parsing runs the real code path.
 */
describe('live-service samples', () => {
  for (const [name, call] of Object.entries(SAMPLE_CALLS)) {
    it(`${name} parses`, async () => {
      const { stub, client } = stubClient({ appToken: 'app-123' });
      stub.replyJson(await sample(name));
      const result = await call(client);
      expect(result).to.be.an('object');
      expect(stub.calls).to.have.length(1);
    });
  }

  it('allocation-update-response.json parses as an allocation inside an order', async () => {
    const allocation = await sample('allocation-update-response.json');
    const { stub, client } = stubClient();
    stub.replyJson({ id: 1, allocations: [allocation] });
    const order = await client.getOrder(1);
    expect(order.allocations?.[0]?.warehouse?.id).to.be.a('number');
  });

  it('legacy-quote-fragment.json parses as a quote', async () => {
    const quote = normaliseQuote(RawQuoteSchema.parse(await sample('legacy-quote-fragment.json')));
    expect(quote.serviceOptions).to.have.length(2);
  });

  it('error-bodies.json: every body gives a message', async () => {
    const bodies = (await sample('error-bodies.json')) as Record<string, unknown>;
    for (const body of Object.values(bodies)) {
      expect(readErrorBody(body).messages).to.have.length(1);
    }
  });

  it('channel-create-request.json goes out unchanged through createChannel', async () => {
    const body = (await sample('channel-create-request.json')) as Parameters<OpsClient['createChannel']>[0];
    const { stub, client } = stubClient();
    stub.replyJson({ id: 1, ...body }, 201);
    await client.createChannel(body);
    expect(stub.last.body).to.deep.equal(body);
  });

  it('channel-sellable-create-request.json attributes go out in an envelope of type channel_sellable, ids as numbers', async () => {
    const request = (await sample('channel-sellable-create-request.json')) as {
      data: { attributes: Parameters<OpsClient['createChannelSellable']>[0] };
    };
    const { stub, client } = stubClient();
    stub.replyJson(await sample('channel-sellable-create-response.json'), 201);
    await client.createChannelSellable(request.data.attributes);
    // The sample spells the ids as text; the spec types them as numbers, which is what goes out.
    expect(stub.last.body).to.deep.equal({
      data: {
        type: 'channel_sellable',
        attributes: { ...request.data.attributes, sellable_id: 111222333, channel_id: 1234567 },
      },
    });
  });

  it('booking-request.json goes out unchanged through bookShipments', async () => {
    const body = (await sample('booking-request.json')) as {
      label_format: 'PDF';
      shipments: Array<{ remote_shipment_id: string; rate_id: string }>;
    };
    const { stub, client } = stubClient();
    stub.replyJson({ successful: {}, failed: {} });
    await client.bookShipments({ labelFormat: body.label_format, shipments: body.shipments });
    expect(stub.last.body).to.deep.equal(body);
  });
});
