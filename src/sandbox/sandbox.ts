/**
 * `createSandbox()`: one stateful, seeded fake of the whole Commerce Operations API behind a
 * fetch-standard `fetch(request)`. Around the API routes it adds what tests need from a fake:
 * fault injection, the live service's rate limit, a request log and a control API.
 */
import { Hono } from 'hono';
import { requireCredentials } from './auth.js';
import type { SandboxContext } from './context.js';
import {
  FAULT_HEADER,
  FaultQueue,
  HeldRequests,
  SHIPMENT_FAULT_MESSAGE,
  delay,
  droppedConnection,
  faultResponse,
  isDroppedConnection,
  parseFaultSpec,
} from './faults.js';
import type { FaultSpec, ShipmentFault } from './faults.js';
import { errorMessages, jsonResponse, notFoundResponse } from './http.js';
import { LeakyBucket, rateLimitSettings } from './rate-limit.js';
import { CONTROL_PREFIX, applyConfig, createControlApp } from './routes/control.js';
import type { RequestLogEntry } from './routes/control.js';
import { registerCatalogRoutes } from './routes/catalog.js';
import { registerChannelRoutes } from './routes/channels.js';
import { registerListingRoutes, requireJsonApiAccept } from './routes/listings.js';
import { registerOAuthRoutes } from './routes/oauth.js';
import { registerOrderRoutes } from './routes/orders.js';
import { registerShippingRoutes } from './routes/shipping.js';
import { NO_QUIRKS, withQuirks } from './quirks.js';
import type { SandboxQuirks } from './state.js';
import { seedState } from './seed.js';
import type { SeedOptions } from './seed.js';
import { SANDBOX_CREDENTIALS, SEED_IDS } from './seed-ids.js';
import type { SandboxConfig, SandboxSettings, SandboxState } from './state.js';
import type { Json } from './types.js';

export interface SandboxOptions {
  /** Path prefix the sandbox is mounted under (e.g. `/sandbox/demo`), for absolute links. */
  basePath?: string;
  /** How long rate quotes stay bookable (default 15 minutes). */
  quoteTtlMs?: number;
  /** Throttle like the live service (off by default): `true` is 5/s with a bucket of 100. */
  rateLimit?: SandboxConfig['rateLimit'];
  /** Quote member names (default `sample`, as the live service answers). */
  quoteNaming?: SandboxConfig['quoteNaming'];
  /** Whether the account has the shipping feature (default true); see `SandboxConfig`. */
  shippingEnabled?: boolean;
  /**
   * Answer like some live accounts: `stringIds` (ids as numeric strings), `trackingNumberObjects`
   * (tracking numbers as `{id, tracking_number}`). All off by default.
   */
  quirks?: Partial<SandboxQuirks>;
  /** Clock in epoch milliseconds (default `Date.now`); tests inject one to expire quotes and codes. */
  now?: () => number;
  /** Adjust the seeded state (also applied again on `reset()`). */
  seed?: SeedOptions;
}

export interface Sandbox {
  /** Serves one request (the path may carry `basePath`). */
  fetch(request: Request): Promise<Response>;
  /**
   * A `fetch`-compatible function backed by the sandbox, to hand to a client in tests: a dropped
   * connection fault rejects with a `TypeError`, as a real `fetch` does.
   */
  clientFetch: typeof fetch;
  /** The hono app of the API routes (paths relative to the base, no faults or logging). */
  readonly app: Hono;
  /** The current state; replaced by `reset()`. */
  readonly state: SandboxState;
  readonly config: SandboxConfig;
  readonly basePath: string;
  /** Back to the seed: state, faults, request log, rate-limit bucket and settings. */
  reset(): void;
  /** Changes settings (quirks are merged with the current ones); throws a `TypeError` when invalid. */
  configure(settings: SandboxSettings): SandboxConfig;
  addFault(spec: FaultSpec): void;
  clearFaults(): void;
  requests(): RequestLogEntry[];
}

export const DEFAULT_QUOTE_TTL_MS = 15 * 60 * 1000;
const MAX_LOG_ENTRIES = 2000;

