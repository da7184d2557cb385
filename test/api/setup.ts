import { createClient } from '../../src/api/index.js';
import type { ClientOptions, OpsClient } from '../../src/api/index.js';
import { StubFetch } from './stub-fetch.js';

/** A client on a stub fetch, with the throttle off and near-instant retries unless overridden. */
export function stubClient(options: Partial<ClientOptions> = {}): { stub: StubFetch; client: OpsClient } {
  const stub = new StubFetch();
  const client = createClient({
    baseUrl: 'https://api.example.test',
    credentials: { apiKey: 'key-123' },
    fetch: stub.fetch,
    rateLimit: false,
    retry: { baseDelayMs: 1 },
    ...options,
  });
  return { stub, client };
}
