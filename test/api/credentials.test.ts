import { expect } from '@open-wc/testing';
import { createClient, OpsError } from '../../src/api/index.js';
import { StubFetch, empty, json, rejectionOf, text } from './stub-fetch.js';

const base = { baseUrl: 'https://api.example.test', rateLimit: false as const, retry: { baseDelayMs: 1 } };

describe('credentials', () => {
  it('sends an API key as x-api-key and nothing else', async () => {
    const stub = new StubFetch().replyJson({ id: 1 });
    const client = createClient({ ...base, credentials: { apiKey: 'k-1' }, fetch: stub.fetch });
    await client.getOrder(1);
    expect(stub.last.headers.get('x-api-key')).to.equal('k-1');
    expect(stub.last.headers.has('authorization')).to.equal(false);
    expect(stub.last.url.href).not.to.contain('k-1');
  });

  it('sends a bearer token from getToken(), sync or async', async () => {
    const stub = new StubFetch().replyJson({ id: 1 }).replyJson({ id: 2 });
    const sync = createClient({ ...base, credentials: { getToken: () => 'tok-sync' }, fetch: stub.fetch });
    await sync.getOrder(1);
    expect(stub.last.headers.get('authorization')).to.equal('Bearer tok-sync');
    const asyncClient = createClient({
      ...base,
      credentials: { getToken: () => Promise.resolve('tok-async') },
      fetch: stub.fetch,
    });
    await asyncClient.getOrder(2);
    expect(stub.last.headers.get('authorization')).to.equal('Bearer tok-async');
    expect(stub.last.headers.has('x-api-key')).to.equal(false);
  });

  it('sends no credential when none is configured (a proxy adds it)', async () => {
    const stub = new StubFetch().replyJson({ id: 1 });
    const client = createClient({ ...base, fetch: stub.fetch });
    await client.getOrder(1);
    expect(stub.last.headers.has('authorization')).to.equal(false);
    expect(stub.last.headers.has('x-api-key')).to.equal(false);
  });

  it('on a 401 asks getToken() again and resends exactly once', async () => {
    const tokens = ['old-token', 'new-token'];
    let asked = 0;
    const stub = new StubFetch().reply(() => empty(401)).replyJson({ id: 1 });
    const client = createClient({
      ...base,
      credentials: { getToken: () => tokens[asked++] ?? 'other' },
      fetch: stub.fetch,
    });
    const order = await client.getOrder(1);
    expect(order.id).to.equal(1);
    expect(asked).to.equal(2);
    expect(stub.calls.map((call) => call.headers.get('authorization'))).to.deep.equal([
      'Bearer old-token',
      'Bearer new-token',
    ]);
  });

  it('a second 401 is the error, after two requests in all', async () => {
    let asked = 0;
    const stub = new StubFetch().always(() => json({ error: 'Unauthorized' }, 401));
    const client = createClient({
      ...base,
      credentials: {
        getToken: () => {
          asked += 1;
          return `token-${asked}`;
        },
      },
      fetch: stub.fetch,
    });
    const error = (await rejectionOf(client.addOrderNote(1, 'hello'))) as OpsError;
    expect(error.code).to.equal('unauthorized');
    expect(stub.calls).to.have.length(2);
    expect(asked).to.equal(2);
    expect(error.message).not.to.contain('token-');
  });

  it('an error body that echoes the credential shows it blotted out', async () => {
    const key = 'live-key-3f9c2a81';
    const stub = new StubFetch()
      .replyJson({ error: `Invalid API key ${key}` }, 401)
      .replyJson({ error_messages: ['Token tok-secret-0042 is not allowed'] }, 403)
      .replyJson({ error_messages: ['Token tok-secret-0042 is not allowed'] }, 403);
    const keyed = createClient({ ...base, credentials: { apiKey: key }, fetch: stub.fetch });
    const keyError = (await rejectionOf(keyed.getOrder(1))) as OpsError;
    expect(JSON.stringify(keyError.messages)).not.to.contain(key);
    expect(keyError.messages[0]).to.contain('Invalid API key [redacted]');
    const bearer = createClient({
      ...base,
      credentials: { getToken: () => 'tok-secret-0042' },
      fetch: stub.fetch,
    });
    const tokenError = (await rejectionOf(bearer.getOrder(1))) as OpsError;
    expect(tokenError.messages).to.deep.equal(['Token [redacted] is not allowed']);
  });

  it('an error body that echoes the key JSON-escaped shows it blotted out too', async () => {
    const key = 'live-key-7a1e3b90';
    const escaped = key.replace(/[a-z]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const stub = new StubFetch()
      .reply(() => text(`{"error":"Invalid API key ${escaped}"}`, 401, 'application/json'))
      .reply(() =>
        text(
          `{"error_messages":["Key ${escaped.slice(0, 25)}${key.slice(5)} is not allowed"]}`,
          403,
          'application/json',
        ),
      );
    const keyed = createClient({ ...base, credentials: { apiKey: key }, fetch: stub.fetch });
    const keyError = (await rejectionOf(keyed.getOrder(1))) as OpsError;
    expect(keyError.messages[0]).to.contain('Invalid API key [redacted]');
    const mixedError = (await rejectionOf(keyed.getOrder(1))) as OpsError;
    expect(mixedError.messages).to.deep.equal(['Key [redacted] is not allowed']);
    for (const error of [keyError, mixedError]) {
      const shown = JSON.stringify([error.message, error.messages]);
      expect(shown).not.to.contain(key);
      expect(shown).not.to.contain('live-');
    }
  });

  it('with an API key a 401 is not resent', async () => {
    const stub = new StubFetch().always(() => empty(401));
    const client = createClient({ ...base, credentials: { apiKey: 'k' }, fetch: stub.fetch });
    const error = (await rejectionOf(client.getOrder(1))) as OpsError;
    expect(error.code).to.equal('unauthorized');
    expect(stub.calls).to.have.length(1);
  });

  it('a getToken() failure becomes an unauthorized OpsError and nothing is sent', async () => {
    const stub = new StubFetch();
    const client = createClient({
      ...base,
      credentials: { getToken: () => Promise.reject(new Error('refresh endpoint down: token=abc')) },
      fetch: stub.fetch,
    });
    const error = (await rejectionOf(client.getOrder(1))) as OpsError;
    expect(error).to.be.instanceOf(OpsError);
    expect(error.code).to.equal('unauthorized');
    expect(error.message).not.to.contain('abc');
    expect(stub.calls).to.have.length(0);
  });

  it('an OpsError from getToken() (e.g. a blocked popup) passes through as is', async () => {
    const popupError = new OpsError('popup_blocked', 'The sign-in window was blocked.');
    const client = createClient({
      ...base,
      credentials: { getToken: () => Promise.reject(popupError) },
      fetch: new StubFetch().fetch,
    });
    expect(await rejectionOf(client.getOrder(1))).to.equal(popupError);
  });

  it('a getToken() that never settles still honours abort and timeout', async () => {
    const stub = new StubFetch();
    const client = createClient({
      ...base,
      timeoutMs: 100,
      credentials: { getToken: () => new Promise<string>(() => undefined) },
      fetch: stub.fetch,
    });
    const timedOut = (await rejectionOf(client.getOrder(1))) as OpsError;
    expect(timedOut.code).to.equal('timeout');
    const controller = new AbortController();
    const pending = client.addOrderNote(1, 'x', { signal: controller.signal });
    controller.abort();
    expect(((await rejectionOf(pending)) as OpsError).code).to.equal('aborted');
    expect(stub.calls).to.have.length(0);
  });
});