export function normalizeBasePath(basePath: string | undefined): string {
  if (!basePath || basePath === '/') return '';
  return `/${basePath.replace(/^\/+|\/+$/g, '')}`;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const basePath = normalizeBasePath(options.basePath);
  const initialConfig = (): SandboxConfig => ({
    quoteTtlMs: options.quoteTtlMs ?? DEFAULT_QUOTE_TTL_MS,
    rateLimit: options.rateLimit ?? false,
    quoteNaming: options.quoteNaming ?? 'sample',
    shippingEnabled: options.shippingEnabled ?? true,
    quirks: { ...NO_QUIRKS, ...options.quirks },
  });
  const clock = options.now ?? (() => Date.now());
  // How far the control API moved the clock on (`POST __sandbox/clock`); back to 0 on reset.
  let ahead = 0;
  const now = (): number => clock() + ahead;
  const ctx: SandboxContext = {
    state: seedState({ ...options.seed, now: now() }),
    config: initialConfig(),
    now,
    basePath,
  };
  const faults = new FaultQueue();
  const held = new HeldRequests();
  const bucket = new LeakyBucket(now);
  let log: RequestLogEntry[] = [];

  const reset = (): void => {
    ahead = 0;
    ctx.state = seedState({ ...options.seed, now: now() });
    Object.assign(ctx.config, initialConfig());
    faults.clear();
    held.release();
    bucket.reset();
    log = [];
  };

  const app = createApiApp(ctx);
  const control = createControlApp({
    faults,
    held,
    config: ctx.config,
    requests: () => log.slice(),
    clearRequests: () => {
      log = [];
    },
    reset,
    advanceClock: (ms) => {
      ahead += ms;
      return now();
    },
  });

  const record = (entry: RequestLogEntry): void => {
    log.push(entry);
    if (log.length > MAX_LOG_ENTRIES) log.splice(0, log.length - MAX_LOG_ENTRIES);
  };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    let path = url.pathname;
    if (basePath) {
      if (path !== basePath && !path.startsWith(`${basePath}/`)) return notFoundResponse();
      path = path.slice(basePath.length) || '/';
    }
    const method = request.method.toUpperCase();
    const bodyBytes = method === 'GET' || method === 'HEAD' ? undefined : await request.arrayBuffer();
    // Routes see paths relative to the base, so one app serves every mount point.
    const relative = new Request(new URL(`${path}${url.search}`, url.origin), {
      method,
      headers: request.headers,
      body: bodyBytes && bodyBytes.byteLength > 0 ? bodyBytes : undefined,
      signal: request.signal,
    });
    if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) return control.fetch(relative);

    const entry: RequestLogEntry = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      status: 0,
      at: new Date(now()).toISOString(),
    };
    const body = parseLoggedBody(bodyBytes);
    if (body !== undefined) entry.body = body;

    const fault = pickFault(request, method, path);
    if (typeof fault === 'string') {
      entry.status = 400;
      record(entry);
      return errorMessages(400, [`Invalid ${FAULT_HEADER} header: ${fault}`]);
    }
    if (fault) {
      // A client that goes away ends a read's wait; a write goes on at the service's pace, as the
      // live service books a label whose request was sent even when the page that sent it reloads.
      if (fault.hold) await held.wait(method === 'GET' ? request.signal : undefined);
      if (fault.delayMs) await delay(fault.delayMs, method === 'GET' ? request.signal : undefined);
      if (fault.network || fault.status !== undefined) {
        const response = fault.network
          ? droppedConnection()
          : faultResponse(fault.status ?? 500, fault.body, method, path);
        entry.status = response.status;
        entry.fault = true;
        record(entry);
        return response;
      }
    }

    const limit = rateLimitSettings(ctx.config.rateLimit);
    if (limit && !bucket.admit(limit)) {
      entry.status = 429;
      record(entry);
      // The live service sends a bare 429: no body, no rate-limit headers.
      return new Response(null, { status: 429 });
    }

    // A fault that fails some shipments of a booking reaches the route, which books the others.
    const env: SandboxBindings = {};
    if (fault?.failShipments) {
      env.shipmentFault = {
        positions: new Set(fault.failShipments),
        message: fault.failMessage ?? SHIPMENT_FAULT_MESSAGE,
      };
    }
    const response = await withQuirks(await app.fetch(relative, env), ctx.config.quirks, ctx.state);
    entry.status = response.status;
    record(entry);
    return response;
  }

  function pickFault(request: Request, method: string, path: string): FaultSpec | string | undefined {
    const header = request.headers.get(FAULT_HEADER);
    if (header) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(header);
      } catch {
        return 'not JSON';
      }
      return parseFaultSpec(parsed);
    }
    return faults.take(method, path);
  }

  const sandbox: Sandbox = {
    fetch: handle,
    clientFetch: async (input, init) => {
      const response = await handle(new Request(input, init));
      if (isDroppedConnection(response))
        throw new TypeError('fetch failed: the sandbox dropped the connection');
      return response;
    },
    app,
    get state() {
      return ctx.state;
    },
    config: ctx.config,
    basePath,
    reset,
    configure(settings) {
      const problem = applyConfig(ctx.config, settings);
      if (problem) throw new TypeError(problem);
      return { ...ctx.config, quirks: { ...ctx.config.quirks } };
    },
    addFault(spec) {
      const parsed = parseFaultSpec(spec);
      if (typeof parsed === 'string') throw new TypeError(parsed);
      faults.add(parsed);
    },
    clearFaults: () => faults.clear(),
    requests: () => log.slice(),
  };
  return sandbox;
}

function parseLoggedBody(bytes: ArrayBuffer | undefined): Json | undefined {
  if (!bytes || bytes.byteLength === 0) return undefined;
  const text = new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
  }
}

/** What a request brings to the routes besides itself (hono's bindings). */
export interface SandboxBindings {
  /** Shipments of a booking to fail (the `failShipments` fault). */
  shipmentFault?: ShipmentFault;
}

/** The API routes, relative to the sandbox base. */
function createApiApp(ctx: SandboxContext): Hono {
  const app = new Hono();
  app.use('*', requireCredentials(ctx));
  app.use('/api/v2/*', requireJsonApiAccept());
  app.get('/', () =>
    jsonResponse({
      name: 'Commerce Operations sandbox',
      base_path: ctx.basePath || '/',
      credentials: {
        api_key: SANDBOX_CREDENTIALS.apiKey,
        bearer_token: SANDBOX_CREDENTIALS.accessToken,
        oauth_client_id: SANDBOX_CREDENTIALS.clientId,
        app_token: SANDBOX_CREDENTIALS.appToken,
      },
      seed: SEED_IDS,
    }),
  );
  registerOrderRoutes(app, ctx);
  registerChannelRoutes(app, ctx);
  registerListingRoutes(app, ctx);
  registerCatalogRoutes(app, ctx);
  registerShippingRoutes(app, ctx);
  registerOAuthRoutes(app, ctx);
  app.notFound(() => notFoundResponse());
  app.onError((error) => {
    console.error('Sandbox route failed', error);
    return jsonResponse({ status: '500', error: 'Internal Server Error' }, 500);
  });
  return app;
}
