/**
 * Browser-test helper: a fresh sandbox tenant on the test server's own origin (mounted by
 * `scripts/test-server.ts`), with the control API wrapped for use in tests.
 */
import { createClient } from '../../src/api/index.js';
import type { ClientOptions, OpsClient } from '../../src/api/index.js';
import { SANDBOX_CREDENTIALS, SEED_IDS } from '../../src/sandbox/seed-ids.js';
import type { SandboxQuirks } from '../../src/sandbox/state.js';
import { recordingFetch } from './recording-fetch.js';
import type { RecordingFetch } from './recording-fetch.js';

export interface TestFault {
  method?: string;
  path?: string;
  status?: number;
  /** `'empty'`, `'html'`, `'malformed'` (truncated JSON) or any JSON value to send as the body. */
  body?: unknown;
  delayMs?: number;
  /** Held until `release()`: a slow answer that comes when the test says, with no time waited. */
  hold?: true;
  network?: true;
  times?: number;
  /** A booking is served, but the shipments at these positions (from 0) are listed as failed. */
  failShipments?: number[];
  failMessage?: string;
}

export interface TestSandboxConfig {
  quoteTtlMs?: number;
  rateLimit?: boolean | { perSecond: number; burst: number };
  quoteNaming?: 'sample' | 'schema';
  /** False: an account without shipping (rates and shipping configurations answer 403). */
  shippingEnabled?: boolean;
  /**
   * Shapes some live accounts answer in, for this tenant only: `stringIds` (ids as numeric
   * strings), `trackingNumberObjects` (tracking numbers as `{id, tracking_number}`),
   * `noTotalPagesCount` (lists without `X-Total-Pages-Count`), … (`src/sandbox/README.md`).
   * Merged with what is on; `reset()` turns them off again.
   */
  quirks?: Partial<SandboxQuirks>;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  body?: unknown;
  fault?: boolean;
  at: string;
}

export interface TestSandbox {
  /** API base URL of this tenant, e.g. `http://localhost:8000/sandbox/t-3f9c…`. */
  baseUrl: string;
  apiKey: string;
  accessToken: string;
  appToken: string;
  seed: typeof SEED_IDS;
  /** Queues a fault (matched by method and path prefix relative to `baseUrl`). */
  fault(spec: TestFault): Promise<void>;
  clearFaults(): Promise<void>;
  /** How many requests a `hold` fault is keeping waiting now. */
  held(): Promise<number>;
  /** Lets every held request go on. */
  release(): Promise<void>;
  configure(config: TestSandboxConfig): Promise<void>;
  /** What the API served so far (control requests excluded). */
  requests(): Promise<LoggedRequest[]>;
  /** Moves this tenant's clock on by `ms`, so its quotes expire without waiting. */
  advanceClock(ms: number): Promise<void>;
  reset(): Promise<void>;
}

/**
 * What the sandbox answered after its first answer to `method` `path`, in the order answered (the
 * log is kept in that order); [] while there is no such answer.
 */
export function answeredAfter(log: readonly LoggedRequest[], method: string, path: string): LoggedRequest[] {
  const index = log.findIndex((entry) => entry.method === method && entry.path === path);
  return index < 0 ? [] : log.slice(index + 1);
}

async function control(baseUrl: string, method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${baseUrl}/__sandbox/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`Sandbox control ${method} ${path} failed: ${response.status} ${await response.text()}`);
  return response;
}

export function createTestSandbox(): TestSandbox {
  const tenant = `t-${crypto.randomUUID()}`;
  const baseUrl = `${location.origin}/sandbox/${tenant}`;
  return {
    baseUrl,
    apiKey: SANDBOX_CREDENTIALS.apiKey,
    accessToken: SANDBOX_CREDENTIALS.accessToken,
    appToken: SANDBOX_CREDENTIALS.appToken,
    seed: SEED_IDS,
    fault: async (spec) => {
      await control(baseUrl, 'POST', 'faults', spec);
    },
    clearFaults: async () => {
      await control(baseUrl, 'DELETE', 'faults');
    },
    held: async () => ((await (await control(baseUrl, 'GET', 'held')).json()) as { held: number }).held,
    release: async () => {
      await control(baseUrl, 'POST', 'release');
    },
    configure: async (config) => {
      await control(baseUrl, 'POST', 'config', config);
    },
    requests: async () => (await (await control(baseUrl, 'GET', 'requests')).json()) as LoggedRequest[],
    advanceClock: async (ms) => {
      await control(baseUrl, 'POST', 'clock', { advanceMs: ms });
    },
    reset: async () => {
      await control(baseUrl, 'POST', 'reset');
    },
  };
}

/** A client of the tenant with its API key (and `options`), recording each request it sends. */
export function recordedClient(
  sandbox: TestSandbox,
  options: Partial<ClientOptions> = {},
): { client: OpsClient; sent: RecordingFetch } {
  const sent = recordingFetch();
  const client = createClient({
    baseUrl: sandbox.baseUrl,
    credentials: { apiKey: sandbox.apiKey },
    ...options,
    fetch: sent.fetch,
  });
  return { client, sent };
}
