import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createApiProxy,
  MemoryRateLimitStore,
  RedisRateLimitStore,
  type ApiProxyOptions,
  type RateLimitStore,
  type SpendLimits,
} from '../../src/server/index.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_CREDENTIALS, SEED_IDS } from '../../src/sandbox/seed-ids.js';
import { failedPositions, quotesOfRatesAnswer } from '../../src/server/spend-limits.js';
import { ratesRequestBody } from './helpers/proxy.js';
import { startRedisServer, type RedisServerHandle } from './helpers/redis-server.js';

/**
 * Spend limits: `authorize` answers `{ id, limits }`; the proxy learns each quote's charge from
 * the rates answers it passes on and checks every booking against the caller's daily label count
 * and money limits before anything goes upstream. The upstream is the real sandbox, which logs
 * every request it served; the shared store is a real redis-server.
 */

const RATES = '/shipping/api/v1/rates';
const BOOK = '/shipping/api/v1/shipments';

interface Instance {
  call(method: string, path: string, body?: unknown): Promise<Response>;
}

/** A proxy in front of `sandbox` for one caller whose limits are read at each request. */
function proxyInstance(
  sandbox: Sandbox,
  limits: { current: SpendLimits },
  overrides: Partial<ApiProxyOptions> = {},
): Instance {
  const proxy = createApiProxy({
    upstream: 'http://sandbox.test',
    authorize: () => ({ id: 'clerk-1', limits: limits.current }),
    apiKey: SANDBOX_CREDENTIALS.apiKey,
    appToken: SANDBOX_CREDENTIALS.appToken,
    allowedOrigins: [],
    basePath: '/ops',
    fetch: (input, init) => sandbox.fetch(new Request(input, init)),
    ...overrides,
  });
  return {
    call: (method, path, body) =>
      proxy(
        new Request(`http://shop.test/ops${path}`, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      ),
  };
}

interface Quoted {
  remoteShipmentId: string;
  rateId: string;
  charge: number;
  currency: string;
}

let parcels = 0;

/** Gets rates for a new parcel through `via`; the quotes, cheapest first. */
async function quote(via: Instance): Promise<Quoted[]> {
  parcels += 1;
  const response = await via.call('POST', RATES, ratesRequestBody(`LIMITS-${parcels}`));
  assert.equal(response.status, 200);
  const answer = (await response.json()) as {
    remote_shipment_id: string;
    quotes: { rate_id: string; total_charge: string; currency: string }[];
  };
  return answer.quotes
    .map((entry) => ({
      remoteShipmentId: answer.remote_shipment_id,
      rateId: entry.rate_id,
      charge: Number(entry.total_charge),
      currency: entry.currency,
    }))
    .sort((a, b) => a.charge - b.charge);
}

function book(via: Instance, ...quotes: Quoted[]): Promise<Response> {
  return via.call('POST', BOOK, {
    shipments: quotes.map((entry) => ({ rate_id: entry.rateId, remote_shipment_id: entry.remoteShipmentId })),
  });
}

async function refusal(response: Response): Promise<string> {
  assert.equal(response.status, 403);
  const answer = (await response.json()) as { error: string; message: string };
  assert.equal(answer.error, 'forbidden');
  return answer.message;
}

function bookings(sandbox: Sandbox): number {
  return sandbox.requests().filter((entry) => entry.method === 'POST' && entry.path === BOOK).length;
}

async function session(via: Instance): Promise<{
  id: string;
  limits: SpendLimits;
  spentToday: { labels: number; amount: number; currency: string | null; amounts: Record<string, number> };
}> {
  const response = await via.call('GET', '/session');
  assert.equal(response.status, 200);
  return (await response.json()) as Awaited<ReturnType<typeof session>>;
}

describe('spend limits, one proxy with its own memory', () => {
  test('labelsPerDay: the booking over it is 403 naming it, and the API never sees it', async () => {
    const sandbox = createSandbox();
    const proxy = proxyInstance(sandbox, { current: { labelsPerDay: 2 } });
    for (let i = 0; i < 2; i += 1) {
      const [cheapest] = await quote(proxy);
      assert.equal((await book(proxy, cheapest!)).status, 200);
    }
    const [third] = await quote(proxy);
    assert.match(await refusal(await book(proxy, third!)), /labelsPerDay/);
    assert.equal(bookings(sandbox), 2);
    assert.equal((await session(proxy)).spentToday.labels, 2);
  });

  test('maxLabelCharge refuses an expensive quote and lets a cheap one through', async () => {
    const sandbox = createSandbox();
    const limits = { current: {} as SpendLimits };
    const proxy = proxyInstance(sandbox, limits);
    const quotes = await quote(proxy);
    const cheapest = quotes[0]!;
    const dearest = quotes[quotes.length - 1]!;
    assert.ok(dearest.charge > cheapest.charge, 'the sandbox offers quotes at several prices');
    limits.current = { maxLabelCharge: cheapest.charge };
    // Quotes are learnt for callers with limits: quote again now that there is one.
    const again = await quote(proxy);
    const message = await refusal(await book(proxy, again[again.length - 1]!));
    assert.match(message, /maxLabelCharge/);
    assert.match(message, new RegExp(`${dearest.currency}`));
    assert.equal(bookings(sandbox), 0);
    assert.equal((await book(proxy, again[0]!)).status, 200);
    assert.equal(bookings(sandbox), 1);
  });

  test('with a money limit, a rate never quoted through the proxy is refused, and POST /shipments too', async () => {
    const sandbox = createSandbox();
    const limits = { current: { maxDailySpend: 1000 } as SpendLimits };
    const proxy = proxyInstance(sandbox, limits);
    // Quoted while the caller had no limits: the proxy kept nothing of it.
    const open = proxyInstance(sandbox, { current: {} });
    const [unseen] = await quote(open);
    const message = await refusal(await book(proxy, unseen!));
    assert.match(message, /maxDailySpend/);
    assert.match(message, /not quoted/);
    assert.match(await refusal(await proxy.call('POST', '/shipments', { shipment: {} })), /maxDailySpend/);
    assert.equal(
      sandbox.requests().filter((entry) => entry.method === 'POST' && entry.path !== RATES).length,
      0,
    );

    // A label count alone needs no quote: POST /shipments is counted, not refused.
    limits.current = { labelsPerDay: 1 };
    const shipments = await proxy.call('POST', '/shipments', { shipment: {} });
    assert.notEqual(shipments.status, 403);
    // Forwarded: the API answered it (here 4xx for the empty shipment, which gives the label back).
    assert.equal(sandbox.requests().filter((entry) => entry.path === '/shipments').length, 1);
    assert.equal((await session(proxy)).spentToday.labels, 0);
  });

  test('with a money limit, a shipment with priced options (insurance, a signature) is refused before anything is sent', async () => {
    const sandbox = createSandbox();
    const proxy = proxyInstance(sandbox, { current: { maxLabelCharge: 50, maxDailySpend: 50 } });
    const [cheapest] = await quote(proxy);
    for (const option of [
      { liability_amount: 5000 },
      { value_added_service__VAS_GROUP_ID_CONFIRMATION: 'SIGNATURE' },
    ]) {
      const message = await refusal(
        await proxy.call('POST', BOOK, {
          shipments: [
            { rate_id: cheapest!.rateId, remote_shipment_id: cheapest!.remoteShipmentId, ...option },
          ],
        }),
      );
      assert.match(message, /options with a price/);
      assert.match(message, /maxLabelCharge/);
    }
    assert.equal(bookings(sandbox), 0);
    assert.equal((await session(proxy)).spentToday.labels, 0);
    // Without them the same rate is bought and counted at its quoted price.
    assert.equal((await book(proxy, cheapest!)).status, 200);
    assert.equal((await session(proxy)).spentToday.amounts[cheapest!.currency], cheapest!.charge);
  });

  test('maxDailySpend: the day’s spend is kept, and the booking that would go over it is refused', async () => {
    const sandbox = createSandbox();
    const limits = { current: { maxDailySpend: 1_000_000 } as SpendLimits };
    const proxy = proxyInstance(sandbox, limits);
    const [first] = await quote(proxy);
    assert.equal((await book(proxy, first!)).status, 200);
    const [second] = await quote(proxy);
    limits.current = { maxDailySpend: first!.charge + second!.charge - 0.01 };
    assert.match(await refusal(await book(proxy, second!)), /maxDailySpend/);
    assert.equal(bookings(sandbox), 1);

    const spent = await session(proxy);
    assert.deepEqual(spent.spentToday, {
      labels: 1,
      amount: first!.charge,
      currency: first!.currency,
      amounts: { [first!.currency]: first!.charge },
    });
    assert.deepEqual(spent.limits, limits.current);
  });

  test('a booking the API refuses (4xx, or a shipment under failed) gives its allowance back; a 5xx keeps it', async () => {
    const sandbox = createSandbox();
    const proxy = proxyInstance(sandbox, { current: { labelsPerDay: 1, maxDailySpend: 1000 } });

    sandbox.addFault({ method: 'POST', path: BOOK, status: 422, body: { errors: ['Refused'] } });
    const [first] = await quote(proxy);
    assert.equal((await book(proxy, first!)).status, 422);
    assert.equal((await session(proxy)).spentToday.labels, 0);

    sandbox.addFault({ method: 'POST', path: BOOK, failShipments: [0] });
    const failed = await book(proxy, first!);
    assert.equal(failed.status, 200);
    assert.equal(Object.keys(((await failed.json()) as { failed: object }).failed).length, 1);
    assert.deepEqual((await session(proxy)).spentToday, {
      labels: 0,
      amount: 0,
      currency: null,
      amounts: {},
    });

    sandbox.addFault({ method: 'POST', path: BOOK, status: 503, body: { errors: ['Unavailable'] } });
    assert.equal((await book(proxy, first!)).status, 503);
    // The label may have been bought: the day's one label stays taken.
    assert.equal((await session(proxy)).spentToday.labels, 1);
    const [second] = await quote(proxy);
    assert.match(await refusal(await book(proxy, second!)), /labelsPerDay/);
    assert.equal(bookings(sandbox), 3);
  });

  test('a store that cannot count refuses buying to a caller with limits', async () => {
    const sandbox = createSandbox();
    const store: RateLimitStore = { take: () => 0 };
    const proxy = proxyInstance(sandbox, { current: { labelsPerDay: 5 } }, { rateLimit: { store } });
    const [cheapest] = await quote(proxy);
    assert.match(await refusal(await book(proxy, cheapest!)), /labelsPerDay/);
    assert.equal(bookings(sandbox), 0);
  });

  test('with rateLimit: false the limits are still counted, in memory', async () => {
    const sandbox = createSandbox();
    const proxy = proxyInstance(sandbox, { current: { labelsPerDay: 1 } }, { rateLimit: false });
    const [first] = await quote(proxy);
    assert.equal((await book(proxy, first!)).status, 200);
    const [second] = await quote(proxy);
    assert.match(await refusal(await book(proxy, second!)), /labelsPerDay/);
  });

  test('a stalled store is 503 for a limited booking, with nothing sent upstream', async () => {
    const sandbox = createSandbox();
    const memory = new MemoryRateLimitStore();
    const stalled: RateLimitStore = {
      take: (key, rule) => memory.take(key, rule),
      rememberQuotes: (key, quotes, ttl) => memory.rememberQuotes(key, quotes, ttl),
      knownQuotes: (key, ids) => memory.knownQuotes(key, ids),
      reserve: () => new Promise(() => undefined),
      release: (key, day, delta, ttl) => memory.release(key, day, delta, ttl),
      spent: (key, day) => memory.spent(key, day),
    };
    const proxy = proxyInstance(
      sandbox,
      { current: { maxDailySpend: 1000 } },
      { rateLimit: { store: stalled }, storeTimeoutMs: 50 },
    );
    const [cheapest] = await quote(proxy);
    const response = await book(proxy, cheapest!);
    assert.equal(response.status, 503);
    assert.equal(bookings(sandbox), 0);
  });

  test('a rates answer of several MB is read in slices, other requests are served meanwhile, and its quotes still count', async () => {
    // 6,000 quotes of about 900 bytes: read at once, with the client's schema, this holds the loop
    // for a quarter of a second or more. How long it is held at most is a budget of `npm run bench`.
    const quotes = Array.from({ length: 6000 }, (_, index) => ({
      rate_id: `rate-${index}`,
      total_charge: `${(index % 40) + 1}.50`,
      currency: 'GBP',
      carrier_id: 'UPS',
      service_name: 'Express Saver with a long service name',
      charges: Array.from({ length: 4 }, (_, charge) => ({
        price: charge,
        charge_id: `c-${charge}`,
        charge_title: 'Fuel surcharge',
        charge_type: 'MANDATORY',
      })),
      shipping_service_options: [{ key: 'signature', title: 'Signature', type: 'select', values: [] }],
      description: 'x'.repeat(300),
    }));
    const ratesText = JSON.stringify({ remote_shipment_id: 'parcel-1', quotes });
    assert.ok(ratesText.length > 5 * 1024 * 1024, String(ratesText.length));
    const ratesBytes = new TextEncoder().encode(ratesText);
    const sandbox = createSandbox();
    const booked: unknown[] = [];
    /** Resolves once the whole rates answer has reached the proxy: what follows is the proxy's reading. */
    let answerArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (answerArrived = resolve));
    const upstream = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path === RATES) {
        // One piece: the network gives no turns back, so any the loop gets come from the proxy.
        const whole = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(ratesBytes);
            controller.close();
            answerArrived();
          },
        });
        return new Response(whole, { headers: { 'content-type': 'application/json' } });
      }
      if (path !== BOOK) return sandbox.fetch(request);
      const body = (await request.json()) as { shipments: { rate_id: string }[] };
      booked.push(body);
      const rateId = body.shipments[0]!.rate_id;
      return Response.json({
        successful: { [rateId]: { rate_id: rateId, tracking_number: '1Z' } },
        failed: {},
      });
    };
    const proxy = proxyInstance(sandbox, { current: { maxLabelCharge: 10 } }, { fetch: upstream });

    const done: string[] = [];
    const rates = proxy.call('POST', RATES, {}).then((response) => {
      done.push('rates');
      return response;
    });
    // A 1 ms timer turns while the answer is read: the loop is given back, again and again. On its
    // first turn an order read is sent, and it is answered before the rates are.
    let turns = 0;
    let order: Promise<Response> | undefined;
    let waiting = true;
    const watch = (async () => {
      await arrived;
      while (waiting) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        turns += 1;
        order ??= proxy.call('GET', `/orders/${SEED_IDS.orders.allocated}`).then((response) => {
          done.push('order');
          return response;
        });
      }
    })();
    const response = await rates;
    waiting = false;
    await watch;
    assert.ok(order, 'the loop never turned while the answer was read');
    const orderResponse = await order;
    assert.equal(orderResponse.status, 200);
    assert.equal(((await orderResponse.json()) as { id: number }).id, SEED_IDS.orders.allocated);
    assert.deepEqual(done, ['order', 'rates']);
    assert.ok(turns >= 20, `${turns} turns of the loop while the answer was read`);
    const answer = await response.text();
    assert.equal(response.status, 200);
    assert.equal(answer.length, ratesText.length);

    assert.equal((await proxy.call('POST', BOOK, { shipments: [{ rate_id: 'rate-5960' }] })).status, 200);
    assert.match(
      await refusal(await proxy.call('POST', BOOK, { shipments: [{ rate_id: 'rate-39' }] })),
      /maxLabelCharge/,
    );
    assert.equal(booked.length, 1);
    const spent = await session(proxy);
    assert.deepEqual([spent.spentToday.labels, spent.spentToday.amount], [1, 1.5]);
  });
});

