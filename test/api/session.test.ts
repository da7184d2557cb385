import { expect } from '@open-wc/testing';
import { ClientCore, getSession, OpsError } from '../../src/api/index.js';
import { stubClient } from './setup.js';
import { StubFetch, json } from './stub-fetch.js';

/** `getSession`: what the API proxy says the signed-in caller may do and spent today. */
describe('getSession', () => {
  it('reads GET <baseUrl>/session, numbers that arrive as text included', async () => {
    const { stub, client } = stubClient({ baseUrl: 'https://shop.example.test/ops', credentials: undefined });
    stub.reply(() =>
      json({
        id: 'user-42',
        allow: ['read', 'rates', 'buy'],
        limits: { labelsPerDay: 20, maxLabelCharge: '15.50', maxDailySpend: 150 },
        spentToday: { labels: 3, amount: '21.40', currency: 'GBP', amounts: { GBP: 21.4 } },
      }),
    );
    const session = await client.getSession();
    expect(stub.last.method).to.equal('GET');
    expect(stub.last.url.href).to.equal('https://shop.example.test/ops/session');
    expect(session).to.deep.equal({
      id: 'user-42',
      allow: ['read', 'rates', 'buy'],
      limits: { labelsPerDay: 20, maxLabelCharge: 15.5, maxDailySpend: 150 },
      spentToday: { labels: 3, amount: 21.4, currency: 'GBP', amounts: { GBP: 21.4 } },
    });
  });

  it('keeps a session with members missing or null as it came', async () => {
    const { stub, client } = stubClient();
    stub.reply(() => json({ id: 7, allow: null }));
    expect(await client.getSession()).to.deep.equal({ id: '7', allow: null });
  });

  it('answers null on 404: no proxy with roles in front of the API', async () => {
    const { stub, client } = stubClient();
    stub.reply(() => json({ error: 'not_found', message: 'No such endpoint.' }, 404));
    expect(await client.getSession()).to.equal(null);
  });

  it('passes any other failure on as an OpsError', async () => {
    const { stub, client } = stubClient();
    stub.reply(() => json({ error: 'unauthorized', message: 'Sign in to use the API.' }, 401));
    const error = await client.getSession().then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).to.be.instanceOf(OpsError);
    expect((error as OpsError).code).to.equal('unauthorized');
  });

  it('is a function of its own, taking the client first and a signal', async () => {
    const stub = new StubFetch().always(() => json({ id: 'u' }));
    const core = new ClientCore({ baseUrl: 'https://api.example.test', fetch: stub.fetch, rateLimit: false });
    const controller = new AbortController();
    expect(await getSession(core, { signal: controller.signal })).to.deep.equal({ id: 'u' });
    expect(stub.calls[0]?.signal).to.not.equal(null);
  });
});
