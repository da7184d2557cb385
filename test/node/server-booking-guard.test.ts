import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createApiProxy,
  MemoryRateLimitStore,
  RedisRateLimitStore,
  type ApiProxyOptions,
  type BookingGuardStore,
  type RateLimitStore,
} from '../../src/server/index.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/seed-ids.js';
import { ratesRequestBody } from './helpers/proxy.js';
import { startRedisServer, type RedisServerHandle } from './helpers/redis-server.js';

/**
 * One label per order: the proxy ties each quote to the order (and line items) of the rates
 * request it passed on, and refuses a booking of an order already booked, or being booked, with
 * `409 already_booked`, unless `X-Ops-Second-Label` names the order. The upstream is the real
 * sandbox, whose request log says what reached it; the shared store is a real redis-server.
 */

const RATES = '/shipping/api/v1/rates';
const BOOK = '/shipping/api/v1/shipments';
const HOUR = 60 * 60 * 1000;

interface Instance {
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** The headers of every request the proxy sent upstream. */
  sent: Headers[];
  /** Resolves once the sandbox has served every request sent to it, those the proxy gave up on too. */
  served(): Promise<void>;
}

function proxyInstance(sandbox: Sandbox, overrides: Partial<ApiProxyOptions> = {}): Instance {
  const sent: Headers[] = [];
  const serving: Promise<unknown>[] = [];
  const proxy = createApiProxy({
    upstream: 'http://sandbox.test',
    authorize: () => 'clerk-1',
    apiKey: SANDBOX_CREDENTIALS.apiKey,
    appToken: SANDBOX_CREDENTIALS.appToken,
    allowedOrigins: ['https://shop.test'],
    basePath: '/ops',
    // As a real fetch does, an aborted request rejects at once (the sandbox still serves it).
    fetch: (input, init) => {
      sent.push(new Headers(init?.headers));
      const signal = init?.signal;
      return new Promise<Response>((resolve, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        const answer = sandbox.clientFetch(input, init);
        serving.push(answer.catch(() => undefined));
        answer.then(resolve, reject);
      });
    },
    ...overrides,
  });
  return {
    sent,
    served: async () => {
      await Promise.all(serving);
    },
    call: (method, path, body, headers = {}) =>
      proxy(
        new Request(`http://shop.test/ops${path}`, {
          method,
          headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      ),
  };
}

interface Quoted {
  rateId: string;
  remoteShipmentId: string;
}

let orders = 0;
/** A fresh order number. */
const nextOrder = (): string => `SO-${10_000 + (orders += 1)}`;

/** Gets rates through `via` for a parcel of `orderNumber` (the line items `items`); its first quote. */
async function quote(via: Instance, orderNumber: string | null, items?: string[]): Promise<Quoted> {
  const response = await via.call('POST', RATES, ratesRequestBody(orderNumber, items));
  assert.equal(response.status, 200);
  const answer = (await response.json()) as { remote_shipment_id: string; quotes: { rate_id: string }[] };
  return { rateId: answer.quotes[0]!.rate_id, remoteShipmentId: answer.remote_shipment_id };
}

function book(via: Instance, quotes: Quoted[], headers: Record<string, string> = {}): Promise<Response> {
  return via.call(
    'POST',
    BOOK,
    {
      shipments: quotes.map((entry) => ({
        rate_id: entry.rateId,
        remote_shipment_id: entry.remoteShipmentId,
      })),
    },
    headers,
  );
}

interface AlreadyBooked {
  error: string;
  message: string;
  orderNumber: string;
  bookedAt: string;
}

/**
 * The body of a 409 already_booked, checked for its four members; its message names the order
 * and, for a label bought or being bought, the time (a booking that would label an order twice
 * by itself has no earlier label to name).
 */
async function refusal(response: Response, kind: 'earlier' | 'twice' = 'earlier'): Promise<AlreadyBooked> {
  assert.equal(response.status, 409);
  const body = (await response.json()) as AlreadyBooked;
  assert.deepEqual(Object.keys(body).sort(), ['bookedAt', 'error', 'message', 'orderNumber']);
  assert.equal(body.error, 'already_booked');
  assert.equal(new Date(body.bookedAt).toISOString(), body.bookedAt);
  assert.ok(body.message.includes(body.orderNumber), body.message);
  if (kind === 'earlier')
    assert.ok(body.message.includes(`${body.bookedAt.slice(11, 16)} UTC`), body.message);
  return body;
}

async function successfulCount(response: Response): Promise<number> {
  assert.equal(response.status, 200);
  const body = (await response.json()) as { successful: object; failed: object };
  return Object.keys(body.successful).length;
}

/** How many bookings reached the sandbox (by quote and by service code). */
function bookings(sandbox: Sandbox, path = BOOK): number {
  return sandbox.requests().filter((entry) => entry.method === 'POST' && entry.path === path).length;
}

/** A `POST /shipments` body for `reference`, as the elements send it (no line items named). */
function shipmentByServiceCode(reference: string): Record<string, unknown> {
  return {
    destination_address: {
      first_name: 'A',
      last_name: 'Customer',
      line_1: '2 High Street',
      city: 'Leeds',
      zip: 'LS1 1AA',
      country: 'GB',
    },
    collection_address: {
      name: 'Sandbox Goods Ltd',
      line_1: '1 Dock Road',
      city: 'London',
      zip: 'E16 1AA',
      country: 'GB',
    },
    contents: [{ description: 'Mug', quantity: 1, price_per_unit: 5 }],
    parcels: [{ weight_in_grams: 500 }],
    reference,
    service_code: 'PW_STANDARD',
  };
}

/** A clock the test moves. */
function testClock(start = Date.parse('2030-03-04T14:02:00Z')) {
  const clock = { at: start, now: () => clock.at };
  return clock;
}

describe('one label per order, one proxy with its own memory', () => {
  test('a second label for an order is 409 already_booked, and only the first booking reaches the API', async () => {
    const clock = testClock();
    const sandbox = createSandbox({ now: clock.now });
    const proxy = proxyInstance(sandbox, { now: clock.now });
    const order = nextOrder();
    // Two rates requests for the same order, as two devices would make them.
    const first = await quote(proxy, order);
    const second = await quote(proxy, order);
    assert.equal(await successfulCount(await book(proxy, [first])), 1);
    clock.at += 60_000;

    const refused = await refusal(await book(proxy, [second]));
    assert.equal(refused.orderNumber, order);
    assert.equal(refused.bookedAt, '2030-03-04T14:02:00.000Z');
    assert.match(refused.message, /already bought at 14:02 UTC/);
    assert.equal(bookings(sandbox), 1);
    // The quote booked again is refused the same way (the sandbox would list it under failed).
    assert.equal((await book(proxy, [first])).status, 409);
    assert.equal(bookings(sandbox), 1);
  });

  test('X-Ops-Second-Label with the order number lets one deliberate second label through; it never goes upstream', async () => {
    const sandbox = createSandbox();
    const proxy = proxyInstance(sandbox);
    const order = nextOrder();
    const other = nextOrder();
    assert.equal((await book(proxy, [await quote(proxy, order)])).status, 200);
    const second = await quote(proxy, order);

    // Another order's number, or an empty header, lets nothing through.
    assert.equal((await book(proxy, [second], { 'X-Ops-Second-Label': other })).status, 409);
    assert.equal((await book(proxy, [second], { 'X-Ops-Second-Label': '  ' })).status, 409);
    assert.equal(bookings(sandbox), 1);

    const response = await book(proxy, [second], { 'X-Ops-Second-Label': ` ${order} ` });
    assert.equal(await successfulCount(response), 1);
    assert.equal(bookings(sandbox), 2);
    assert.ok(proxy.sent.every((headers) => !headers.has('x-ops-second-label')));

    // The second label now holds the order: a third needs its own confirmation.
    const third = await quote(proxy, order);
    assert.equal((await book(proxy, [third])).status, 409);
    assert.equal((await book(proxy, [third], { 'x-ops-second-label': order })).status, 200);
    assert.equal(bookings(sandbox), 3);

    // A browser may send it: the preflight allows the header.
    const preflight = await proxy.call('OPTIONS', BOOK, undefined, {
      origin: 'https://shop.test',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, x-ops-second-label',
    });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /\bx-ops-second-label\b/);
  });

  test('a split shipment: parcels naming different line items each get a label; an item already booked does not', async () => {
    const sandbox = createSandbox();
    const proxy = proxyInstance(sandbox);
    const order = nextOrder();
    assert.equal(await successfulCount(await book(proxy, [await quote(proxy, order, ['line-1'])])), 1);
    assert.equal(await successfulCount(await book(proxy, [await quote(proxy, order, ['line-2'])])), 1);
    // A parcel with a line item already shipped, or the whole order (no channel_items), is refused.
    assert.equal(
      (await refusal(await book(proxy, [await quote(proxy, order, ['line-3', 'line-2'])]))).orderNumber,
      order,
    );
    await refusal(await book(proxy, [await quote(proxy, order)]));
    assert.equal(await successfulCount(await book(proxy, [await quote(proxy, order, ['line-3'])])), 1);
    assert.equal(bookings(sandbox), 3);

    // Both parcels of another order in one booking: two labels.
    const split = nextOrder();
    const parcels = [await quote(proxy, split, ['line-1']), await quote(proxy, split, ['line-2'])];
    assert.equal(await successfulCount(await book(proxy, parcels)), 2);
    // One booking with two parcels shipping the same item would buy it twice: refused whole.
    const twice = nextOrder();
    const same = [await quote(proxy, twice, ['line-1']), await quote(proxy, twice, ['line-1', 'line-2'])];
    assert.match((await refusal(await book(proxy, same), 'twice')).message, /two labels for/);
    assert.equal(bookings(sandbox), 4);
    assert.equal(await successfulCount(await book(proxy, [same[1]!])), 1);
  });

  test('a shipment the API lists under failed frees its order, as does a 4xx answer: nothing was bought', async () => {
    const clock = testClock();
    const sandbox = createSandbox({ now: clock.now });
    // The proxy's own clock runs on: only the sandbox lets the quote expire.
    const proxy = proxyInstance(sandbox);
    const order = nextOrder();
    const quoted = await quote(proxy, order, ['line-1']);

    sandbox.addFault({ method: 'POST', path: BOOK, failShipments: [0] });
    assert.equal(await successfulCount(await book(proxy, [quoted])), 0);
    sandbox.addFault({ method: 'POST', path: BOOK, status: 422, body: { error_messages: ['Refused'] } });
    assert.equal((await book(proxy, [quoted])).status, 422);

    // Quotes expire on the API: it lists the booking under failed, and the order is free again.
    clock.at += 16 * 60 * 1000;
    const expired = await book(proxy, [quoted]);
    assert.match(JSON.stringify(await expired.json()), /Quote has expired/);
    assert.equal(await successfulCount(await book(proxy, [await quote(proxy, order, ['line-1'])])), 1);
    assert.equal(bookings(sandbox), 4);
    assert.equal((await book(proxy, [await quote(proxy, order, ['line-1'])])).status, 409);
  });

  test('a 5xx, a timeout, a lost connection or an answer that is not JSON keeps the order held: the label may be bought', async () => {
    const sandbox = createSandbox();
    // One store, two instances: only the booking meant to time out goes through the hasty one.
    const store = new MemoryRateLimitStore();
    const proxy = proxyInstance(sandbox, { rateLimit: { store } });
    const hasty = proxyInstance(sandbox, { rateLimit: { store }, timeoutMs: 100 });
    const faults = [
      { status: 503, body: { error_messages: ['Unavailable'] } },
      { delayMs: 5_000 },
      { network: true },
      { status: 200, body: 'html' as const },
    ];
    for (const fault of faults) {
      const order = nextOrder();
      const quoted = await quote(proxy, order);
      sandbox.addFault({ method: 'POST', path: BOOK, ...fault });
      const unclear = await book(fault.delayMs ? hasty : proxy, [quoted]);
      assert.ok(unclear.status >= 500, `${JSON.stringify(fault)}: ${unclear.status}`);
      const refused = await refusal(await book(proxy, [await quote(proxy, order)]));
      assert.match(refused.message, /being bought/);
    }
    // Each reached the API; the one that timed out was even served (bought) after the proxy gave up.
    await hasty.served();
    assert.equal(bookings(sandbox), faults.length);
  });

  test('a label holds its order for 24 hours, then the order may be booked again', async () => {
    const clock = testClock();
    const sandbox = createSandbox({ now: clock.now });
    const proxy = proxyInstance(sandbox, { now: clock.now });
    const order = nextOrder();
    assert.equal((await book(proxy, [await quote(proxy, order)])).status, 200);
    clock.at += 24 * HOUR - 60_000;
    const refused = await refusal(await book(proxy, [await quote(proxy, order)]));
    assert.match(refused.message, /14:02 UTC on 2030-03-04/);
    clock.at += 60_000;
    assert.equal((await book(proxy, [await quote(proxy, order)])).status, 200);
    assert.equal(bookings(sandbox), 2);

    // bookingRetentionMs shortens it (a label whose outcome never arrived is held as long).
    const short = proxyInstance(sandbox, { now: clock.now, bookingRetentionMs: HOUR });
    const kept = nextOrder();
    sandbox.addFault({ method: 'POST', path: BOOK, status: 500 });
    assert.equal((await book(short, [await quote(short, kept)])).status, 500);
    clock.at += HOUR - 1;
    assert.equal((await book(short, [await quote(short, kept)])).status, 409);
    clock.at += 1;
    assert.equal((await book(short, [await quote(short, kept)])).status, 200);
  });

  test('POST /shipments is held by its reference as a whole-order label', async () => {
    const sandbox = createSandbox();
    const proxy = proxyInstance(sandbox);
    const order = nextOrder();
    assert.equal((await proxy.call('POST', '/shipments', shipmentByServiceCode(order))).status, 200);
    assert.equal(
      (await refusal(await proxy.call('POST', '/shipments', shipmentByServiceCode(order)))).orderNumber,
      order,
    );
    // A quote for any of its items meets the whole-order label.
    await refusal(await book(proxy, [await quote(proxy, order, ['line-1'])]));
    assert.equal(bookings(sandbox, '/shipments'), 1);
    assert.equal(bookings(sandbox), 0);

    assert.equal(
      (await proxy.call('POST', '/shipments', shipmentByServiceCode(order), { 'X-Ops-Second-Label': order }))
        .status,
      200,
    );
    // A 400 (here a service code the API does not know) frees it again.
    const other = nextOrder();
    const unknown = { ...shipmentByServiceCode(other), service_code: 'NO_SUCH_SERVICE' };
    assert.equal((await proxy.call('POST', '/shipments', unknown)).status, 400);
    assert.equal((await proxy.call('POST', '/shipments', shipmentByServiceCode(other))).status, 200);
    assert.equal(bookings(sandbox, '/shipments'), 4);
  });

  test('what the proxy did not tie is not held: rates without customer_reference, or quoted elsewhere', async () => {
    const sandbox = createSandbox();
    const proxy = proxyInstance(sandbox);
    assert.equal((await book(proxy, [await quote(proxy, null)])).status, 200);
    assert.equal((await book(proxy, [await quote(proxy, null)])).status, 200);

    // Two rates requests for one order sent to the API directly: the proxy never saw their quotes.
    const order = nextOrder();
    const direct = async (): Promise<Quoted> => {
      const response = await sandbox.clientFetch('http://sandbox.test/shipping/api/v1/rates', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': SANDBOX_CREDENTIALS.apiKey },
        body: JSON.stringify(ratesRequestBody(order)),
      });
      const answer = (await response.json()) as { remote_shipment_id: string; quotes: { rate_id: string }[] };
      return { rateId: answer.quotes[0]!.rate_id, remoteShipmentId: answer.remote_shipment_id };
    };
    assert.equal((await book(proxy, [await direct()])).status, 200);
    assert.equal((await book(proxy, [await direct()])).status, 200);
    assert.equal(bookings(sandbox), 4);
  });

  test('a booking refused as already booked gives back the label it reserved against the caller’s limits', async () => {
    const sandbox = createSandbox();
    const proxy = proxyInstance(sandbox, {
      authorize: () => ({ id: 'packer', limits: { labelsPerDay: 2 } }),
    });
    const order = nextOrder();
    assert.equal((await book(proxy, [await quote(proxy, order)])).status, 200);
    await refusal(await book(proxy, [await quote(proxy, order)]));
    const session = (await (await proxy.call('GET', '/session')).json()) as {
      spentToday: { labels: number };
    };
    assert.equal(session.spentToday.labels, 1);
    // The day's second label is still there for another order.
    assert.equal((await book(proxy, [await quote(proxy, nextOrder())])).status, 200);
    assert.equal(bookings(sandbox), 2);
  });

  test('bookingScope keeps each account’s orders apart: the same order number in two accounts is two orders', async () => {
    const sandbox = createSandbox();
    const proxy = proxyInstance(sandbox, {
      bookingScope: (request) => request.headers.get('x-test-account') ?? '',
    });
    const order = nextOrder();
    const as = (account: string) => ({
      call: (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
        proxy.call(method, path, body, { ...headers, 'x-test-account': account }),
      sent: proxy.sent,
      served: proxy.served,
    });
    assert.equal((await book(as('north'), [await quote(as('north'), order)])).status, 200);
    assert.equal((await book(as('south'), [await quote(as('south'), order)])).status, 200);
    assert.equal((await book(as('north'), [await quote(as('north'), order)])).status, 409);
    assert.equal((await book(as('south'), [await quote(as('south'), order)])).status, 409);
    assert.equal(bookings(sandbox), 2);
  });
});

/**
 * The store's own contract, the same for both stores: claims per order and line item, all or
 * nothing, expiring, and a second label's claim put back when it is not bought.
 */
async function storeContract(
  store: BookingGuardStore,
  scope: string,
  waitPast: (ms: number) => Promise<void>,
): Promise<void> {
  const hold = 10 * 60 * 1000;
  /** Claims, as `id`, each `[orderNumber, items, secondLabel?]` (items null: the whole order). */
  const claim = (
    id: string,
    claims: [orderNumber: string, items: string[] | null, secondLabel?: boolean][],
    options: { scope?: string; holdMs?: number } = {},
  ) =>
    store.claimOrders(
      options.scope ?? scope,
      id,
      claims.map(([orderNumber, items, secondLabel = false]) => ({ orderNumber, items, secondLabel })),
      options.holdMs ?? hold,
    );
  const claimed = async (...args: Parameters<typeof claim>): Promise<boolean> => (await claim(...args)).ok;

  const a = await claim('claim1', [['SO-1', ['a']]]);
  assert.equal(a.ok, true);
  assert.equal(await claimed('claim2', [['SO-1', ['b']]]), true);
  const refused = await claim('claim3', [['SO-1', ['c', 'a']]]);
  assert.deepEqual(refused, { ok: false, orderNumber: 'SO-1', state: 'booking', at: a.ok ? a.at : NaN });
  const whole = await claim('claim3', [['SO-1', null]]);
  assert.equal(whole.ok, false);
  // All or nothing: SO-2 is not claimed when SO-1 refuses.
  assert.equal(
    await claimed('claim3', [
      ['SO-2', null],
      ['SO-1', ['a']],
    ]),
    false,
  );
  assert.equal(await claimed('claim4', [['SO-2', ['x']]]), true);
  // An item claim meets a whole-order claim; another scope is another account.
  assert.equal(await claimed('claim5', [['SO-3', null]]), true);
  assert.equal(await claimed('claim6', [['SO-3', ['z']]]), false);
  assert.equal(await claimed('claim6', [['SO-3', ['z']]], { scope: `${scope}-other` }), true);

  // Bought: booked. Freed by another claim's id: untouched. Freed: gone.
  await store.settleClaim(scope, 'claim1', [{ orderNumber: 'SO-1', items: ['a'], outcome: 'booked' }], hold);
  await store.settleClaim(scope, 'other', [{ orderNumber: 'SO-1', items: ['b'], outcome: 'freed' }], hold);
  const booked = await claim('claim7', [['SO-1', ['a']]]);
  assert.equal(booked.ok === false && booked.state, 'booked');
  assert.equal(await claimed('claim7', [['SO-1', ['b']]]), false);
  await store.settleClaim(scope, 'claim2', [{ orderNumber: 'SO-1', items: ['b'], outcome: 'freed' }], hold);
  assert.equal(await claimed('claim8', [['SO-1', ['b']]]), true);

  // A second label claims over the booked item, and puts it back when it is not bought.
  assert.equal(await claimed('claim9', [['SO-1', ['a'], true]]), true);
  await store.settleClaim(scope, 'claim9', [{ orderNumber: 'SO-1', items: ['a'], outcome: 'freed' }], hold);
  const back = await claim('claim10', [['SO-1', ['a']]]);
  assert.deepEqual(back, { ok: false, orderNumber: 'SO-1', state: 'booked', at: a.ok ? a.at : NaN });

  // Targets are kept per scope until they expire; claims expire after their hold.
  await store.rememberTarget(scope, ['rate:r1', 'shipment:p1'], { orderNumber: 'SO-4', items: ['l1'] }, hold);
  await store.rememberTarget(scope, ['rate:r3'], { orderNumber: 'SO-6', items: null }, 200);
  assert.deepEqual(await store.knownTargets(scope, ['rate:r1', 'rate:r2', 'shipment:p1']), [
    { orderNumber: 'SO-4', items: ['l1'] },
    null,
    { orderNumber: 'SO-4', items: ['l1'] },
  ]);
  assert.deepEqual(await store.knownTargets(`${scope}-other`, ['rate:r1']), [null]);
  assert.equal(await claimed('claim11', [['SO-5', null]], { holdMs: 200 }), true);
  await waitPast(200);
  assert.deepEqual(await store.knownTargets(scope, ['rate:r1', 'rate:r3']), [
    { orderNumber: 'SO-4', items: ['l1'] },
    null,
  ]);
  assert.equal(await claimed('claim12', [['SO-5', null]]), true);
}

test('the memory store alone keeps the guard’s contract, on its own clock', async () => {
  const clock = testClock();
  const store = new MemoryRateLimitStore({ now: clock.now });
  await storeContract(store, 'scope-1', async (ms) => {
    clock.at += ms;
  });
});

describe('one label per order across proxy instances sharing a real redis-server', () => {
  let redis: RedisServerHandle;
  before(async () => {
    redis = await startRedisServer();
  });
  after(async () => {
    await redis.stop();
  });

  const redisStore = (prefix: string) => new RedisRateLimitStore({ client: redis.client(), prefix });

  /** Two proxy instances in front of one sandbox, each with its own connection to the Redis. */
  const pair = (prefix: string, overrides: Partial<ApiProxyOptions> = {}) => {
    const sandbox = createSandbox();
    const a = proxyInstance(sandbox, { rateLimit: { store: redisStore(prefix) }, ...overrides });
    const b = proxyInstance(sandbox, { rateLimit: { store: redisStore(prefix) }, ...overrides });
    return { sandbox, a, b };
  };

  /** Waits until the Redis server's clock is `ms` past what it was when called. */
  const waitOnRedis = async (ms: number): Promise<void> => {
    const client = redis.client();
    const time = async () => {
      const [seconds, micros] = await client.time();
      return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    };
    const until = (await time()) + ms;
    while ((await time()) <= until) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  test('the Redis store keeps the guard’s contract, on the Redis server’s clock', async () => {
    await storeContract(redisStore('contract:'), 'scope-1', waitOnRedis);
  });

  test('bookings of one order sent at the same moment through two instances: exactly one reaches the API', async () => {
    const { sandbox, a, b } = pair('g1:');
    const orderNumbers = [nextOrder(), nextOrder(), nextOrder(), nextOrder(), nextOrder()];
    const quoted = await Promise.all(
      orderNumbers.map(async (order) => ({
        order,
        viaA: await quote(a, order),
        viaB: await quote(b, order),
      })),
    );
    const answers = await Promise.all(quoted.flatMap(({ viaA, viaB }) => [book(a, [viaA]), book(b, [viaB])]));
    for (const [index, { order }] of quoted.entries()) {
      const pairOf = [answers[index * 2]!, answers[index * 2 + 1]!];
      assert.deepEqual(pairOf.map((response) => response.status).sort(), [200, 409]);
      const refused = await refusal(pairOf.find((response) => response.status === 409)!);
      assert.equal(refused.orderNumber, order);
      assert.equal(await successfulCount(pairOf.find((response) => response.status === 200)!), 1);
    }
    assert.equal(bookings(sandbox), orderNumbers.length);
  });

  test('across instances: the second label, the split shipment, a failed shipment and a 5xx', async () => {
    const { sandbox, a, b } = pair('g2:');
    const order = nextOrder();
    assert.equal((await book(a, [await quote(a, order)])).status, 200);
    const second = await quote(b, order);
    assert.match((await refusal(await book(b, [second]))).message, /already bought/);
    assert.equal((await book(b, [second], { 'X-Ops-Second-Label': order })).status, 200);

    const split = nextOrder();
    assert.equal((await book(a, [await quote(a, split, ['line-1'])])).status, 200);
    assert.equal((await book(b, [await quote(b, split, ['line-2'])])).status, 200);
    assert.equal((await book(b, [await quote(a, split, ['line-1'])])).status, 409);

    const failed = nextOrder();
    sandbox.addFault({ method: 'POST', path: BOOK, failShipments: [0] });
    assert.equal(await successfulCount(await book(a, [await quote(a, failed)])), 0);
    assert.equal(await successfulCount(await book(b, [await quote(b, failed)])), 1);

    const unclear = nextOrder();
    sandbox.addFault({ method: 'POST', path: BOOK, status: 502 });
    assert.equal((await book(a, [await quote(a, unclear)])).status, 502);
    assert.match((await refusal(await book(b, [await quote(b, unclear)]))).message, /being bought/);
    assert.equal(bookings(sandbox), 7);
  });

  test('a label holds its order for bookingRetentionMs on the Redis server’s clock; keys are digests that expire', async () => {
    const { sandbox, a } = pair('g3:');
    const order = nextOrder();
    const quoted = await quote(a, order, ['line-77']);
    assert.equal((await book(a, [quoted])).status, 200);
    const client = redis.client();
    const keys = await client.keys('g3:*');
    const orderKeys = keys.filter((key) => key.startsWith('g3:order:'));
    assert.equal(orderKeys.length, 1);
    for (const key of keys) {
      for (const raw of [order, 'line-77', quoted.rateId, quoted.remoteShipmentId, 'clerk-1'])
        assert.ok(!key.includes(raw), `${key} holds ${raw}`);
    }
    const ttl = await client.pttl(orderKeys[0]!);
    assert.ok(ttl > 23 * HOUR && ttl <= 24 * HOUR, `the order is held ${ttl} ms`);

    const short = pair('g4:', { bookingRetentionMs: 300 });
    const brief = nextOrder();
    assert.equal((await book(short.a, [await quote(short.a, brief)])).status, 200);
    // Held no longer than that (unless it is gone already).
    for (const key of await client.keys('g4:order:*')) assert.ok((await client.pttl(key)) <= 300);
    await waitOnRedis(300);
    assert.equal((await book(short.b, [await quote(short.b, brief)])).status, 200);
    assert.equal(bookings(sandbox) + bookings(short.sandbox), 3);
  });

  /** The rate limit in this process's memory, the booking guard in Redis: what Redis does shows in the guard alone. */
  const guardInRedis = (
    shared: RedisRateLimitStore,
    claimOrders?: BookingGuardStore['claimOrders'],
  ): RateLimitStore => {
    const memory = new MemoryRateLimitStore();
    return {
      take: (key, rule) => memory.take(key, rule),
      rememberTarget: (scope, ids, target, ttl) => shared.rememberTarget(scope, ids, target, ttl),
      knownTargets: (scope, ids) => shared.knownTargets(scope, ids),
      claimOrders: claimOrders ?? ((scope, id, claims, hold) => shared.claimOrders(scope, id, claims, hold)),
      settleClaim: (scope, id, parts, hold) => shared.settleClaim(scope, id, parts, hold),
    };
  };

  test('Redis stalled as a booking is claimed: 503, nothing upstream, and the late claim is freed', async () => {
    const sandbox = createSandbox();
    const shared = redisStore('g5:');
    const store = guardInRedis(shared, (scope, id, claims, hold) => {
      redis.pause();
      return shared.claimOrders(scope, id, claims, hold);
    });
    const proxy = proxyInstance(sandbox, { rateLimit: { store }, storeTimeoutMs: 300 });
    const order = nextOrder();
    const quoted = await quote(proxy, order);
    let response: Response;
    try {
      response = await book(proxy, [quoted]);
    } finally {
      redis.resume();
    }
    assert.equal(response.status, 503);
    assert.equal(bookings(sandbox), 0);
    // Redis made the claim once it ran again; the proxy freed it.
    const client = redis.client();
    for (let i = 0; i < 250 && (await client.keys('g5:order:*')).length > 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(await client.keys('g5:order:*'), []);
    const proxyAfter = proxyInstance(sandbox, { rateLimit: { store: guardInRedis(shared) } });
    assert.equal((await book(proxyAfter, [quoted])).status, 200);
  });

  test('Redis down: a booking is 503 with nothing upstream, and rates that cannot be tied are 503', async () => {
    const sandbox = createSandbox();
    const proxy = proxyInstance(sandbox, {
      rateLimit: { store: guardInRedis(redisStore('g6:')) },
      storeTimeoutMs: 300,
    });
    const order = nextOrder();
    const quoted = await quote(proxy, order);
    await redis.kill();
    try {
      const response = await book(proxy, [quoted]);
      assert.equal(response.status, 503);
      assert.equal(((await response.json()) as { error: string }).error, 'unavailable');
      assert.equal(bookings(sandbox), 0);
      assert.equal((await proxy.call('POST', '/shipments', shipmentByServiceCode(order))).status, 503);
      assert.equal(bookings(sandbox, '/shipments'), 0);
      // Rates for an order cannot be tied to it: refused, so none is booked unguarded later.
      assert.equal((await proxy.call('POST', RATES, ratesRequestBody(order))).status, 503);
      // Rates that name no order tie nothing, and pass.
      assert.equal((await proxy.call('POST', RATES, ratesRequestBody(null))).status, 200);
    } finally {
      await redis.restart();
    }
  });
});