describe('spend limits shared by two proxy instances through a real redis-server', () => {
  let redis: RedisServerHandle;
  before(async () => {
    redis = await startRedisServer();
  });
  after(async () => {
    await redis.stop();
  });

  const pair = (prefix: string, limits: { current: SpendLimits }) => {
    const sandbox = createSandbox();
    const a = proxyInstance(sandbox, limits, {
      rateLimit: { store: new RedisRateLimitStore({ client: redis.client(), prefix }) },
    });
    const b = proxyInstance(sandbox, limits, {
      rateLimit: { store: new RedisRateLimitStore({ client: redis.client(), prefix }) },
    });
    return { sandbox, a, b };
  };

  test('one daily label limit: the second instance refuses once the first used the allowance', async () => {
    const { sandbox, a, b } = pair('s1:', { current: { labelsPerDay: 2 } });
    for (let i = 0; i < 2; i += 1) {
      const [cheapest] = await quote(a);
      assert.equal((await book(a, cheapest!)).status, 200);
    }
    const [third] = await quote(b);
    assert.match(await refusal(await book(b, third!)), /labelsPerDay/);
    assert.equal(bookings(sandbox), 2);
    assert.equal((await session(b)).spentToday.labels, 2);
  });

  test('one money limit: a quote learnt by one instance is booked by the other and counted for both', async () => {
    const limits = { current: { maxDailySpend: 1_000_000 } as SpendLimits };
    const { sandbox, a, b } = pair('s2:', limits);
    const [first] = await quote(a);
    const [second] = await quote(a);
    limits.current = { maxDailySpend: first!.charge + second!.charge - 0.01 };
    assert.equal((await book(b, first!)).status, 200);
    assert.match(await refusal(await book(b, second!)), /maxDailySpend/);
    assert.match(await refusal(await book(a, second!)), /maxDailySpend/);
    assert.equal(bookings(sandbox), 1);
    const spent = (await session(a)).spentToday;
    assert.equal(spent.labels, 1);
    assert.equal(spent.amount, first!.charge);
  });

  test('concurrent bookings through both instances cannot both take the last label', async () => {
    const { sandbox, a, b } = pair('s3:', { current: { labelsPerDay: 3 } });
    const quoted: Quoted[] = [];
    for (let i = 0; i < 8; i += 1) quoted.push((await quote(i % 2 === 0 ? a : b))[0]!);
    const responses = await Promise.all(quoted.map((entry, i) => book(i % 2 === 0 ? a : b, entry)));
    assert.equal(responses.filter((response) => response.status === 200).length, 3);
    assert.equal(responses.filter((response) => response.status === 403).length, 5);
    assert.equal(bookings(sandbox), 3);
  });

  test('a paused Redis is 503 with nothing sent upstream, and the late reservation is given back', async () => {
    const sandbox = createSandbox();
    const shared = new RedisRateLimitStore({ client: redis.client(), prefix: 's5:' });
    const memory = new MemoryRateLimitStore();
    // The rate limit in memory, so that the paused Redis holds up the reservation itself.
    const store: RateLimitStore = {
      take: (key, rule) => memory.take(key, rule),
      rememberQuotes: (key, quotes, ttl) => shared.rememberQuotes(key, quotes, ttl),
      knownQuotes: (key, ids) => shared.knownQuotes(key, ids),
      reserve: (key, day, delta, ceilings, ttl) => shared.reserve(key, day, delta, ceilings, ttl),
      release: (key, day, delta, ttl) => shared.release(key, day, delta, ttl),
      spent: (key, day) => shared.spent(key, day),
    };
    const proxy = proxyInstance(
      sandbox,
      { current: { labelsPerDay: 1 } },
      { rateLimit: { store }, storeTimeoutMs: 300 },
    );
    const [cheapest] = await quote(proxy);
    redis.pause();
    let response: Response;
    try {
      response = await book(proxy, cheapest!);
    } finally {
      redis.resume();
    }
    assert.equal(response.status, 503);
    assert.equal(bookings(sandbox), 0);
    // The reservation Redis made once it ran again was taken back: the day's one label is free.
    for (let i = 0; i < 50 && (await session(proxy)).spentToday.labels !== 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal((await session(proxy)).spentToday.labels, 0);
    assert.equal((await book(proxy, cheapest!)).status, 200);
  });

  test('a refused booking gives the shared allowance back; the day and quote keys expire and hold digests', async () => {
    const { sandbox, a, b } = pair('s4:', { current: { labelsPerDay: 1, maxLabelCharge: 1000 } });
    const [first] = await quote(a);
    sandbox.addFault({ method: 'POST', path: BOOK, status: 409, body: { errors: ['Conflict'] } });
    assert.equal((await book(a, first!)).status, 409);
    assert.equal((await book(b, first!)).status, 200);

    const client = redis.client();
    const keys = await client.keys('s4:*');
    assert.ok(keys.length >= 2);
    for (const key of keys) {
      assert.ok(!key.includes('clerk'), key);
      assert.ok(!key.includes(first!.rateId), key);
      const ttl = await client.pttl(key);
      assert.ok(ttl > 0 && ttl <= 25 * 60 * 60 * 1000, `${key} ttl ${ttl}`);
    }
  });
});

describe('what spend accounting reads of the answers, as the client reads them', () => {
  const now = Date.parse('2030-01-01T12:00:00Z');

  test('quotes in either naming, a numeric string charge, and no quote the client could not read', async () => {
    const { quotes, ttlMs } = await quotesOfRatesAnswer(
      {
        expires_at: '2030-01-01T12:30:00Z',
        quotes: [
          { rate_id: 'r-1', total_charge: '4.20', currency: 'gbp' },
          { code: 7, total_net_charge: 5, currency_code: 'EUR', expires_at: '2030-01-01T12:10:00Z' },
          { rate_id: 'r-3', total_charge: 'four pounds' },
          { rate_id: 'r-4', total_charge: -1 },
          'not a quote',
        ],
      },
      now,
    );
    assert.deepEqual(quotes, [
      { rateId: 'r-1', charge: 4200, currency: 'GBP' },
      { rateId: '7', charge: 5000, currency: 'EUR' },
    ]);
    assert.equal(ttlMs, 30 * 60 * 1000);
  });

  test('a failure under a key several shipments share gives back the cheapest of them, once each', () => {
    const shipments = [
      { rateId: 'dear', remoteShipmentId: 'parcel-1' },
      { rateId: 'cheap', remoteShipmentId: 'parcel-1' },
      { rateId: 'other', remoteShipmentId: 'parcel-2' },
    ];
    const charges = [
      { charge: 9000, currency: 'GBP' },
      { charge: 3000, currency: 'GBP' },
      { charge: 5000, currency: 'GBP' },
    ];
    assert.deepEqual(failedPositions({ failed: { 'parcel-1': { errors: 'No' } } }, shipments, charges), [1]);
    assert.deepEqual(
      failedPositions({ failed: { 'parcel-1': { rate_id: 'dear', errors: ['No'] } } }, shipments, charges),
      [0],
    );
    assert.deepEqual(failedPositions({ failed: { 'parcel-2': { errors: 'No' } } }, shipments, charges), [2]);
    assert.deepEqual(failedPositions({ failed: { unknown: { errors: 'No' } } }, shipments, charges), []);
    assert.deepEqual(failedPositions('not an answer', shipments, charges), []);
  });
});
