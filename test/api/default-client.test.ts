import { expect } from '@open-wc/testing';
import { configure, getDefaultClient, onDefaultClientChange, OpsClient } from '../../src/api/index.js';
import { StubFetch } from './stub-fetch.js';

describe('default client', () => {
  it('before configure() sends requests to the page origin without credentials', async () => {
    const client = getDefaultClient();
    expect(client).to.be.instanceOf(OpsClient);
    expect(client.baseUrl).to.equal('');
    expect(getDefaultClient()).to.equal(client);
  });

  it('configure() replaces it and tells the listeners, until they unsubscribe', async () => {
    const stub = new StubFetch().replyJson({ id: 3 });
    const seen: OpsClient[] = [];
    const stop = onDefaultClientChange((client) => seen.push(client));

    const configured = configure({
      baseUrl: 'https://proxy.example.test',
      fetch: stub.fetch,
      rateLimit: false,
    });
    expect(seen).to.deep.equal([configured]);
    expect(getDefaultClient()).to.equal(configured);
    await getDefaultClient().getOrder(3);
    expect(stub.last.url.href).to.equal('https://proxy.example.test/orders/3');
    expect(stub.last.headers.has('x-api-key')).to.equal(false);
    expect(stub.last.headers.has('authorization')).to.equal(false);

    stop();
    configure({ baseUrl: '' });
    expect(seen).to.have.length(1);
  });
});
