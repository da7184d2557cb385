import { expect } from '@open-wc/testing';
import { createClient, OpsError } from '../../src/api/index.js';
import type { OpsClient } from '../../src/api/index.js';
import { StubFetch, empty, json, rejectionOf, sample, text } from './stub-fetch.js';

function setup(): { stub: StubFetch; client: OpsClient } {
  const stub = new StubFetch();
  const client = createClient({
    baseUrl: '',
    credentials: { apiKey: 'secret-key-value' },
    fetch: stub.fetch,
    rateLimit: false,
    retry: { retries: 0 },
  });
  return { stub, client };
}

async function failure(
  response: Response,
  call?: (client: OpsClient) => Promise<unknown>,
): Promise<OpsError> {
  const { stub, client } = setup();
  stub.reply(() => response.clone());
  const error = await rejectionOf(call ? call(client) : client.getOrder(1));
  expect(error).to.be.instanceOf(OpsError);
  return error as OpsError;
}

describe('error responses', () => {
  describe('status to code', () => {
    const cases: Array<[number, string]> = [
      [400, 'validation'],
      [422, 'validation'],
      [401, 'unauthorized'],
      [403, 'forbidden'],
      [404, 'not_found'],
      [409, 'conflict'],
      [429, 'rate_limited'],
      [500, 'server'],
      [502, 'server'],
      [503, 'server'],
      [418, 'unknown'],
    ];
    for (const [status, code] of cases) {
      it(`${status} → ${code}`, async () => {
        const error = await failure(empty(status));
        expect(error.code).to.equal(code);
        expect(error.status).to.equal(status);
      });
    }
  });

  it('a 401 explains a regenerated key or an unpaid account, and keeps the API words apart', async () => {
    const error = await failure(json({ error: 'Unauthorized' }, 401));
    expect(error.code).to.equal('unauthorized');
    expect(error.messages).to.deep.equal(['Unauthorized']);
    expect(error.message).to.match(/regenerated/);
    expect(error.message).to.match(/unpaid/);
    expect(error.fromApi).to.equal(true);
  });

  it('a 401 with no body still explains', async () => {
    const error = await failure(empty(401));
    expect(error.messages).to.deep.equal([error.message]);
    expect(error.message).to.match(/API key may have been regenerated/);
    expect(error.fromApi).to.equal(false);
  });

  it('error_messages as a string (sample)', async () => {
    const bodies = (await sample('error-bodies.json')) as Record<string, unknown>;
    const error = await failure(json(bodies['shipping_rates_400_string'], 400));
    expect(error.code).to.equal('validation');
    expect(error.messages).to.deep.equal(['This allocation is already shipped']);
    expect(error.message).to.equal('This allocation is already shipped');
    expect(error.fromApi).to.equal(true);
  });

  it('error_messages as an array (sample)', async () => {
    const bodies = (await sample('error-bodies.json')) as Record<string, unknown>;
    const error = await failure(json(bodies['rate_shopping_400_array'], 400));
    expect(error.messages).to.deep.equal(['Invalid request parameters']);
  });

  it('Rails {status, error} (sample)', async () => {
    const bodies = (await sample('error-bodies.json')) as Record<string, unknown>;
    const error = await failure(json(bodies['purchase_orders_404_rails'], 404));
    expect(error.code).to.equal('not_found');
    expect(error.messages).to.deep.equal(['Not Found']);
  });

  it('errors as an array of strings', async () => {
    const error = await failure(json({ errors: ['Service code is invalid', 'Parcel too heavy'] }, 400));
    expect(error.messages).to.deep.equal(['Service code is invalid', 'Parcel too heavy']);
  });

  it('errors as JSON:API objects {status, title, detail}', async () => {
    const error = await failure(
      json({ errors: [{ status: '403', title: 'Forbidden', detail: 'Insufficient permissions' }] }, 403),
    );
    expect(error.code).to.equal('forbidden');
    expect(error.messages).to.deep.equal(['Insufficient permissions']);
  });

  it('a JSON:API error with only a title', async () => {
    const error = await failure(json({ errors: [{ status: '404', title: 'Record not found' }] }, 404));
    expect(error.messages).to.deep.equal(['Record not found']);
  });

  it('JSON:API 422 source pointers become fieldErrors', async () => {
    const error = await failure(
      json(
        {
          errors: [
            {
              source: { pointer: '/data/attributes/remote_sku' },
              detail: "Remote sku can't be blank",
              status: '422',
            },
            {
              source: { pointer: '/data/attributes/remote_sku' },
              detail: 'Remote sku is taken',
              status: '422',
            },
            {
              source: { pointer: '/data/attributes/channel_id' },
              detail: 'Channel must exist',
              status: '422',
            },
            { source: { pointer: '/data' }, detail: 'Listing is invalid', status: '422' },
          ],
        },
        422,
      ),
    );
    expect(error.code).to.equal('validation');
    expect(error.fieldErrors).to.deep.equal({
      remote_sku: ["Remote sku can't be blank", 'Remote sku is taken'],
      channel_id: ['Channel must exist'],
    });
    expect(error.messages).to.have.length(4);
  });

  it('Rails {errors: {field: [...]}} becomes messages and fieldErrors', async () => {
    const error = await failure(json({ errors: { email: ['is invalid'] } }, 422));
    expect(error.messages).to.deep.equal(['email is invalid']);
    expect(error.fieldErrors).to.deep.equal({ email: ['is invalid'] });
  });

  it('fields named like built-in object members are plain fields', async () => {
    const error = await failure(
      json(
        {
          errors: [
            { source: { pointer: '/data/attributes/constructor' }, detail: 'is reserved', status: '422' },
            { source: { pointer: '/data/attributes/__proto__' }, detail: 'is odd', status: '422' },
            { source: { pointer: '/data/attributes/remote_sku' }, detail: 'is taken', status: '422' },
          ],
        },
        422,
      ),
    );
    expect(error.messages).to.have.length(3);
    expect(Object.keys(error.fieldErrors)).to.have.members(['constructor', '__proto__', 'remote_sku']);
    expect(Object.getPrototypeOf(error.fieldErrors)).to.equal(Object.prototype);
    expect(error.fieldErrors['remote_sku']).to.deep.equal(['is taken']);
  });

  it('OAuth {error, error_description} prefers the description', async () => {
    const error = await failure(
      json({ error: 'invalid_grant', error_description: 'The authorization code has expired.' }, 400),
    );
    expect(error.messages).to.deep.equal(['The authorization code has expired.']);
  });

  it('{error, message}, as the proxy answers: the words, not the code', async () => {
    const error = await failure(json({ error: 'not_found', message: 'No such endpoint.' }, 404));
    expect(error.messages).to.deep.equal(['No such endpoint.']);
    expect(error.message).to.equal('No such endpoint.');
  });

  it('{message}', async () => {
    const error = await failure(json({ message: 'Stock level must be a number' }, 422));
    expect(error.messages).to.deep.equal(['Stock level must be a number']);
  });

  it('an empty body gives a clear generic message', async () => {
    const error = await failure(empty(500));
    expect(error.code).to.equal('server');
    expect(error.fromApi).to.equal(false);
    expect(error.message).to.match(/had a problem/);
  });

  it('an unmapped status says which status it was', async () => {
    const error = await failure(empty(415));
    expect(error.code).to.equal('unknown');
    expect(error.message).to.contain('415');
  });

  it('an empty 429 body gives the rate-limit message', async () => {
    const error = await failure(empty(429));
    expect(error.message).to.match(/Too many requests/);
  });

  it('an HTML body is never shown', async () => {
    const error = await failure(
      text('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>', 502, 'text/html'),
    );
    expect(error.code).to.equal('server');
    expect(error.fromApi).to.equal(false);
    expect(error.messages.join(' ')).not.to.contain('<');
    expect(error.message).not.to.contain('Bad Gateway');
  });

  it('HTML sent as text/plain is not shown either', async () => {
    const error = await failure(text('<h1>Not Found</h1>', 404));
    expect(error.messages.join(' ')).not.to.contain('<');
  });

  it('malformed JSON in an error body falls back to the generic message', async () => {
    const error = await failure(text('{"error_messages": [', 400, 'application/json'));
    expect(error.code).to.equal('validation');
    expect(error.fromApi).to.equal(false);
  });

  it('a short plain-text body is kept', async () => {
    const error = await failure(text('Retry later', 503));
    expect(error.messages).to.deep.equal(['Retry later']);
  });

  it('never puts the credential in the error', async () => {
    const error = await failure(json({ error_messages: ['bad'] }, 400));
    expect(JSON.stringify({ ...error, message: error.message })).not.to.contain('secret-key-value');
    expect(error.url ?? '').not.to.contain('secret-key-value');
  });
});
