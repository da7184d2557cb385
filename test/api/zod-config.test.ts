import { expect } from '@open-wc/testing';
import { config } from 'zod/mini';
import { StubFetch } from './stub-fetch.js';

/**
 * zod keeps one configuration for everything that uses the same copy of zod. The client sets
 * `jitless` only when nobody has chosen (test/api/csp.test.ts checks that it does then); a host
 * whose own code chose before the client loaded keeps its choice, and the client still parses.
 *
 * The client is imported only after the host's choice is made, so this file imports it lazily.
 */
describe('zod configuration shared with the host', () => {
  it('keeps a jitless choice the host made before the client loaded', async () => {
    config({ jitless: false });
    const { createClient } = await import('../../src/api/index.js');
    expect(config().jitless).to.equal(false);

    const stub = new StubFetch();
    const client = createClient({ baseUrl: 'https://api.example.test', fetch: stub.fetch, rateLimit: false });
    stub.replyJson({ id: '7', total_price: '12.50' });
    const order = await client.getOrder(7);
    expect(order.total_price).to.equal(12.5);
  });
});
