import { createClient, normaliseQuote, readErrorBody } from '../../src/api/index.js';
import { RawQuoteSchema } from '../../src/api/schemas/shipping.js';
import { SAMPLE_CALLS } from './sample-calls.js';
import { StubFetch, rejectionOf, sample } from './stub-fetch.js';

/**
 * Runs the client's parsing paths in whatever window loads this module: every live-service
 * sample through the call that returns it, the two quote naming sets, a body that fails
 * validation and an error body. Resolves with the number of requests sent.
 */
export async function exerciseClient(): Promise<number> {
  const stub = new StubFetch();
  const client = createClient({
    baseUrl: 'https://api.example.test',
    credentials: { apiKey: 'key-123' },
    appToken: 'app-123',
    fetch: stub.fetch,
    rateLimit: false,
    retry: { retries: 0 },
  });
  for (const [name, call] of Object.entries(SAMPLE_CALLS)) {
    stub.replyJson(await sample(name));
    await call(client);
  }

  stub.replyJson({ id: 1, allocations: [await sample('allocation-update-response.json')] });
  await client.getOrder(1, { cache: 'reload' });
  normaliseQuote(RawQuoteSchema.parse(await sample('legacy-quote-fragment.json')));
  readErrorBody(await sample('error-bodies.json'));

  stub.replyJson({ number: 'R1', line_items: 'none' });
  const invalid = await rejectionOf(client.getOrder(2, { cache: 'reload' }));
  if (!(invalid instanceof Error) || !('code' in invalid) || invalid.code !== 'invalid_response') {
    throw new Error('a body that does not fit must be invalid_response');
  }
  stub.replyJson(
    { errors: [{ detail: 'is taken', source: { pointer: '/data/attributes/remote_sku' } }] },
    422,
  );
  await rejectionOf(client.createChannelSellable({ remote_sku: 'x' }));

  return stub.calls.length;
}
